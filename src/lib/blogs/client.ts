/**
 * Her blogs in Firestore, through the REST API (firebase/rest.ts: the SDK
 * would take the editor past its 180 KB budget):
 * blogs/{uid}_{yyyymmdd}_{0..9} (src/schema/blogs.ts). A new blog takes the
 * first free slot of today (the next one when another tab took it
 * meanwhile); an edit is committed only while the document is still at the
 * update time it was read at, and refuses to overwrite a version saved
 * elsewhere since the editor loaded it (BlogConflictError);
 * a delete writes its tombstone in the same batch and then removes the
 * pictures. Publishing refreshes the ID token first, since the rules read
 * its email_verified claim.
 */
import { dailyDocId, fetchCountFor, freeDailySlots, newestByCreation, tokyoDayDigits } from '../daily-id';
import { errorCode } from '../firebase/error-code';
import { commit, documentName, getDocument, runQuery, type RestDocument, type RestWrite } from '../firebase/rest';
import { deleteWithTombstoneWrites } from '../firebase/rest-tombstone';
import { fromRestFields, RestTimestamp } from '../firebase/rest-values';
import { ensureVerifiedToken } from '../profile/verified-token';
import type { StoredBlog } from './blog';
import { BlogConflictError, BlogGoneError, DayFullError, EmailNotVerifiedError } from './errors';
import type { PublishMode } from './form';
import { BLOG_LIST_SIZE, MAX_BLOGS_PER_DAY } from './limits';

type Fields = Record<string, unknown>;
const blogPath = (id: string) => `blogs/${id}`;
/** Times an edit is tried again when another write lands between its read and its commit (as a transaction would). */
const EDIT_ATTEMPTS = 5;

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

const asDate = (value: unknown): Date | null => (value instanceof RestTimestamp ? value.toDate() : null);
const slots = (value: unknown): number[] => (Array.isArray(value) ? value.filter((slot): slot is number => Number.isInteger(slot)) : []);

/** A stored document as the editor holds it, or null when it lacks what the editor needs. */
export function toStoredBlog(id: string, data: Fields | undefined): StoredBlog | null {
  if (!data || !(data.updatedAt instanceof RestTimestamp)) return null;
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
    version: data.updatedAt.toVersion(),
  };
}

/** A document as the editor holds it, or null when it lacks what the editor needs. */
const storedBlogOf = (stored: RestDocument): StoredBlog | null => toStoredBlog(stored.id, fromRestFields(stored.fields));

/** Her newest blogs by creation (BLOG_LIST_SIZE), newest first: drafts, scheduled, public and hidden alike. */
export async function listMyBlogs(uid: string): Promise<StoredBlog[]> {
  const found = await runQuery({
    ...herBlogs(uid),
    orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
    limit: fetchCountFor(BLOG_LIST_SIZE, MAX_BLOGS_PER_DAY),
  });
  return newestByCreation(
    found.flatMap((stored) => storedBlogOf(stored) ?? []),
    BLOG_LIST_SIZE,
  );
}

type Filter = Record<string, unknown>;
const idFilter = (op: string, id: string): Filter => ({
  fieldFilter: { field: { fieldPath: '__name__' }, op, value: { referenceValue: documentName(blogPath(id)) } },
});

/** A query of her blogs (the rules allow a list only on userId == her uid), with more filters. */
function herBlogs(uid: string, ...filters: Filter[]): Record<string, unknown> {
  const own: Filter = { fieldFilter: { field: { fieldPath: 'userId' }, op: 'EQUAL', value: { stringValue: uid } } };
  return {
    from: [{ collectionId: 'blogs' }],
    where: filters.length ? { compositeFilter: { op: 'AND', filters: [own, ...filters] } } : own,
  };
}

/**
 * One of her blogs, or null when it is gone. (The rules refuse a read of a
 * missing blog rather than answer "none", so a refusal is checked with a
 * query she may always make.)
 */
export async function loadBlog(uid: string, id: string): Promise<StoredBlog | null> {
  const stored = await readOwnBlog(uid, id);
  return stored && storedBlogOf(stored);
}

/** Her blog's document, or null when it is gone (a refused read of a blog she no longer has is "gone" too). */
async function readOwnBlog(uid: string, id: string): Promise<RestDocument | null> {
  try {
    return await getDocument(blogPath(id));
  } catch (error) {
    if (errorCode(error) === 'permission-denied' && !(await ownBlogExists(uid, id))) return null;
    throw error;
  }
}

/** Whether she has a blog with this id (a list query on her own blogs, which the rules allow). */
async function ownBlogExists(uid: string, id: string): Promise<boolean> {
  const found = await runQuery({ ...herBlogs(uid, idFilter('EQUAL', id)), limit: 1 });
  return found.length > 0;
}

/** The ids of her blogs created today (Tokyo). */
async function todaysIds(uid: string, day: string): Promise<string[]> {
  const prefix = `${uid}_${day}_`;
  const found = await runQuery({
    ...herBlogs(uid, idFilter('GREATER_THAN_OR_EQUAL', prefix), idFilter('LESS_THAN', `${prefix}~`)),
    select: { fields: [{ fieldPath: '__name__' }] },
  });
  return found.map((stored) => stored.id);
}

