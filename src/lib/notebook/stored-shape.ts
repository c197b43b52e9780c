/**
 * What Firestore holds for the notebook, and its bounds. firestore.rules
 * mirror these numbers (and src/schema/customers.ts states them for zod);
 * the islands check documents by hand here so they need not ship zod.
 *
 * - customers/{uid}: {version, kdf, passphraseWrap, recoveryWrap, createdAt, updatedAt}
 * - customers/{uid}/records/{slot}: {iv, ciphertext, createdAt, updatedAt},
 *   slot "0".."4999" (MAX_CUSTOMERS): the id space is the count cap.
 */
import { BASE64_PATTERN, base64Length } from './bytes';
import { ARGON2_VERSION, KDF_SALT_BYTES, NOTEBOOK_ARGON2 } from './argon2';
import { RECORD_PLAINTEXT_MAX } from './customer';
import { GCM_TAG_BYTES, IV_BYTES, NOTEBOOK_KEY_BYTES, NOTEBOOK_VERSION, type NotebookKeyFields, type SealedRecord } from './envelope';
import { MAX_CUSTOMERS } from '../caps';

export { MAX_CUSTOMERS };

/** Base64 lengths of the stored pieces (the rules check the same numbers). */
export const STORED_LENGTHS = {
  iv: base64Length(IV_BYTES),
  salt: base64Length(KDF_SALT_BYTES),
  wrappedKey: base64Length(NOTEBOOK_KEY_BYTES + GCM_TAG_BYTES),
  recordMin: base64Length(GCM_TAG_BYTES + 1),
  recordMax: base64Length(RECORD_PLAINTEXT_MAX + GCM_TAG_BYTES),
} as const;

/** The KDF cost the rules accept: never weaker than the notebook's default, never absurd. */
export const KDF_BOUNDS = {
  memoryKiB: { min: NOTEBOOK_ARGON2.memoryKiB, max: 1024 * 1024 },
  iterations: { min: NOTEBOOK_ARGON2.iterations, max: 10 },
  parallelism: { min: 1, max: 8 },
} as const;

/** A record slot id, "0" to "4999" without leading zeros. */
export const SLOT_PATTERN = /^(?:0|[1-9][0-9]{0,3})$/;
export function isSlot(slot: string): boolean {
  return SLOT_PATTERN.test(slot) && Number(slot) < MAX_CUSTOMERS;
}

const isBase64 = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max && BASE64_PATTERN.test(value);

const inRange = (value: unknown, { min, max }: { min: number; max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const hasKeys = (value: object, keys: string[]) => Object.keys(value).length === keys.length && keys.every((key) => key in value);

function isWrap(value: unknown, extraKeys: string[] = []): value is Record<string, unknown> & { iv: string; ciphertext: string } {
  if (typeof value !== 'object' || value === null || !hasKeys(value, ['iv', 'ciphertext', ...extraKeys])) return false;
  const wrap = value as { iv: unknown; ciphertext: unknown };
  return (
    isBase64(wrap.iv, STORED_LENGTHS.iv, STORED_LENGTHS.iv) &&
    isBase64(wrap.ciphertext, STORED_LENGTHS.wrappedKey, STORED_LENGTHS.wrappedKey)
  );
}

/** The key document's fields (timestamps aside) as stored, or null when it is not a notebook this version opens. */
export function readKeyFields(data: Record<string, unknown> | undefined): NotebookKeyFields | null {
  if (!data) return null;
  const { version, kdf, passphraseWrap, recoveryWrap } = data as Record<string, unknown> & {
    kdf?: Record<string, unknown>;
    recoveryWrap?: Record<string, unknown>;
  };
  if (version !== NOTEBOOK_VERSION || typeof kdf !== 'object' || kdf === null) return null;
  const kdfOk =
    hasKeys(kdf, ['algorithm', 'version', 'memoryKiB', 'iterations', 'parallelism', 'salt']) &&
    kdf.algorithm === 'argon2id' &&
    kdf.version === ARGON2_VERSION &&
    inRange(kdf.memoryKiB, KDF_BOUNDS.memoryKiB) &&
    inRange(kdf.iterations, KDF_BOUNDS.iterations) &&
    inRange(kdf.parallelism, KDF_BOUNDS.parallelism) &&
    isBase64(kdf.salt, STORED_LENGTHS.salt, STORED_LENGTHS.salt);
  const recoveryOk =
    isWrap(recoveryWrap, ['algorithm', 'salt']) &&
    recoveryWrap.algorithm === 'hkdf-sha256' &&
    isBase64(recoveryWrap.salt, STORED_LENGTHS.salt, STORED_LENGTHS.salt);
  if (!kdfOk || !isWrap(passphraseWrap) || !recoveryOk) return null;
  return { version, kdf, passphraseWrap, recoveryWrap } as unknown as NotebookKeyFields;
}

/** A stored record's IV and ciphertext, or null when the document is not one. */
export function readSealedRecord(data: Record<string, unknown> | undefined): SealedRecord | null {
  if (!data) return null;
  const { iv, ciphertext } = data;
  return isBase64(iv, STORED_LENGTHS.iv, STORED_LENGTHS.iv) && isBase64(ciphertext, STORED_LENGTHS.recordMin, STORED_LENGTHS.recordMax)
    ? { iv, ciphertext }
    : null;
}

/**
 * A free slot for a new customer, or null when all MAX_CUSTOMERS are used.
 * Chosen at random (not the lowest) so two devices adding customers while
 * offline rarely pick the same one; the rules refuse a create over an
 * existing record, and the outbox moves the loser (outbox.ts).
 */
export function pickFreeSlot(used: ReadonlySet<string>, random: () => number = Math.random): string | null {
  if (used.size >= MAX_CUSTOMERS) return null;
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const slot = String(Math.floor(random() * MAX_CUSTOMERS));
    if (!used.has(slot)) return slot;
  }
  for (let slot = 0; slot < MAX_CUSTOMERS; slot += 1) if (!used.has(String(slot))) return String(slot);
  return null;
}
