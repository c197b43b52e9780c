/**
 * Byte helpers for the notebook's crypto: base64 (what Firestore, the
 * backup file and the outbox store), UTF-8, random bytes. Every array is
 * backed by a plain ArrayBuffer, which WebCrypto's BufferSource requires.
 */

export type Bytes = Uint8Array<ArrayBuffer>;

/** Standard base64 with padding (RFC 4648 §4), the form the rules check. */
export const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of a base64 string; throws on anything that is not strict base64. */
export function fromBase64(text: string): Bytes {
  if (typeof text !== 'string' || !BASE64_PATTERN.test(text)) throw new TypeError('not base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The length of the base64 text of `byteLength` bytes. */
export function base64Length(byteLength: number): number {
  return 4 * Math.ceil(byteLength / 3);
}

export function utf8(text: string): Bytes {
  return new TextEncoder().encode(text) as Bytes;
}

export function fromUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function randomBytes(length: number): Bytes {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A copy of `bytes` in a buffer of its own (the WebCrypto-safe form). */
export function copyBytes(bytes: Uint8Array): Bytes {
  return new Uint8Array(bytes);
}
