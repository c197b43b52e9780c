/**
 * Which stored file a photoURL names, so the previous avatar can be
 * deleted after a new one is uploaded. Only our own bucket's download URLs
 * (production, or the local Storage emulator) under avatars/{uid}/ count:
 * anything else (another site's image, another user's folder) is left alone.
 */

/** The origin of production download URLs. */
export const STORAGE_DOWNLOAD_ORIGIN = 'https://firebasestorage.googleapis.com';

export interface PhotoPathContext {
  uid: string;
  bucket: string;
  /** Origins download URLs may come from: production's, plus the emulator's when it is in use. */
  origins: readonly string[];
}

/**
 * The storage path (e.g. `avatars/{uid}/1700000000000.webp`) of a download
 * URL of the user's own avatar, or null when the URL names anything else.
 */
export function ownAvatarPath(photoURL: string, { uid, bucket, origins }: PhotoPathContext): string | null {
  if (!photoURL || !uid) return null;
  let url: URL;
  try {
    url = new URL(photoURL);
  } catch {
    return null;
  }
  if (!origins.includes(url.origin)) return null;
  const match = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname);
  if (!match || decodeSafely(match[1]!) !== bucket) return null;
  const path = decodeSafely(match[2]!);
  if (path === null) return null;
  const prefix = `avatars/${uid}/`;
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length);
  // One file directly in the folder: no sub-folders, no dot segments.
  if (name === '' || name.includes('/') || name === '.' || name === '..') return null;
  return path;
}

function decodeSafely(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
