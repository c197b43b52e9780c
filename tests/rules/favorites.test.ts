import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
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
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { MAX_FAVORITES } from '../../src/lib/caps';
import { favoriteDoc } from '../../src/schema/favorites';
import { favoriteDocFor, storeDocFor, suspensionDocFor, therapistDoc, userDocFor } from '../factories/documents';
import { type Bend, countedWrites, FAVORITE_ITEMS, fanRoles } from './counted-writes';
import { allowedIf, type Db, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * favorites/{uid}/items/{targetUid}: alice's 推し, hers alone to read and
 * write, each create or delete moving users/alice.favoriteCount by one in
 * the same write (docs/decisions/favorites-and-handle-watches.md). miu is a therapist, shop a
 * store; bob is another fan.
 */
const env = useRulesEnvironment();
type Data = Record<string, unknown>;

const as = (uid: string) => () => env().authenticatedContext(uid).firestore();
const alice = as('alice');
const newFavorite = (target: string, kind = 'therapist', overrides: Data = {}): Data => ({
  targetUid: target,
  targetKind: kind,
  createdAt: serverTimestamp(),
  ...overrides,
});

const writes = countedWrites(FAVORITE_ITEMS);
const { itemPath } = writes;
const PROFILES = { 'accounts/miu': therapistDoc('miu'), 'stores/shop': storeDocFor('shop') };
/** alice already 推す miu; her counter says 1. */
const ONE_FAVORITE = {
  ...PROFILES,
  'users/alice': userDocFor({ favoriteCount: 1, lastFavoriteTarget: 'miu' }),
  [itemPath('miu')]: favoriteDocFor('miu'),
};

/** The write addFavorite makes: the item of `kind` and the counter moved to `count`, one batch. */
const add = (db: Db, target: string, kind = 'therapist', count = 1, bend: Bend & { item?: Data } = {}) =>
  writes.add(db, target, bend.item ?? newFavorite(target, kind), count, bend);
/** The write removeFavorite makes. */
const remove = (db: Db, target: string, count = 0, counter?: Data | null) => writes.remove(db, target, count, counter);
const favoriteCount = () => writes.storedCount(env());

const ROLES = fanRoles(env);

describe.each(ROLES)('favorites/{uid}/items as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it('gets only as the owner', async () => {
    await seed(env(), ONE_FAVORITE);
    await ownerOnly(getDoc(doc(db(), itemPath('miu'))));
  });
  it('lists only as the owner', async () => {
    await seed(env(), ONE_FAVORITE);
    await ownerOnly(getDocs(collection(db(), 'favorites', 'alice', 'items')));
  });
  it('creates (with the counter) only as the owner', async () => {
    await seed(env(), ONE_FAVORITE);
    await ownerOnly(add(db(), 'shop', 'store', 2));
  });
  it('cannot update, not even the owner', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(updateDoc(doc(db(), itemPath('miu')), { targetKind: 'store' }));
    await assertFails(setDoc(doc(db(), itemPath('miu')), newFavorite('miu')));
  });
  it('deletes (with the counter) only as the owner', async () => {
    await seed(env(), ONE_FAVORITE);
    await ownerOnly(remove(db(), 'miu', 0));
  });
  it('cannot find who 推す whom with a collection-group query', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(getDocs(query(collectionGroup(db(), 'items'), where('targetUid', '==', 'miu'))));
    await assertFails(getDocs(collectionGroup(db(), 'items')));
  });
});

describe('favorites: what the owner may write', () => {
  it('creates her users doc with her first 推し (counter 1)', async () => {
    await seed(env(), PROFILES);
    await assertSucceeds(add(alice(), 'miu', 'therapist', 1, { createUser: true }));
    expect(await favoriteCount()).toBe(1);
  });
  it('refuses a first 推し that creates her users doc with a counter other than 1', async () => {
    await seed(env(), PROFILES);
    await assertFails(add(alice(), 'miu', 'therapist', 2, { createUser: true }));
    await assertFails(add(alice(), 'miu', 'therapist', 0, { createUser: true }));
  });
  it('counts a missing counter as 0', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertSucceeds(add(alice(), 'shop', 'store', 1));
  });
  it('adds, removes and adds again, the counter following', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertSucceeds(add(alice(), 'miu', 'therapist', 1));
    await assertSucceeds(add(alice(), 'shop', 'store', 2));
    await assertSucceeds(remove(alice(), 'miu', 1));
    await assertSucceeds(add(alice(), 'miu', 'therapist', 2));
    expect(await favoriteCount()).toBe(2);
  });
});

