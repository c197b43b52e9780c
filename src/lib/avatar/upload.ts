/**
 * Uploads a prepared avatar and makes it the profile's picture: the file
 * goes to the free one of avatars/{uid}/{0|1}.{webp|jpg} (the slot the
 * current picture does not use), the profile's `photo` (and updatedAt) is
 * set to that path at once, then the previous file is deleted. Loaded with
 * import() only when a file is picked: this module pulls in the Storage SDK.
 */
import { updateProfile } from 'firebase/auth';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { deleteObject, getDownloadURL, ref, uploadBytes } from 'firebase/storage';
import { syncCurrentUser } from '../auth/auth-store';
import { clientAuth } from '../firebase/app';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { clientStorage } from '../firebase/storage';
import { profileCollection, type ProfileKind } from '../profile/kinds';
import { refreshStaleToken } from '../profile/verified-token';
import type { AvatarType } from './limits';
import { nextAvatarPath, ownAvatarPath } from './photo-path';

interface AvatarTarget {
  uid: string;
  kind: ProfileKind;
  /** The photo path the profile has now ('' when none). */
  previous: string;
}

async function setPhoto(uid: string, kind: ProfileKind, photo: string, url: string): Promise<void> {
  await refreshStaleToken();
  await updateDoc(doc(clientDb(), profileCollection(kind), uid), { photo, updatedAt: serverTimestamp() });
  // The nav's avatar shows the Auth user's picture: keep it in step (a failure here only delays that).
  const user = clientAuth().currentUser;
  if (user?.uid === uid) {
    await updateProfile(user, { photoURL: url || null }).then(syncCurrentUser, () => undefined);
  }
}

/** Deletes a stored file, treating one that is already gone as deleted. */
async function deleteStored(path: string): Promise<void> {
  try {
    await deleteObject(ref(clientStorage(), path));
  } catch (error) {
    if (errorCode(error) !== 'storage/object-not-found') throw error;
  }
}

/** A URL the browser can show the stored picture at (the owner may always read her own). */
export function avatarDisplayUrl(path: string): Promise<string> {
  return getDownloadURL(ref(clientStorage(), path));
}

/** Uploads the avatar, points the profile at it and removes the previous file; resolves to the new path and a URL to show. */
export async function uploadAvatar(target: AvatarTarget, blob: Blob, type: AvatarType): Promise<{ photo: string; url: string }> {
  const photo = nextAvatarPath(target.uid, target.previous, type);
  const stored = ref(clientStorage(), photo);
  // Not immutable: the two names are reused, so a cached copy must be checked again.
  await uploadBytes(stored, blob, { contentType: type, cacheControl: 'public, max-age=300' });
  const url = await getDownloadURL(stored);
  try {
    await setPhoto(target.uid, target.kind, photo, url);
  } catch (error) {
    // The profile still shows the old picture: do not leave the new file behind.
    await deleteStored(photo).catch(() => undefined);
    throw error;
  }
  const previous = ownAvatarPath(target.previous, target.uid);
  // The new picture is in place; a file left behind costs storage, not correctness.
  if (previous && previous !== photo) await deleteStored(previous).catch(() => undefined);
  return { photo, url };
}

/** Takes the picture off the profile and deletes its file. */
export async function removeAvatar(target: AvatarTarget): Promise<void> {
  await setPhoto(target.uid, target.kind, '', '');
  const previous = ownAvatarPath(target.previous, target.uid);
  if (previous) await deleteStored(previous).catch(() => undefined);
}
