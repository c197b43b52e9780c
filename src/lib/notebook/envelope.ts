/**
 * The notebook's encryption (WebCrypto only;
 * docs/decisions/customer-notebook-encryption.md):
 *
 * - A random 256-bit notebook key encrypts every record with AES-256-GCM, a
 *   fresh 96-bit IV per write, and the record's document path
 *   (`customers/{uid}/records/{slot}`) as associated data, so a ciphertext
 *   moved to another record or another account no longer opens.
 * - The notebook key is wrapped (AES-GCM) twice: by a key derived from her
 *   passphrase with Argon2id, and by a key derived from the recovery code
 *   with HKDF-SHA-256. Each wrap's associated data names the owner and the
 *   wrap's purpose.
 * - Changing the passphrase re-wraps the same key: records stay as they are.
 *
 * Every failure to open is a NotebookError with nothing half-decrypted.
 */
import { fromBase64, randomBytes, toBase64, utf8, type Bytes } from './bytes';
import { ARGON2_VERSION, KDF_SALT_BYTES, NOTEBOOK_ARGON2, type KdfParams } from './argon2';
import { NotebookError } from './errors';
import { recoveryCodeBytes } from './recovery-code';

export const NOTEBOOK_VERSION = 1;
export const NOTEBOOK_KEY_BYTES = 32;
export const IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;
const RECOVERY_INFO = 'theralink-notebook/v1/recovery';

export interface Wrap {
  iv: string;
  ciphertext: string;
}
export interface RecoveryWrap extends Wrap {
  algorithm: 'hkdf-sha256';
  salt: string;
}
/** What the notebook's key document holds besides its timestamps. */
export interface NotebookKeyFields {
  version: typeof NOTEBOOK_VERSION;
  kdf: KdfParams;
  passphraseWrap: Wrap;
  recoveryWrap: RecoveryWrap;
}
/** A record as stored: nothing but the IV and the ciphertext (plus timestamps in Firestore). */
export interface SealedRecord {
  iv: string;
  ciphertext: string;
}

/** Derives the 32-byte key-encryption key from a passphrase (Argon2id; in a worker in the browser). */
export type DerivePassphraseKey = (passphrase: string, kdf: KdfParams) => Promise<Bytes>;

/** The associated data of a record: its Firestore path. */
export function recordPath(uid: string, slot: string): string {
  return `customers/${uid}/records/${slot}`;
}

const wrapAad = (uid: string, purpose: 'passphrase' | 'recovery') => utf8(`theralink-notebook/v1/${uid}/${purpose}`);

async function aesKey(raw: Bytes, usages: KeyUsage[]): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, usages);
}

async function seal(key: CryptoKey, plaintext: Bytes, aad: Bytes): Promise<Wrap> {
  const iv = randomBytes(IV_BYTES);
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, plaintext);
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(ciphertext)) };
}

/** The plaintext, or null when the tag does not verify (wrong key, IV, data or associated data). */
async function open(key: CryptoKey, sealed: Wrap, aad: Bytes): Promise<Bytes | null> {
  let iv: Bytes;
  let ciphertext: Bytes;
  try {
    iv = fromBase64(sealed.iv);
    ciphertext = fromBase64(sealed.ciphertext);
  } catch {
    return null;
  }
  if (iv.length !== IV_BYTES || ciphertext.length < GCM_TAG_BYTES) return null;
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, ciphertext));
  } catch {
    return null;
  }
}

async function recoveryKek(codeBytes: Bytes, salt: Bytes): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', codeBytes, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: utf8(RECOVERY_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The usable (non-extractable) notebook key for its raw bytes. */
export function importNotebookKey(raw: Bytes): Promise<CryptoKey> {
  return aesKey(raw, ['encrypt', 'decrypt']);
}

/** Fresh KDF parameters (new salt) at the notebook's cost, or at `cost` (tests use less memory). */
export function newKdfParams(cost: Pick<KdfParams, 'memoryKiB' | 'iterations' | 'parallelism'> = NOTEBOOK_ARGON2): KdfParams {
  return { algorithm: 'argon2id', version: ARGON2_VERSION, ...cost, salt: toBase64(randomBytes(KDF_SALT_BYTES)) };
}

async function wrapWithPassphrase(raw: Bytes, uid: string, passphrase: string, kdf: KdfParams, derive: DerivePassphraseKey) {
  const kek = await aesKey(await derive(passphrase, kdf), ['encrypt']);
  return seal(kek, raw, wrapAad(uid, 'passphrase'));
}

async function wrapWithRecoveryCode(raw: Bytes, uid: string, code: string): Promise<RecoveryWrap> {
  const codeBytes = recoveryCodeBytes(code);
  if (!codeBytes) throw new NotebookError('not-a-recovery-code');
  const salt = randomBytes(16);
  const sealed = await seal(await recoveryKek(codeBytes, salt), raw, wrapAad(uid, 'recovery'));
  return { algorithm: 'hkdf-sha256', salt: toBase64(salt), ...sealed };
}

