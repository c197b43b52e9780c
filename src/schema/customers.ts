import { z } from './zod';
import { timestamp } from './common';
import { BASE64_PATTERN } from '../lib/notebook/bytes';
import { KDF_BOUNDS, STORED_LENGTHS } from '../lib/notebook/stored-shape';

/**
 * The encrypted customer notebook (docs/decisions/customer-notebook-encryption.md).
 * Firestore holds only this envelope; the nickname, notes, tags, NG flag
 * and visits exist in clear only in the therapist's browser. Never
 * exported, indexed or logged. firestore.rules mirror these bounds.
 */
const base64 = (min: number, max: number) => z.string().min(min).max(max).regex(BASE64_PATTERN);
const exactly = (length: number) => base64(length, length);
const range = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

const wrap = { iv: exactly(STORED_LENGTHS.iv), ciphertext: exactly(STORED_LENGTHS.wrappedKey) };

/** customers/{uid}: the notebook key, wrapped by her passphrase (Argon2id) and by her recovery code (HKDF). */
export const notebookKeyDoc = z
  .object({
    version: z.literal(1),
    kdf: z
      .object({
        algorithm: z.literal('argon2id'),
        version: z.literal(19),
        memoryKiB: range(KDF_BOUNDS.memoryKiB),
        iterations: range(KDF_BOUNDS.iterations),
        parallelism: range(KDF_BOUNDS.parallelism),
        salt: exactly(STORED_LENGTHS.salt),
      })
      .strict(),
    passphraseWrap: z.object(wrap).strict(),
    recoveryWrap: z.object({ algorithm: z.literal('hkdf-sha256'), salt: exactly(STORED_LENGTHS.salt), ...wrap }).strict(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type NotebookKeyDoc = z.infer<typeof notebookKeyDoc>;

/** customers/{uid}/records/{0..4999}: one customer, AES-256-GCM, bound to this path. */
export const customerRecordDoc = z
  .object({
    iv: exactly(STORED_LENGTHS.iv),
    ciphertext: base64(STORED_LENGTHS.recordMin, STORED_LENGTHS.recordMax),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CustomerRecordDoc = z.infer<typeof customerRecordDoc>;