describe('favorites: adversarial writes by the owner', () => {
  it('refuses 推し-ing herself (she has a profile)', async () => {
    await seed(env(), { ...PROFILES, 'accounts/alice': therapistDoc('alice'), 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'alice', 'therapist', 1));
  });
  it('refuses a target that does not exist', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'ghost', 'therapist', 1));
    await assertFails(add(alice(), 'ghost', 'store', 1));
  });
  it('refuses a target of the wrong kind', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'miu', 'store', 1));
    await assertFails(add(alice(), 'shop', 'therapist', 1));
  });
  it('refuses an unknown kind', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'miu', 'fan', 1));
  });
  it('refuses extra and missing keys', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'miu', 'therapist', 1, { item: newFavorite('miu', 'therapist', { note: '大好き' }) }));
    await assertFails(add(alice(), 'miu', 'therapist', 1, { item: without(newFavorite('miu'), 'targetKind') }));
    await assertFails(add(alice(), 'miu', 'therapist', 1, { item: without(newFavorite('miu'), 'targetUid') }));
  });
  it('refuses a forged createdAt', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'miu', 'therapist', 1, { item: newFavorite('miu', 'therapist', { createdAt: Timestamp.now() }) }));
  });
  it('refuses a targetUid other than the doc id', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    // miu is a therapist, so only the mismatch refuses it.
    await assertFails(add(alice(), 'miu', 'therapist', 1, { item: newFavorite('shop', 'therapist') }));
    await assertFails(add(alice(), 'miu', 'therapist', 1, { item: newFavorite('shop', 'store') }));
    await assertFails(
      add(alice(), 'miu', 'therapist', 1, {
        counter: { favoriteCount: 1, lastFavoriteTarget: 'shop' },
        item: newFavorite('shop', 'store'),
      }),
    );
  });
  it('refuses a row without the counter, or with the counter not moving by one', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor({ favoriteCount: 1, lastFavoriteTarget: 'miu' }) });
    await assertFails(setDoc(doc(alice(), itemPath('shop')), newFavorite('shop', 'store')));
    await assertFails(add(alice(), 'shop', 'store', 1));
    await assertFails(add(alice(), 'shop', 'store', 3));
    await assertFails(add(alice(), 'shop', 'store', 0));
  });
  it('refuses a row whose counter names another item', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    await assertFails(add(alice(), 'shop', 'store', 1, { counter: { favoriteCount: 1, lastFavoriteTarget: 'miu' } }));
  });
  it('refuses two rows for one step of the counter', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    const db = alice();
    const batch = writeBatch(db);
    batch.set(doc(db, itemPath('miu')), newFavorite('miu'));
    batch.set(doc(db, itemPath('shop')), newFavorite('shop', 'store'));
    batch.update(doc(db, 'users', 'alice'), { favoriteCount: 1, lastFavoriteTarget: 'shop' });
    await assertFails(batch.commit());
  });
  it('refuses bumping the counter without a row', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: 2, lastFavoriteTarget: 'shop' }));
    // Naming a row that already exists does not make a new one.
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: 2, lastFavoriteTarget: 'miu' }));
  });
  it('refuses deleting a row without lowering the counter', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(deleteDoc(doc(alice(), itemPath('miu'))));
    await assertFails(remove(alice(), 'miu', 1));
    await assertFails(remove(alice(), 'miu', 0, { favoriteCount: 0, lastFavoriteTarget: 'shop' }));
  });
  it('refuses moving the marker alone, or to something that is not a uid', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { lastFavoriteTarget: 'shop' }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { lastFavoriteTarget: 7 }));
  });
  it('refuses a counter below 0 (a row trusted code left uncounted)', async () => {
    await seed(env(), { ...ONE_FAVORITE, 'users/alice': userDocFor({ favoriteCount: 0, lastFavoriteTarget: 'miu' }) });
    await assertFails(remove(alice(), 'miu', -1));
  });
  it('refuses lowering the counter without deleting a row', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: 0 }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: 0, lastFavoriteTarget: 'shop' }));
  });
  it('refuses two deletes for one step of the counter', async () => {
    await seed(env(), {
      ...ONE_FAVORITE,
      'users/alice': userDocFor({ favoriteCount: 2, lastFavoriteTarget: 'shop' }),
      [itemPath('shop')]: favoriteDocFor('shop', 'store'),
    });
    const db = alice();
    const batch = writeBatch(db);
    batch.delete(doc(db, itemPath('miu')));
    batch.delete(doc(db, itemPath('shop')));
    batch.update(doc(db, 'users', 'alice'), { favoriteCount: 1, lastFavoriteTarget: 'shop' });
    await assertFails(batch.commit());
  });
  it('refuses writing favoriteCount by hand', async () => {
    await seed(env(), ONE_FAVORITE);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: 7 }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: '2', lastFavoriteTarget: 'shop' }));
    await assertFails(setDoc(doc(alice(), 'users', 'alice'), { createdAt: serverTimestamp(), favoriteCount: 0 }));
  });
  it('refuses a new row while she is suspended, but lets her remove one', async () => {
    await seed(env(), { ...ONE_FAVORITE, 'suspensions/alice': suspensionDocFor() });
    await assertFails(add(alice(), 'shop', 'store', 2));
    await assertSucceeds(remove(alice(), 'miu', 0));
  });
});

