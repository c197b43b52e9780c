import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDocs, query, runTransaction, serverTimestamp, setDoc, updateDoc, where, writeBatch } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { STORED_LENGTHS } from '../../src/lib/notebook/stored-shape';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { announcementDocFor, slugDocFor, storeDocFor, therapistDoc, userDocFor } from '../factories/documents';
import { allowedIf, newShift, shiftId, signedIn, type Db } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * A fan (推し活用) account as /register leaves it: an Auth user and
 * users/{uid} = {createdAt}, no profile (docs/decisions/fan-accounts.md).
 * Role × operation: the fan, a therapist and a store, each verified, try
 * the 推し loop (what the demo fan does) and each profile owner's writes.
 * The fan may do the first and none of the second; the others show that
 * the same write is one the rules accept from the right account.
 */
const env = useRulesEnvironment();
type Role = 'fan' | 'therapist' | 'store';
const ROLES: { role: Role; uid: string }[] = [
  { role: 'fan', uid: 'fan1' },
  { role: 'therapist', uid: 'miu' },
  { role: 'store', uid: 'shop' },
];
const as = (uid: string) => signedIn(env, uid, true);
const day = () => tokyoDateKey().replace(/-/g, '');

beforeEach(() =>
  seed(env(), {
    'users/fan1': { createdAt: userDocFor().createdAt },
    'users/miu': userDocFor(),
    'users/shop': userDocFor(),
    'accounts/miu': therapistDoc('miu'),
    'slugs/slug-miu': slugDocFor('miu'),
    'stores/shop': storeDocFor('shop'),
    'slugs/store-shop': slugDocFor('shop', 'store'),
    // The therapist everyone 推す here.
    'accounts/kaho': therapistDoc('kaho', { displayName: 'かほ' }),
    'announcements/a-fan1': announcementDocFor('fan1'),
    'announcements/a-miu': announcementDocFor('miu'),
    'announcements/a-shop': announcementDocFor('shop'),
  }),
);

/** A 推し as the client adds it: the item and the counter on users/{uid}, in one batch. */
function addFavorite(db: Db, uid: string, target: string) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'favorites', uid, 'items', target), { targetUid: target, targetKind: 'therapist', createdAt: serverTimestamp() });
  batch.update(doc(db, 'users', uid), { favoriteCount: 1, lastFavoriteTarget: target });
  return batch.commit();
}

function watchHandle(db: Db, uid: string, handle: string) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'handleWatches', uid, 'handles', handle), { handle, createdAt: serverTimestamp() });
  batch.update(doc(db, 'users', uid), { watchCount: 1, lastWatchedHandle: handle });
  return batch.commit();
}

