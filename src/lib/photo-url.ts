/**
 * The public URL of a profile picture, built by the export from the Storage
 * path a profile stores (accounts.photo / stores.photo). A document never
 * holds a URL, so no foreign host (tracking) and no localhost URL can be
 * planted: the host is always the project's bucket in production, or the
 * local Storage emulator when the export reads the emulator. Pure.
 */
import { ownAvatarPath } from './avatar/photo-path';

/** Where download URLs point. */
export interface PhotoUrlBase {
  /** The Storage bucket, e.g. `theralink.appspot.com`. */
  bucket: string;
  /** host:port of the Storage emulator, or null/undefined for production. */
  emulatorHost?: string | null;
}

/** The origin of production download URLs. */
export const STORAGE_DOWNLOAD_ORIGIN = 'https://firebasestorage.googleapis.com';
/** The bucket of the demo project (src/lib/firebase/config.ts uses the same default). */
export const DEMO_STORAGE_BUCKET = 'demo-theralink.appspot.com';

/**
 * The download URL of the owner's picture, or '' when there is none or the
 * path is not in her own avatar folder.
 */
export function photoURL(path: string, ownerUid: string, base: PhotoUrlBase): string {
  const own = ownAvatarPath(path, ownerUid);
  return own ? storageUrl(own, base) : '';
}

/** The download URL of a Storage path the caller built itself (never one a document holds); '' without a bucket. */
export function storageUrl(path: string, base: PhotoUrlBase): string {
  if (!base.bucket) return '';
  const origin = base.emulatorHost ? `http://${base.emulatorHost}` : STORAGE_DOWNLOAD_ORIGIN;
  return `${origin}/v0/b/${encodeURIComponent(base.bucket)}/o/${encodeURIComponent(path)}?alt=media`;
}

/** Where the pictures of a blog or a timeline post live: {blogs|posts}/{uid}/{id}/{slot}.webp. */
export function contentImagePath(kind: 'blogs' | 'posts', ownerUid: string, docId: string, slot: number): string {
  return `${kind}/${ownerUid}/${docId}/${slot}.webp`;
}
