/**
 * Her timeline posts in Firestore (lite SDK): posts/{uid}_{yyyymmdd}_{0..19}
 * (src/schema/posts.ts), never edited. The pictures go up first, into the
 * folder of the post's id, since the document is written once and names
 * them; a delete writes its tombstone in the same batch, then removes
 * the pictures.
 */
import {
  collection,
  doc,
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore/lite';
import { DayFullError, EmailNotVerifiedError } from '../blogs/errors';
import { dailyDocId, fetchCountFor, freeDailySlots, newestByCreation, tokyoDayDigits } from '../daily-id';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { deleteWithTombstone } from '../firebase/tombstone';
import { ensureVerifiedToken } from '../profile/verified-token';
import { MAX_POST_IMAGES, MAX_POSTS_PER_DAY, MY_POSTS_SHOWN } from './limits';

export interface StoredPost {
  id: string;
  text: string;
  images: number[];
  createdAt: Date;
  hidden: boolean;
}

const posts = () => collection(clientDb(), 'posts');

export function toStoredPost(id: string, data: DocumentData | undefined): StoredPost | null {
  if (!data || typeof data.text !== 'string' || !(data.createdAt instanceof Timestamp)) return null;
  return {
    id,
    text: data.text,
    images: Array.isArray(data.images) ? data.images.filter((slot): slot is number => Number.isInteger(slot)) : [],
    createdAt: data.createdAt.toDate(),
    hidden: data.hidden === true,
  };
}

/** Her newest posts (MY_POSTS_SHOWN), newest first, hidden ones included. */
export async function listMyPosts(uid: string): Promise<StoredPost[]> {
  const snapshot = await getDocs(
    query(posts(), where('userId', '==', uid), orderBy(documentId(), 'desc'), limit(fetchCountFor(MY_POSTS_SHOWN, MAX_POSTS_PER_DAY))),
  );
  return newestByCreation(
    snapshot.docs.flatMap((stored) => toStoredPost(stored.id, stored.data()) ?? []),
    MY_POSTS_SHOWN,
  );
}

async function todaysIds(uid: string, day: string): Promise<string[]> {
  const prefix = `${uid}_${day}_`;
  const found = await getDocs(
    query(posts(), where('userId', '==', uid), where(documentId(), '>=', prefix), where(documentId(), '<', `${prefix}~`)),
  );
  return found.docs.map((stored) => stored.id);
}

async function ownPostExists(uid: string, id: string): Promise<boolean> {
  const found = await getDocs(query(posts(), where('userId', '==', uid), where(documentId(), '==', id), limit(1)));
  return !found.empty;
}

/**
 * Posts `text` with up to MAX_POST_IMAGES pictures (prepared WebP blobs,
 * slots 0..n-1) in the first free slot of today; returns the post. Throws
 * EmailNotVerifiedError without a verified email, DayFullError when
 * today's MAX_POSTS_PER_DAY are taken. `onProgress` hears each step.
 */
export async function createPost(
  uid: string,
  text: string,
  pictures: readonly Blob[],
  onProgress: (step: 'uploading' | 'saving') => void = () => undefined,
): Promise<StoredPost> {
  if (pictures.length > MAX_POST_IMAGES) throw new RangeError(`画像は ${MAX_POST_IMAGES} 枚までです。`);
  if (!(await ensureVerifiedToken())) throw new EmailNotVerifiedError('タイムラインへの投稿');
  const day = tokyoDayDigits();
  const images = pictures.map((_, slot) => slot);
  const storage = pictures.length > 0 ? await import('../content-images') : null;
  for (const slot of freeDailySlots(await todaysIds(uid, day), uid, day, MAX_POSTS_PER_DAY)) {
    const id = dailyDocId(uid, day, slot);
    if (storage) {
      onProgress('uploading');
      await Promise.all(pictures.map((blob, index) => storage.uploadContentImage('posts', uid, id, index, blob)));
    }
    onProgress('saving');
    try {
      await setDoc(doc(posts(), id), {
        userId: uid,
        text,
        images,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        hidden: false,
      });
      return { id, text, images, createdAt: new Date(), hidden: false };
    } catch (error) {
      // Another tab took this slot since the ids were read: the next one. Any other refusal stands.
      const taken = errorCode(error) === 'permission-denied' && (await ownPostExists(uid, id));
      if (!taken) {
        if (storage) await storage.deleteContentImages('posts', uid, id, images).catch(() => undefined);
        throw error;
      }
    }
  }
  throw new DayFullError(MAX_POSTS_PER_DAY, 'タイムラインへの投稿');
}

/** Deletes the post (with its tombstone), then its pictures. */
export async function deletePost(uid: string, post: Pick<StoredPost, 'id' | 'images'>): Promise<void> {
  const batch = writeBatch(clientDb());
  deleteWithTombstone(clientDb(), batch, 'posts', post.id);
  await batch.commit();
  if (post.images.length === 0) return;
  const { deleteContentImages } = await import('../content-images');
  await deleteContentImages('posts', uid, post.id, post.images).catch(() => undefined);
}