/** A profile of `kind` with its slug, as registration writes them (without users/{uid}, which she has already). */
function createProfile(db: Db, uid: string, kind: 'therapist' | 'store') {
  const slug = `new-${uid}`;
  const make = kind === 'therapist' ? therapistDoc : storeDocFor;
  return runTransaction(db, async (transaction) => {
    transaction.set(doc(db, 'slugs', slug), { userId: uid, kind, releasedAt: null });
    transaction.set(
      doc(db, kind === 'therapist' ? 'accounts' : 'stores', uid),
      make(uid, { profileSlug: slug, published: false, createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    );
  });
}

function createBlog(db: Db, uid: string) {
  return setDoc(doc(db, 'blogs', `${uid}_${day()}_0`), {
    userId: uid,
    title: '今日の出勤',
    body: 'こんにちは',
    cover: null,
    images: [],
    tags: [],
    published: true,
    publishAt: serverTimestamp(),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    hidden: false,
  });
}

function createNotebook(db: Db, uid: string) {
  const salt = 'A'.repeat(STORED_LENGTHS.salt - 2) + '==';
  const iv = 'A'.repeat(STORED_LENGTHS.iv);
  const wrapped = 'A'.repeat(STORED_LENGTHS.wrappedKey);
  return setDoc(doc(db, 'customers', uid), {
    version: 1,
    kdf: { algorithm: 'argon2id', version: 19, memoryKiB: 65536, iterations: 3, parallelism: 4, salt },
    passphraseWrap: { iv, ciphertext: wrapped },
    recoveryWrap: { algorithm: 'hkdf-sha256', salt, iv, ciphertext: wrapped },
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  });
}

describe('a fan account registering', () => {
  it('creates users/{uid} alone, with createdAt only', async () => {
    const db = signedIn(env, 'newfan');
    await assertSucceeds(setDoc(doc(db, 'users', 'newfan'), { createdAt: serverTimestamp() }));
  });
  it('cannot slip a profile field into users/{uid}', async () => {
    const db = signedIn(env, 'newfan');
    await assertFails(setDoc(doc(db, 'users', 'newfan'), { createdAt: serverTimestamp(), profileSlug: 'new-fan' }));
  });
  it('cannot write users/{uid} of someone else', async () => {
    await assertFails(setDoc(doc(signedIn(env, 'newfan'), 'users', 'other'), { createdAt: serverTimestamp() }));
  });
});

describe.each(ROLES)('as a $role', ({ role, uid }) => {
  const everyone = assertSucceeds;
  const only = (...roles: Role[]) => allowedIf(roles.includes(role));

  // The 推し loop: what the demo fan does, every account may do.
  it('adds a 推し', async () => {
    await everyone(addFavorite(as(uid), uid, 'kaho'));
  });
  it('watches a handle', async () => {
    await everyone(watchHandle(as(uid), uid, 'kaho_new'));
  });
  it('saves her alert settings', async () => {
    await everyone(updateDoc(doc(as(uid), 'users', uid), { alerts: { handle: true, blog: false, post: true, schedule: true } }));
  });
  it('lists her own announcements, and nobody else’s', async () => {
    await everyone(getDocs(query(collection(as(uid), 'announcements'), where('userId', '==', uid))));
    await assertFails(getDocs(query(collection(as(uid), 'announcements'), where('userId', '==', uid === 'fan1' ? 'miu' : 'fan1'))));
  });

  // What only a profile owner does: a fan does none of it.
  it('creates a therapist or store profile after registration: nobody (a fan stays a fan)', async () => {
    await assertFails(createProfile(as(uid), uid, 'therapist'));
    await assertFails(createProfile(as(uid), uid, 'store'));
  });
  it('writes her own shift only as a therapist', async () => {
    await only('therapist')(setDoc(doc(as(uid), 'schedules', shiftId(uid)), newShift(uid, null)));
  });
  it('writes a blog only as a therapist or store', async () => {
    await only('therapist', 'store')(createBlog(as(uid), uid));
  });
  it('opens a customer notebook only as a therapist', async () => {
    await only('therapist')(createNotebook(as(uid), uid));
  });
  it('asks a store to take her only as a therapist', async () => {
    const request = { userId: uid, storeId: 'shop', requestedAt: serverTimestamp(), updatedAt: serverTimestamp() };
    await only('therapist')(setDoc(doc(as(uid), 'storeRequests', uid), request));
  });
});

describe('a brand-new account (no users/{uid} yet)', () => {
  it('may still register as a therapist: the profile, slug and users doc in one write', async () => {
    const db = signedIn(env, 'newbie');
    await assertSucceeds(
      runTransaction(db, async (transaction) => {
        transaction.set(doc(db, 'slugs', 'new-newbie'), { userId: 'newbie', kind: 'therapist', releasedAt: null });
        transaction.set(
          doc(db, 'accounts', 'newbie'),
          therapistDoc('newbie', {
            profileSlug: 'new-newbie',
            published: false,
            createdAt: serverTimestamp(),
            updatedAt: serverTimestamp(),
          }),
        );
        transaction.set(doc(db, 'users', 'newbie'), { createdAt: serverTimestamp() });
      }),
    );
  });
});