describe(`favorites: the cap (MAX_FAVORITES ${MAX_FAVORITES})`, () => {
  it('takes the last one up to the cap', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor({ favoriteCount: MAX_FAVORITES - 1, lastFavoriteTarget: 'someone' }) });
    await assertSucceeds(add(alice(), 'miu', 'therapist', MAX_FAVORITES));
  });
  it('refuses one more at the cap', async () => {
    await seed(env(), { ...ONE_FAVORITE, 'users/alice': userDocFor({ favoriteCount: MAX_FAVORITES, lastFavoriteTarget: 'miu' }) });
    await assertFails(add(alice(), 'shop', 'store', MAX_FAVORITES + 1));
    await assertFails(add(alice(), 'shop', 'store', MAX_FAVORITES));
  });
  it('cannot lower the counter alone to get past the cap; removing one makes room', async () => {
    await seed(env(), { ...ONE_FAVORITE, 'users/alice': userDocFor({ favoriteCount: MAX_FAVORITES, lastFavoriteTarget: 'miu' }) });
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { favoriteCount: MAX_FAVORITES - 1 }));
    await assertFails(add(alice(), 'shop', 'store', MAX_FAVORITES + 1));
    await assertSucceeds(remove(alice(), 'miu', MAX_FAVORITES - 1));
    await assertSucceeds(add(alice(), 'shop', 'store', MAX_FAVORITES));
  });
});

describe('favorites: rules and schema agree on the item', () => {
  const cases: [string, Data, 'accepted' | 'refused'][] = [
    ['a therapist', {}, 'accepted'],
    ['a store', { targetUid: 'shop', targetKind: 'store' }, 'accepted'],
    ['an unknown kind', { targetKind: 'fan' }, 'refused'],
    ['a kind that is not a string', { targetKind: 1 }, 'refused'],
    ['an extra key', { note: 'x' }, 'refused'],
    ['a targetUid that is a number', { targetUid: 7 }, 'refused'],
  ];
  it.each(cases)('%s: %s', async (_what, overrides, expected) => {
    const data = { ...newFavorite('miu'), ...overrides };
    const stored = { ...data, createdAt: Timestamp.now() };
    expect(favoriteDoc.safeParse(stored).success ? 'accepted' : 'refused').toBe(expected);
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    const target = typeof data.targetUid === 'string' ? data.targetUid : 'miu';
    const write = add(alice(), target, String(data.targetKind), 1, { item: data });
    await (expected === 'accepted' ? assertSucceeds(write) : assertFails(write));
  });
});
