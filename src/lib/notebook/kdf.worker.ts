/**
 * Runs Argon2id off the main thread (about a second at 64 MiB), so the
 * page keeps answering and shows 「鍵を作成しています…」. One derivation per
 * worker: the caller terminates it after, which frees the 65 MB of memory.
 */
import { derivePassphraseKey, type KdfParams } from './argon2';
import { loadBrowserArgon2id } from './argon2-wasm';

export interface KdfRequest {
  passphrase: string;
  kdf: KdfParams;
}
export type KdfResponse = { ok: true; key: Uint8Array } | { ok: false };

self.onmessage = async (event: MessageEvent<KdfRequest>) => {
  try {
    const argon2id = await loadBrowserArgon2id();
    const key = derivePassphraseKey(argon2id, event.data.passphrase, event.data.kdf);
    self.postMessage({ ok: true, key } satisfies KdfResponse, { transfer: [key.buffer] });
  } catch {
    // Nothing about the passphrase goes into the message.
    self.postMessage({ ok: false } satisfies KdfResponse);
  }
};
