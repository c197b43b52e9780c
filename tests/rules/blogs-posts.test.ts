import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { storeDocFor, suspensionDocFor, therapistDoc } from '../factories/documents';
import { deleteTombstoned, directoryProfiles, signedIn } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * blogs/{uid}_{yyyymmdd}_{0..9} and posts/{uid}_{yyyymmdd}_{0..19}: alice
 * (a therapist, verified email) writes her own; bob is another therapist,
 * shop a store, fan an account without a profile. Drafts, scheduled and
 * hidden content are hers alone to read.
 */
const env = useRulesEnvironment();
const day = () => tokyoDateKey().replace(/-/g, '');
const blogId = (uid = 'alice', slot = 0, d = day()) => `${uid}_${d}_${slot}`;
const as = (uid: string, verified = true) => signedIn(env, uid, verified);
const future = () => Timestamp.fromMillis(Date.now() + 86_400_000);
const past = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));

/** A blog as the editor saves it: published now by default. */
function newBlog(overrides: Record<string, unknown> = {}) {
  return {
    userId: 'alice',
    title: '今日の出勤',
    body: '# こんにちは\n\n![笑顔](image:0)',
    cover: 0,
    images: [0],
    tags: ['日記'],
    published: true,
    publishAt: serverTimestamp(),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    hidden: false,
    ...overrides,
  };
}
/** A stored blog (times in the past). */
const storedBlog = (overrides: Record<string, unknown> = {}) =>
  newBlog({ publishAt: past, createdAt: past, updatedAt: past, ...overrides });

const newPost = (overrides: Record<string, unknown> = {}) => ({
  userId: 'alice',
  text: '今日は渋谷にいます。',
  images: [],
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  hidden: false,
  ...overrides,
});

beforeEach(() =>
  seed(env(), {
    ...directoryProfiles(),
    'blogs/alice_20260101_0': storedBlog(),
    'blogs/alice_20260101_1': storedBlog({ published: false, publishAt: null }),
    'blogs/alice_20260101_2': storedBlog({ publishAt: Timestamp.fromMillis(Date.now() + 7 * 86_400_000) }),
    'blogs/alice_20260101_3': storedBlog({ hidden: true }),
    'posts/alice_20260101_0': newPost({ createdAt: past, updatedAt: past }),
    'posts/alice_20260101_1': newPost({ createdAt: past, updatedAt: past, hidden: true }),
  }),
);

describe('blogs: who reads what', () => {
  const readers = [
    ['signed out', () => env().unauthenticatedContext().firestore()],
    ['bob', () => as('bob')],
    ['shop', () => as('shop')],
  ] as const;
  it.each(readers)('%s reads a published blog', async (_name, db) => {
    await assertSucceeds(getDoc(doc(db(), 'blogs/alice_20260101_0')));
  });
  it.each(readers)('%s cannot read a draft, a scheduled or a hidden blog', async (_name, db) => {
    for (const id of ['alice_20260101_1', 'alice_20260101_2', 'alice_20260101_3']) await assertFails(getDoc(doc(db(), 'blogs', id)));
  });
  it('alice reads all of hers, and lists them', async () => {
    for (const slot of [0, 1, 2, 3]) await assertSucceeds(getDoc(doc(as('alice'), 'blogs', `alice_20260101_${slot}`)));
    await assertSucceeds(getDocs(query(collection(as('alice'), 'blogs'), where('userId', '==', 'alice'))));
  });
  it('nobody else lists hers', async () => {
    await assertFails(getDocs(query(collection(as('bob'), 'blogs'), where('userId', '==', 'alice'))));
    await assertFails(getDocs(collection(env().unauthenticatedContext().firestore(), 'blogs')));
  });
});

/**
 * Her content is public only while she is (as on the site): a published
 * profile (accounts or stores) and no suspension. Otherwise only the author
 * reads it, whatever its own visibility.
 */
