/**
 * Argon2id's WebAssembly in the browser: Vite emits the package's two
 * builds as hashed assets (or inlines a small one as a data: URL); they
 * are fetched from the site itself (connect-src 'self') and compiled under
 * the CSP's 'wasm-unsafe-eval'.
 */
import simdUrl from 'argon2id/dist/simd.wasm?url';
import plainUrl from 'argon2id/dist/no-simd.wasm?url';
import { fromBase64 } from './bytes';
import { loadArgon2id, type Argon2id } from './argon2';

async function wasmBytes(url: string): Promise<ArrayBuffer> {
  const inline = /^data:[^,]*;base64,(.*)$/.exec(url);
  if (inline) return fromBase64(inline[1]!).buffer;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`argon2 wasm: ${response.status}`);
  return response.arrayBuffer();
}

export function loadBrowserArgon2id(): Promise<Argon2id> {
  return loadArgon2id(
    () => wasmBytes(simdUrl),
    () => wasmBytes(plainUrl),
  );
}
