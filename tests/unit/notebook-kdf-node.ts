/** Argon2id for the notebook tests in Node: the package's WebAssembly read from node_modules. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { derivePassphraseKey, loadArgon2id, type Argon2id } from '../../src/lib/notebook/argon2';
import type { DerivePassphraseKey } from '../../src/lib/notebook/envelope';

const require = createRequire(import.meta.url);
const wasm = (name: string) => async () => new Uint8Array(await readFile(require.resolve(`argon2id/dist/${name}`)));

export function nodeArgon2id(): Promise<Argon2id> {
  return loadArgon2id(wasm('simd.wasm'), wasm('no-simd.wasm'));
}

/** The notebook's KDF in Node; `calls` counts derivations. */
export function nodeDerive(): DerivePassphraseKey & { calls: number } {
  const derive = Object.assign(
    async (passphrase: string, kdf: Parameters<DerivePassphraseKey>[1]) => {
      derive.calls += 1;
      return derivePassphraseKey(await nodeArgon2id(), passphrase, kdf);
    },
    { calls: 0 },
  );
  return derive;
}

/** A cheap cost for tests that only need a working KDF (the real one is tested once). */
export const TEST_COST = { memoryKiB: 1024, iterations: 1, parallelism: 1 } as const;