export interface CreatedNotebook {
  fields: NotebookKeyFields;
  key: CryptoKey;
}

/** A new notebook key wrapped by `passphrase` and by `recoveryCode` (newRecoveryCode()). */
export async function createNotebookKey(
  uid: string,
  passphrase: string,
  recoveryCode: string,
  derive: DerivePassphraseKey,
  kdf: KdfParams = newKdfParams(),
): Promise<CreatedNotebook> {
  const raw = randomBytes(NOTEBOOK_KEY_BYTES);
  try {
    const fields: NotebookKeyFields = {
      version: NOTEBOOK_VERSION,
      kdf,
      passphraseWrap: await wrapWithPassphrase(raw, uid, passphrase, kdf, derive),
      recoveryWrap: await wrapWithRecoveryCode(raw, uid, recoveryCode),
    };
    return { fields, key: await importNotebookKey(raw) };
  } finally {
    raw.fill(0);
  }
}

/** How she proves she may open the notebook. */
export type NotebookSecret = { kind: 'passphrase'; passphrase: string } | { kind: 'recovery'; code: string };

/** The raw notebook key, or a NotebookError naming which secret was wrong. */
async function unwrapRaw(fields: NotebookKeyFields, uid: string, secret: NotebookSecret, derive: DerivePassphraseKey): Promise<Bytes> {
  if (secret.kind === 'passphrase') {
    const kek = await aesKey(await derive(secret.passphrase, fields.kdf), ['decrypt']);
    const raw = await open(kek, fields.passphraseWrap, wrapAad(uid, 'passphrase'));
    if (!raw || raw.length !== NOTEBOOK_KEY_BYTES) throw new NotebookError('wrong-passphrase');
    return raw;
  }
  const codeBytes = recoveryCodeBytes(secret.code);
  if (!codeBytes) throw new NotebookError('not-a-recovery-code');
  let salt: Bytes;
  try {
    salt = fromBase64(fields.recoveryWrap.salt);
  } catch {
    throw new NotebookError('tampered');
  }
  const raw = await open(await recoveryKek(codeBytes, salt), fields.recoveryWrap, wrapAad(uid, 'recovery'));
  if (!raw || raw.length !== NOTEBOOK_KEY_BYTES) throw new NotebookError('wrong-recovery-code');
  return raw;
}

/** Opens the notebook: its key, usable for records and never extractable. */
export async function unlockNotebook(
  fields: NotebookKeyFields,
  uid: string,
  secret: NotebookSecret,
  derive: DerivePassphraseKey,
): Promise<CryptoKey> {
  const raw = await unwrapRaw(fields, uid, secret, derive);
  try {
    return await importNotebookKey(raw);
  } finally {
    raw.fill(0);
  }
}

/**
 * New key-document fields for a new passphrase (fresh salt; the same
 * notebook key, so no record is re-encrypted). `secret` is the current
 * passphrase or the recovery code.
 */
export async function rewrapPassphrase(
  fields: NotebookKeyFields,
  uid: string,
  secret: NotebookSecret,
  newPassphrase: string,
  derive: DerivePassphraseKey,
  kdf: KdfParams = newKdfParams(),
): Promise<{ fields: NotebookKeyFields; key: CryptoKey }> {
  const raw = await unwrapRaw(fields, uid, secret, derive);
  try {
    const passphraseWrap = await wrapWithPassphrase(raw, uid, newPassphrase, kdf, derive);
    return { fields: { ...fields, kdf, passphraseWrap }, key: await importNotebookKey(raw) };
  } finally {
    raw.fill(0);
  }
}

/** Encrypts one record's bytes for `customers/{uid}/records/{slot}`. */
export function sealRecord(key: CryptoKey, uid: string, slot: string, plaintext: Bytes): Promise<SealedRecord> {
  return seal(key, plaintext, utf8(recordPath(uid, slot)));
}

/** The record's bytes; NotebookError('tampered') when anything about it was changed or moved. */
export async function openRecord(key: CryptoKey, uid: string, slot: string, sealed: SealedRecord): Promise<Bytes> {
  const plaintext = await open(key, sealed, utf8(recordPath(uid, slot)));
  if (!plaintext) throw new NotebookError('tampered');
  return plaintext;
}

/** Encrypts anything else bound to `label` (the unsaved-form draft kept in the browser). */
export function sealWithLabel(key: CryptoKey, label: string, plaintext: Bytes): Promise<SealedRecord> {
  return seal(key, plaintext, utf8(label));
}

export async function openWithLabel(key: CryptoKey, label: string, sealed: SealedRecord): Promise<Bytes> {
  const plaintext = await open(key, sealed, utf8(label));
  if (!plaintext) throw new NotebookError('tampered');
  return plaintext;
}
