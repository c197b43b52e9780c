/**
 * The passphrase KDF as the islands call it: in a Web Worker, or on the
 * main thread where workers cannot start (the result is the same).
 */
import { derivePassphraseKey, type KdfParams } from './argon2';
import { copyBytes, type Bytes } from './bytes';
import type { DerivePassphraseKey } from './envelope';
import type { KdfRequest, KdfResponse } from './kdf.worker';

async function onMainThread(passphrase: string, kdf: KdfParams): Promise<Bytes> {
  const { loadBrowserArgon2id } = await import('./argon2-wasm');
  return derivePassphraseKey(await loadBrowserArgon2id(), passphrase, kdf);
}

function inWorker(passphrase: string, kdf: KdfParams): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./kdf.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<KdfResponse>) => {
      worker.terminate();
      if (event.data.ok) resolve(copyBytes(event.data.key));
      else reject(new Error('argon2id failed'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error('argon2id worker failed'));
    };
    worker.postMessage({ passphrase, kdf } satisfies KdfRequest);
  });
}

/** Argon2id of the passphrase under `kdf` (worker first, main thread as the fallback). */
export const deriveInBrowser: DerivePassphraseKey = async (passphrase, kdf) => {
  try {
    return await inWorker(passphrase, kdf);
  } catch {
    return onMainThread(passphrase, kdf);
  }
};
