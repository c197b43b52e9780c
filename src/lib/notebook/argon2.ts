/**
 * Argon2id (RFC 9106) for the notebook passphrase, through the `argon2id`
 * package (OpenPGP.js's WebAssembly build: it takes the optional secret and
 * associated data, so it can be checked against RFC 9106's test vector).
 * Where the WebAssembly comes from is the caller's business: the browser
 * fetches the bundled files (argon2-wasm.ts), Node tests read them from
 * node_modules.
 */
import setupWasm from 'argon2id/lib/setup.js';
import { fromBase64, utf8, type Bytes } from './bytes';

/** Argon2 version 0x13 (19), the one RFC 9106 specifies. */
export const ARGON2_VERSION = 19;

/**
 * The notebook's Argon2id cost: RFC 9106 §4's second recommended option
 * (64 MiB, 3 passes, 4 lanes), about a second in a phone's browser. The
 * parameters are stored with each notebook, so they can be raised later
 * without locking anyone out; the rules refuse anything weaker.
 */
export const NOTEBOOK_ARGON2 = {
  memoryKiB: 64 * 1024,
  iterations: 3,
  parallelism: 4,
} as const;

/** Bytes of salt and of derived key. */
export const KDF_SALT_BYTES = 16;
export const KDF_KEY_BYTES = 32;

/** The KDF record stored with a notebook (salt in base64). */
export interface KdfParams {
  algorithm: 'argon2id';
  version: typeof ARGON2_VERSION;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  salt: string;
}

export interface Argon2idInput {
  password: Uint8Array;
  salt: Uint8Array;
  parallelism: number;
  passes: number;
  /** KiB. */
  memorySize: number;
  tagLength: number;
  secret?: Uint8Array;
  ad?: Uint8Array;
}
export type Argon2id = (input: Argon2idInput) => Uint8Array;

/** Resolves to a WebAssembly module's bytes. */
export type WasmBytes = () => Promise<BufferSource>;

/**
 * Instantiates the WebAssembly (SIMD build first, the plain one where SIMD
 * is missing, e.g. older Safari) and returns the hash function. Each call
 * makes a fresh 65 MB memory: load once per derivation and drop it after.
 */
export async function loadArgon2id(simd: WasmBytes, plain: WasmBytes): Promise<Argon2id> {
  const hash = await setupWasm(
    async (imports) => WebAssembly.instantiate(await simd(), imports),
    async (imports) => WebAssembly.instantiate(await plain(), imports),
  );
  return (input) => hash({ ...input, password: new Uint8Array(input.password), salt: new Uint8Array(input.salt) });
}

/** The form a passphrase is hashed in: NFKC, so full- and half-width forms from a phone's keyboard count as one. */
export function passphraseBytes(passphrase: string): Bytes {
  return utf8(passphrase.normalize('NFKC'));
}

/** The 32-byte key-encryption key for `passphrase` under stored KDF parameters. */
export function derivePassphraseKey(argon2id: Argon2id, passphrase: string, kdf: KdfParams): Bytes {
  if (kdf.algorithm !== 'argon2id' || kdf.version !== ARGON2_VERSION) throw new Error('unsupported KDF');
  const tag = argon2id({
    password: passphraseBytes(passphrase),
    salt: fromBase64(kdf.salt),
    parallelism: kdf.parallelism,
    passes: kdf.iterations,
    memorySize: kdf.memoryKiB,
    tagLength: KDF_KEY_BYTES,
  });
  return new Uint8Array(tag);
}