function content(write: BlogWrite) {
  const { title, body, tags, cover, images } = write;
  return { title, body, tags, cover: cover !== null && images.includes(cover) ? cover : null, images };
}

/** A blog's values for a write, and which of them take the server's time of the commit. */
interface BlogValues {
  values: Fields;
  serverTime: string[];
}

/**
 * published and publishAt for the write. A blog already public stays
 * public since its first publishAt (an edit does not move its date); an
 * unchanged 予約 time is kept as stored (the rules accept it also once it
 * has come).
 */
function publishFields(write: BlogWrite, stored?: Fields): BlogValues {
  const storedAt = stored?.published === true && stored.publishAt instanceof RestTimestamp ? stored.publishAt : null;
  if (write.mode === 'draft') return { values: { published: false, publishAt: null }, serverTime: [] };
  if (write.mode === 'now') {
    if (storedAt && storedAt.toMillis() <= Date.now()) return { values: { published: true, publishAt: storedAt }, serverTime: [] };
    return { values: { published: true }, serverTime: ['publishAt'] };
  }
  if (!write.publishAt) throw new Error('予約の日時がありません');
  const keep = storedAt && storedAt.toMillis() === write.publishAt.getTime();
  return { values: { published: true, publishAt: keep ? storedAt : write.publishAt }, serverTime: [] };
}

async function readBack(id: string): Promise<StoredBlog> {
  const stored = await getDocument(blogPath(id));
  const blog = stored && storedBlogOf(stored);
  if (!blog) throw new BlogGoneError();
  return blog;
}

async function checkPublishing(write: BlogWrite): Promise<void> {
  if (write.mode !== 'draft' && !(await ensureVerifiedToken())) throw new EmailNotVerifiedError('ブログの公開');
}

/** The write of a whole blog document: its content, its publish fields and `rest`, updatedAt at the server's time. */
function blogWrite(id: string, write: BlogWrite, rest: Fields, stored?: Fields): RestWrite & { set: string } {
  const publish = publishFields(write, stored);
  return {
    set: blogPath(id),
    values: { ...rest, ...content(write), ...publish.values },
    serverTime: [...publish.serverTime, 'updatedAt', ...(stored ? [] : ['createdAt'])],
  };
}

/** A commit refused because its precondition no longer held: the document was written since it was read. */
const movedSinceRead = (error: unknown) => ['failed-precondition', 'already-exists', 'aborted'].includes(errorCode(error) ?? '');

/**
 * Creates a blog in the first free slot of today and returns it as
 * stored. Throws DayFullError when today's MAX_BLOGS_PER_DAY are taken,
 * EmailNotVerifiedError when publishing without a verified email.
 */
export async function createBlog(uid: string, write: BlogWrite): Promise<StoredBlog> {
  await checkPublishing(write);
  const day = tokyoDayDigits();
  for (const slot of freeDailySlots(await todaysIds(uid, day), uid, day, MAX_BLOGS_PER_DAY)) {
    const id = dailyDocId(uid, day, slot);
    try {
      await commit([{ ...blogWrite(id, write, { userId: uid, hidden: false }), precondition: { exists: false } }]);
    } catch (error) {
      // Refused because another tab took this slot since the ids were read: the next one. Any other refusal stands.
      const refused = movedSinceRead(error) || errorCode(error) === 'permission-denied';
      if (!refused || !(await ownBlogExists(uid, id))) throw error;
      continue;
    }
    // Outside the try: a failed read-back of a blog that was created must not send it on to the next slot.
    return readBack(id);
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
  for (let attempt = 1; ; attempt++) {
    const current = await readOwnBlog(uid, id);
    if (!current) throw new BlogGoneError();
    const data = fromRestFields(current.fields);
    const stored = toStoredBlog(id, data);
    if (!stored) throw new BlogGoneError();
    if (!overwrite && stored.version !== expectedVersion) throw new BlogConflictError(stored);
    const rest = { userId: uid, createdAt: data.createdAt, hidden: data.hidden === true };
    try {
      await commit([{ ...blogWrite(id, write, rest, data), precondition: { updateTime: current.updateTime } }]);
    } catch (error) {
      // Written by someone else between the read and the commit: read again, as a transaction retries.
      if (movedSinceRead(error) && attempt < EDIT_ATTEMPTS) continue;
      if (errorCode(error) === 'permission-denied' && !(await ownBlogExists(uid, id))) throw new BlogGoneError();
      throw error;
    }
    return readBack(id);
  }
}

/** Deletes the blog (with its tombstone), then its pictures; a picture left behind costs storage, not correctness. */
export async function deleteBlog(uid: string, blog: Pick<StoredBlog, 'id' | 'images'>): Promise<void> {
  await commit(deleteWithTombstoneWrites('blogs', blog.id));
  const { deleteContentImages } = await import('../content-images');
  await deleteContentImages('blogs', uid, blog.id, blog.images).catch(() => undefined);
}
