/**
 * Uploads a prepared avatar and makes it the profile's picture: the file
 * goes to avatars/{uid}/{time}.{webp|jpg}, photoURL (and updatedAt) is
 * updated at once, then the previous file is deleted when it was ours.
 * Loaded with import() only when a file is picked: this module pulls in
 * the Storage SDK.
 */
import { updateProfile } from 'firebase/auth';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { deleteObject, getDownloadURL, ref, uploadBytes } from 'firebase/storage';
import { syncCurrentUser } from '../auth/auth-store';
import { clientAuth } from '../firebase/app';
import { clientDb } from '../firebase/db';
import { clientStorage, storageBucket, storageDownloadOrigins } from '../firebase/storage';
import { profileCollection, type ProfileKind } from '../profile/kinds';
import { refreshStaleToken } from '../profile/verified-token';
import { avatarStoragePath, type AvatarType } from './limits';
import { ownAvatarPath } from './photo-path';
import { errorCode } from '../firebase/error-code';

interface AvatarTarget {
  uid: string;
  kind: ProfileKind;
  /** The photoURL the profile has now ('' when none). */
  previousURL: string;
}

/** The storage path of the user's own avatar a photoURL names, or null. */
function ownPath(photoURL: string, uid: string): string | null {
  return ownAvatarPath(photoURL, { uid, bucket: storageBucket, origins: storageDownloadOrigins() });
}

async function setPhotoURL(uid: string, kind: ProfileKind, photoURL: string): Promise<void> {
  await refreshStaleToken();
  await updateDoc(doc(clientDb(), profileCollection(kind), uid), { photoURL, updatedAt: serverTimestamp() });
  // The nav's avatar shows the Auth user's picture: keep it in step (a failure here only delays that).
  const user = clientAuth().currentUser;
  if (user?.uid === uid) {
    await updateProfile(user, { photoURL: photoURL || null }).then(syncCurrentUser, () => undefined);
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

/** Uploads the avatar, points the profile at it and removes the previous one; resolves to the new photoURL. */
export async function uploadAvatar(target: AvatarTarget, blob: Blob, type: AvatarType): Promise<string> {
  const path = avatarStoragePath(target.uid, Date.now(), type);
  const stored = ref(clientStorage(), path);
  await uploadBytes(stored, blob, { contentType: type, cacheControl: 'public, max-age=31536000, immutable' });
  const photoURL = await getDownloadURL(stored);
  try {
    await setPhotoURL(target.uid, target.kind, photoURL);
  } catch (error) {
    // The profile still shows the old picture: do not leave the new file behind.
    await deleteStored(path).catch(() => undefined);
    throw error;
  }
  const previous = ownPath(target.previousURL, target.uid);
  // The new picture is in place; a file left behind costs storage, not correctness.
  if (previous && previous !== path) await deleteStored(previous).catch(() => undefined);
  return photoURL;
}

/** Takes the picture off the profile and deletes the file when it was ours. */
export async function removeAvatar(target: AvatarTarget): Promise<void> {
  await setPhotoURL(target.uid, target.kind, '');
  const previous = ownPath(target.previousURL, target.uid);
  if (previous) await deleteStored(previous).catch(() => undefined);
}
