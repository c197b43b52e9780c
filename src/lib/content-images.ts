/**
 * The pictures of blogs and timeline posts in Cloud Storage:
 * {blogs|posts}/{uid}/{docId}/{slot}.webp (contentImagePath), WebP under
 * 2 MB (storage.rules). Documents name them by slot, never by URL. Load
 * this module with import() when a picture is to be shown, uploaded or
 * deleted: it pulls in the Storage SDK.
 */
import { deleteObject, getDownloadURL, listAll, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { errorCode } from './firebase/error-code';
import { clientStorage } from './firebase/storage';
import { contentImagePath } from './photo-url';

export type ContentKind = 'blogs' | 'posts';

/** Offline, the SDK would retry an upload for 10 minutes; she should hear of it sooner (her text is safe meanwhile). */
const UPLOAD_RETRY_MS = 30_000;

function storage(): FirebaseStorage {
  const found = clientStorage();
  found.maxUploadRetryTime = UPLOAD_RETRY_MS;
  return found;
}

/** Uploads one picture to its slot (replacing what was there). */
export async function uploadContentImage(kind: ContentKind, uid: string, docId: string, slot: number, blob: Blob): Promise<void> {
  // Slot names are reused, so a cached copy must be checked again after a while.
  await uploadBytes(ref(storage(), contentImagePath(kind, uid, docId, slot)), blob, {
    contentType: 'image/webp',
    cacheControl: 'public, max-age=300',
  });
}

/** A URL she can see her own picture at, also before it is public (the owner may always read it). */
export function contentImageUrl(kind: ContentKind, uid: string, docId: string, slot: number): Promise<string> {
  return getDownloadURL(ref(storage(), contentImagePath(kind, uid, docId, slot)));
}

async function deleteIfThere(path: string): Promise<void> {
  try {
    await deleteObject(ref(storage(), path));
  } catch (error) {
    if (errorCode(error) !== 'storage/object-not-found') throw error;
  }
}

export function deleteContentImage(kind: ContentKind, uid: string, docId: string, slot: number): Promise<void> {
  return deleteIfThere(contentImagePath(kind, uid, docId, slot));
}

/**
 * Deletes every picture in the document's folder, also ones uploaded for a
 * save that never completed; when the folder cannot be listed, the slots
 * `known` to the caller.
 */
export async function deleteContentImages(kind: ContentKind, uid: string, docId: string, known: readonly number[]): Promise<void> {
  const paths = new Set(known.map((slot) => contentImagePath(kind, uid, docId, slot)));
  try {
    const listed = await listAll(ref(storage(), `${kind}/${uid}/${docId}`));
    for (const item of listed.items) paths.add(item.fullPath);
  } catch {
    // Listing refused or failed: the known slots are still deleted.
  }
  await Promise.all([...paths].map(deleteIfThere));
}