describe('blogs and posts of an author who is not public', () => {
  const others = [
    ['signed out', () => env().unauthenticatedContext().firestore()],
    ['bob', () => as('bob')],
    ['shop', () => as('shop')],
  ] as const;
  const PUBLIC_CONTENT = ['blogs/alice_20260101_0', 'posts/alice_20260101_0'];
  const unpublish = () => seed(env(), { 'accounts/alice': therapistDoc('alice', { published: false }) });
  const suspend = () => seed(env(), { 'suspensions/alice': suspensionDocFor() });

  it.each(others)('%s reads her public blog and post while she is public', async (_name, db) => {
    for (const path of PUBLIC_CONTENT) await assertSucceeds(getDoc(doc(db(), path)));
  });
  it.each(others)('%s cannot read them once her profile is unpublished', async (_name, db) => {
    await unpublish();
    for (const path of PUBLIC_CONTENT) await assertFails(getDoc(doc(db(), path)));
  });
  it.each(others)('%s cannot read them while she is suspended, her profile still published', async (_name, db) => {
    await suspend();
    for (const path of PUBLIC_CONTENT) await assertFails(getDoc(doc(db(), path)));
  });
  it('alice still reads all of hers, unpublished or suspended', async () => {
    await unpublish();
    await suspend();
    for (const path of [...PUBLIC_CONTENT, 'blogs/alice_20260101_1', 'posts/alice_20260101_1']) {
      await assertSucceeds(getDoc(doc(as('alice'), path)));
    }
  });
  it("hides an unpublished store's blog from others, not from the store", async () => {
    await seed(env(), {
      'stores/shop': storeDocFor('shop', { published: false }),
      'blogs/shop_20260101_0': storedBlog({ userId: 'shop' }),
    });
    await assertFails(getDoc(doc(as('bob'), 'blogs/shop_20260101_0')));
    await assertFails(getDoc(doc(env().unauthenticatedContext().firestore(), 'blogs/shop_20260101_0')));
    await assertSucceeds(getDoc(doc(as('shop'), 'blogs/shop_20260101_0')));
  });
  it('hides content whose author has no profile at all', async () => {
    await seed(env(), { 'posts/fan_20260101_0': newPost({ userId: 'fan', createdAt: past, updatedAt: past }) });
    await assertFails(getDoc(doc(as('bob'), 'posts/fan_20260101_0')));
  });
});

describe('blogs: create', () => {
  const create = (db: ReturnType<typeof as>, id: string, data: Record<string, unknown>) => setDoc(doc(db, 'blogs', id), data);

  it('accepts alice publishing now, scheduling, or saving a draft, in today’s slots', async () => {
    await assertSucceeds(create(as('alice'), blogId('alice', 0), newBlog()));
    await assertSucceeds(create(as('alice'), blogId('alice', 1), newBlog({ publishAt: future() })));
    await assertSucceeds(create(as('alice'), blogId('alice', 9), newBlog({ published: false, publishAt: null })));
  });
  it('accepts a store writing its own', async () => {
    await assertSucceeds(create(as('shop'), blogId('shop', 0), newBlog({ userId: 'shop' })));
  });
  it('refuses publishing without a verified email, but keeps the draft', async () => {
    await assertFails(create(as('alice', false), blogId(), newBlog()));
    await assertSucceeds(create(as('alice', false), blogId(), newBlog({ published: false, publishAt: null })));
  });
  it('caps at 10 a day: slot 10, another day or someone else’s prefix is refused', async () => {
    await assertFails(create(as('alice'), blogId('alice', 10), newBlog()));
    await assertFails(create(as('alice'), blogId('alice', 0, '20260101'), newBlog()));
    await assertFails(create(as('alice'), `alice_${day()}_1a`, newBlog()));
    await assertFails(create(as('bob'), blogId('alice', 0), newBlog({ userId: 'bob' })));
    await assertFails(create(as('bob'), blogId('bob', 0), newBlog()));
  });
  it('refuses a fan without a profile, and signed-out writers', async () => {
    await assertFails(create(as('fan'), blogId('fan', 0), newBlog({ userId: 'fan' })));
    await assertFails(create(env().unauthenticatedContext().firestore(), blogId(), newBlog()));
  });
  it('refuses a suspended author', async () => {
    await seed(env(), { 'suspensions/alice': { reason: '運営判断', createdAt: past } });
    await assertFails(create(as('alice'), blogId(), newBlog()));
  });
  it.each([
    ['hidden set by the author', { hidden: true }],
    ['an extra key', { views: 0 }],
    ['a missing key', { tags: undefined }],
    ['an empty title', { title: '' }],
    ['a 101-character title', { title: 'あ'.repeat(101) }],
    ['a 20,001-character body', { body: 'a'.repeat(20_001) }],
    ['a picture URL instead of a slot', { images: ['https://example.com/a.png'], cover: null }],
    ['slot 10', { images: [10], cover: null }],
    ['a slot twice', { images: [0, 0] }],
    ['a cover that is not among the pictures', { cover: 3 }],
    ['a fractional slot', { images: [0.5], cover: null }],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ['published without a time', { publishAt: null }],
    ['a draft with a time', { published: false }],
    ['a publish time in the past', { publishAt: past }],
    ['a stale updatedAt', { updatedAt: past }],
    ['a client createdAt', { createdAt: past }],
  ])('refuses %s', async (_name, change) => {
    const data = Object.fromEntries(Object.entries(newBlog(change)).filter(([, value]) => value !== undefined));
    await assertFails(create(as('alice'), blogId(), data));
  });
});

