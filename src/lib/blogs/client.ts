/**
 * Her blogs in Firestore (lite SDK, one-shot reads and transactions):
 * blogs/{uid}_{yyyymmdd}_{0..9} (src/schema/blogs.ts). A new blog takes the
 * first free slot of today (the next one when another tab took it
 * meanwhile); an edit goes through a transaction that refuses to overwrite
 * a version saved elsewhere since the editor loaded it (BlogConflictError);
 * a delete writes its tombstone in the same batch and then removes the
 * pictures. Publishing refreshes the ID token first, since the rules read
 * its email_verified claim.
 */
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
  writeBatch,
  type DocumentData,
  type DocumentReference,
  type FieldValue,
} from 'firebase/firestore/lite';
import { dailyDocId, fetchCountFor, freeDailySlots, newestByCreation, tokyoDayDigits } from '../daily-id';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { deleteWithTombstone } from '../firebase/tombstone';
import { ensureVerifiedToken } from '../profile/verified-token';
import type { StoredBlog } from './blog';
import { BlogConflictError, BlogGoneError, DayFullError, EmailNotVerifiedError } from './errors';
import type { PublishMode } from './form';
import { BLOG_LIST_SIZE, MAX_BLOGS_PER_DAY } from './limits';

const blogs = () => collection(clientDb(), 'blogs');

/** What the editor saves (validateBlogForm's values). */
export interface BlogWrite {
  title: string;
  body: string;
  tags: string[];
  cover: number | null;
  images: number[];
  mode: PublishMode;
  /** The 予約 time (mode 'scheduled'). */
  publishAt: Date | null;
}

/** A timestamp to the nanosecond, as text (StoredBlog.version). */
export function timestampVersion(value: Timestamp): string {
  return `${value.seconds}.${String(value.nanoseconds).padStart(9, '0')}`;
}

const asDate = (value: unknown): Date | null => (value instanceof Timestamp ? value.toDate() : null);
const slots = (value: unknown): number[] => (Array.isArray(value) ? value.filter((slot): slot is number => Number.isInteger(slot)) : []);

/** A stored document as the editor holds it, or null when it lacks what the editor needs. */
export function toStoredBlog(id: string, data: DocumentData | undefined): StoredBlog | null {
  if (!data || !(data.updatedAt instanceof Timestamp)) return null;
  const createdAt = asDate(data.createdAt) ?? data.updatedAt.toDate();
  return {
    id,
    userId: typeof data.userId === 'string' ? data.userId : '',
    title: typeof data.title === 'string' ? data.title : '',
    body: typeof data.body === 'string' ? data.body : '',
    cover: Number.isInteger(data.cover) ? (data.cover as number) : null,
    images: slots(data.images),
    tags: Array.isArray(data.tags) ? data.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    published: data.published === true,
    publishAt: asDate(data.publishAt),
    createdAt,
    updatedAt: data.updatedAt.toDate(),
    hidden: data.hidden === true,
    version: timestampVersion(data.updatedAt),
  };
}

/** Her newest blogs by creation (BLOG_LIST_SIZE), newest first: drafts, scheduled, public and hidden alike. */
export async function listMyBlogs(uid: string): Promise<StoredBlog[]> {
  const snapshot = await getDocs(
    query(blogs(), where('userId', '==', uid), orderBy(documentId(), 'desc'), limit(fetchCountFor(BLOG_LIST_SIZE, MAX_BLOGS_PER_DAY))),
  );
  const found = snapshot.docs.flatMap((stored) => toStoredBlog(stored.id, stored.data()) ?? []);
  return newestByCreation(found, BLOG_LIST_SIZE);
}

/**
 * One of her blogs, or null when it is gone. (The rules refuse a read of a
 * missing blog rather than answer "none", so a refusal is checked with a
 * query she may always make.)
 */
export async function loadBlog(uid: string, id: string): Promise<StoredBlog | null> {
  try {
    const stored = await getDoc(doc(blogs(), id));
    return stored.exists() ? toStoredBlog(stored.id, stored.data()) : null;
  } catch (error) {
    if (errorCode(error) === 'permission-denied' && !(await ownBlogExists(uid, id))) return null;
    throw error;
  }
}

/** Whether she has a blog with this id (a list query on her own blogs, which the rules allow). */
async function ownBlogExists(uid: string, id: string): Promise<boolean> {
  const found = await getDocs(query(blogs(), where('userId', '==', uid), where(documentId(), '==', id), limit(1)));
  return !found.empty;
}

/** The ids of her blogs created today (Tokyo). */
async function todaysIds(uid: string, day: string): Promise<string[]> {
  const prefix = `${uid}_${day}_`;
  const found = await getDocs(
    query(blogs(), where('userId', '==', uid), where(documentId(), '>=', prefix), where(documentId(), '<', `${prefix}~`)),
  );
  return found.docs.map((stored) => stored.id);
}

