/**
 * The two digests of a site file: its bytes' SHA-256 (cheap: tells whether
 * a file with a new identity holds new bytes) and the Hosting hash, the
 * SHA-256 (hex) of its gzip at level 9, what populateFiles takes (the
 * costly one: gzip -9 runs some 25 MB/s here, the plain digest 500+).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { GZIP_LEVEL } from './hosting-api';

const gzipAsync = promisify(gzip);

/** SHA-256 of the bytes, base64url (43 characters in the state file). */
export function contentDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** SHA-256 (hex) of gzipped bytes: the name Hosting knows them by. */
export function hostingHashOf(gzipped: Uint8Array): string {
  return createHash('sha256').update(gzipped).digest('hex');
}

/** The file's gzip as firebase-tools makes it (level 9, off the main thread) and its Hosting hash. */
export async function gzipForHosting(bytes: Uint8Array): Promise<{ gzipped: Buffer; hash: string }> {
  const gzipped = await gzipAsync(bytes, { level: GZIP_LEVEL });
  return { gzipped, hash: hostingHashOf(gzipped) };
}