describe('blogs: update and delete', () => {
  const id = 'blogs/alice_20260101_1';
  const edit = (uid: string, changes: Record<string, unknown>) => updateDoc(doc(as(uid), id), { updatedAt: serverTimestamp(), ...changes });

  it('lets alice edit and publish her draft', async () => {
    await assertSucceeds(edit('alice', { title: '直しました' }));
    await assertSucceeds(edit('alice', { published: true, publishAt: serverTimestamp() }));
  });
  it('keeps the publish time of a published blog as it was', async () => {
    await assertSucceeds(updateDoc(doc(as('alice'), 'blogs/alice_20260101_0'), { title: '追記', updatedAt: serverTimestamp() }));
  });
  it('refuses anyone else editing it', async () => {
    await assertFails(edit('bob', { title: '乗っ取り' }));
    await assertFails(edit('shop', { title: '店舗から' }));
  });
  it('refuses alice un-hiding, re-owning or re-dating it', async () => {
    await assertFails(updateDoc(doc(as('alice'), 'blogs/alice_20260101_3'), { hidden: false, updatedAt: serverTimestamp() }));
    await assertFails(edit('alice', { userId: 'bob' }));
    await assertFails(edit('alice', { createdAt: serverTimestamp() }));
    await assertFails(edit('alice', { published: true, publishAt: past }));
  });
  it('deletes only as alice, with its tombstone', async () => {
    await assertFails(deleteDoc(doc(as('alice'), id)));
    await assertFails(deleteTombstoned(as('bob'), id));
    await assertSucceeds(deleteTombstoned(as('alice'), id));
  });
});

describe('posts', () => {
  const postId = (slot: number, uid = 'alice') => `${uid}_${day()}_${slot}`;
  const create = (uid: string, id: string, data: Record<string, unknown>, verified = true) =>
    setDoc(doc(as(uid, verified), 'posts', id), data);

  it('are read by anyone unless hidden; alice reads her hidden one', async () => {
    await assertSucceeds(getDoc(doc(env().unauthenticatedContext().firestore(), 'posts/alice_20260101_0')));
    await assertFails(getDoc(doc(as('bob'), 'posts/alice_20260101_1')));
    await assertSucceeds(getDoc(doc(as('alice'), 'posts/alice_20260101_1')));
  });
  it('are written by a verified author with a profile, 20 a day', async () => {
    await assertSucceeds(create('alice', postId(0), newPost()));
    await assertSucceeds(create('alice', postId(19), newPost({ images: [0, 1, 2, 3] })));
    await assertFails(create('alice', postId(20), newPost()));
    await assertFails(create('alice', postId(1), newPost(), false));
    await assertFails(create('fan', postId(0, 'fan'), newPost({ userId: 'fan' })));
    await assertFails(create('bob', postId(1), newPost({ userId: 'bob' })));
  });
  it.each([
    ['empty text', { text: '' }],
    ['501 characters', { text: 'あ'.repeat(501) }],
    ['five pictures', { images: [0, 1, 2, 3, 3] }],
    ['slot 4', { images: [4] }],
    ['a URL', { images: ['https://example.com/a.png'] }],
    ['hidden', { hidden: true }],
    ['an extra key', { likes: 3 }],
    ['a client time', { createdAt: past }],
    ['a client updatedAt', { updatedAt: past }],
  ])('refuses %s', async (_name, change) => {
    await assertFails(create('alice', postId(2), newPost(change)));
  });
  it('are never edited, and deleted only by their author with a tombstone', async () => {
    await assertFails(updateDoc(doc(as('alice'), 'posts/alice_20260101_0'), { text: '編集' }));
    await assertFails(deleteDoc(doc(as('alice'), 'posts/alice_20260101_0')));
    await assertFails(deleteTombstoned(as('bob'), 'posts/alice_20260101_0'));
    await assertSucceeds(deleteTombstoned(as('alice'), 'posts/alice_20260101_0'));
  });
});