function content(write: BlogWrite) {
  const { title, body, tags, cover, images } = write;
  return { title, body, tags, cover: cover !== null && images.includes(cover) ? cover : null, images };
}

/**
 * published and publishAt for the write. A blog already public stays
 * public since its first publishAt (an edit does not move its date); an
 * unchanged 予約 time is kept as stored (the rules accept it also once it
 * has come).
 */
function publishFields(write: BlogWrite, stored?: DocumentData): { published: boolean; publishAt: Timestamp | FieldValue | null } {
  const storedAt = stored?.published === true && stored.publishAt instanceof Timestamp ? stored.publishAt : null;
  if (write.mode === 'draft') return { published: false, publishAt: null };
  if (write.mode === 'now') {
    return { published: true, publishAt: storedAt && storedAt.toMillis() <= Date.now() ? storedAt : serverTimestamp() };
  }
  if (!write.publishAt) throw new Error('予約の日時がありません');
  const at = Timestamp.fromDate(write.publishAt);
  return { published: true, publishAt: storedAt && storedAt.toMillis() === at.toMillis() ? storedAt : at };
}

async function readBack(ref: DocumentReference): Promise<StoredBlog> {
  const stored = await getDoc(ref);
  const blog = stored.exists() ? toStoredBlog(stored.id, stored.data()) : null;
  if (!blog) throw new BlogGoneError();
  return blog;
}

async function checkPublishing(write: BlogWrite): Promise<void> {
  if (write.mode !== 'draft' && !(await ensureVerifiedToken())) throw new EmailNotVerifiedError('ブログの公開');
}

/**
 * Creates a blog in the first free slot of today and returns it as
 * stored. Throws DayFullError when today's MAX_BLOGS_PER_DAY are taken,
 * EmailNotVerifiedError when publishing without a verified email.
 */
export async function createBlog(uid: string, write: BlogWrite): Promise<StoredBlog> {
  await checkPublishing(write);
  const day = tokyoDayDigits();
  for (const slot of freeDailySlots(await todaysIds(uid, day), uid, day, MAX_BLOGS_PER_DAY)) {
    const ref = doc(blogs(), dailyDocId(uid, day, slot));
    const data = {
      userId: uid,
      ...content(write),
      ...publishFields(write),
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
      hidden: false,
    };
    try {
      await setDoc(ref, data);
      return await readBack(ref);
    } catch (error) {
      // Refused because another tab took this slot since the ids were read: the next one. Any other refusal stands.
      if (errorCode(error) !== 'permission-denied' || !(await ownBlogExists(uid, ref.id))) throw error;
    }
  }
  throw new DayFullError(MAX_BLOGS_PER_DAY, 'ブログの作成');
}

/**
 * Saves her edit of blog `id` over the stored version `expectedVersion`,
 * or over whatever is stored with `overwrite` (she chose 上書き after a
 * conflict). Keeps createdAt and the operator's hidden flag. Throws
 * BlogConflictError (with the stored blog) when another version was saved
 * meanwhile, BlogGoneError when the blog was deleted.
 */
export async function updateBlog(
  uid: string,
  id: string,
  write: BlogWrite,
  expectedVersion: string,
  overwrite = false,
): Promise<StoredBlog> {
  await checkPublishing(write);
  const ref = doc(blogs(), id);
  try {
    await runTransaction(clientDb(), async (transaction) => {
      const current = await transaction.get(ref);
      const data = current.data();
      const stored = current.exists() ? toStoredBlog(id, data) : null;
      if (!stored || !data) throw new BlogGoneError();
      if (!overwrite && stored.version !== expectedVersion) throw new BlogConflictError(stored);
      transaction.set(ref, {
        userId: uid,
        ...content(write),
        ...publishFields(write, data),
        createdAt: data.createdAt,
        updatedAt: serverTimestamp(),
        hidden: data.hidden === true,
      });
    });
  } catch (error) {
    if (errorCode(error) === 'permission-denied' && !(await ownBlogExists(uid, id))) throw new BlogGoneError();
    throw error;
  }
  return readBack(ref);
}

/** Deletes the blog (with its tombstone), then its pictures; a picture left behind costs storage, not correctness. */
export async function deleteBlog(uid: string, blog: Pick<StoredBlog, 'id' | 'images'>): Promise<void> {
  const batch = writeBatch(clientDb());
  deleteWithTombstone(clientDb(), batch, 'blogs', blog.id);
  await batch.commit();
  const { deleteContentImages } = await import('../content-images');
  await deleteContentImages('blogs', uid, blog.id, blog.images).catch(() => undefined);
}
