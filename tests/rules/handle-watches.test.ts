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
import { MAX_HANDLE_WATCHES } from '../../src/lib/caps';
import { handleWatchDoc } from '../../src/schema/favorites';
import { handleWatchDocFor, suspensionDocFor, userDocFor } from '../factories/documents';
import { countedWrites, fanRoles, WATCH_ITEMS } from './counted-writes';
import { allowedIf, type Db, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * handleWatches/{uid}/handles/{handle}: alice waits for X handles to be
 * registered. Hers alone to read and write (nobody may learn whom she
 * waits for), each create or delete moving users/alice.watchCount by one
 * in the same write (docs/decisions/favorites-and-handle-watches.md).
 */
const env = useRulesEnvironment();
type Data = Record<string, unknown>;

const alice = () => env().authenticatedContext('alice').firestore();
const writes = countedWrites(WATCH_ITEMS);
const { itemPath } = writes;
const newWatch = (handle: string, overrides: Data = {}): Data => ({ handle, createdAt: serverTimestamp(), ...overrides });
/** The write watchHandle makes: the watch and the counter moved to `count`. */
const watch = (db: Db, handle: string, count = 1, data: Data = newWatch(handle), createUser = false) =>
  writes.add(db, handle, data, count, { createUser });
/** The write unwatchHandle makes. */
const unwatch = (db: Db, handle: string, count = 0, counter?: Data | null) => writes.remove(db, handle, count, counter);

/** alice already waits for miu_0312; her counter says 1. */
const ONE_WATCH = {
  'users/alice': userDocFor({ watchCount: 1, lastWatchedHandle: 'miu_0312' }),
  [itemPath('miu_0312')]: handleWatchDocFor('miu_0312'),
};

describe.each(fanRoles(env))('handleWatches/{uid}/handles as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it('gets only as the owner', async () => {
    await seed(env(), ONE_WATCH);
    await ownerOnly(getDoc(doc(db(), itemPath('miu_0312'))));
  });
  it('lists only as the owner', async () => {
    await seed(env(), ONE_WATCH);
    await ownerOnly(getDocs(collection(db(), 'handleWatches', 'alice', 'handles')));
  });
  it('creates (with the counter) only as the owner', async () => {
    await seed(env(), ONE_WATCH);
    await ownerOnly(watch(db(), 'rin_new', 2));
  });
  it('cannot update, not even the owner', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(updateDoc(doc(db(), itemPath('miu_0312')), { createdAt: serverTimestamp() }));
    await assertFails(setDoc(doc(db(), itemPath('miu_0312')), newWatch('miu_0312')));
  });
  it('deletes (with the counter) only as the owner', async () => {
    await seed(env(), ONE_WATCH);
    await ownerOnly(unwatch(db(), 'miu_0312', 0));
  });
  it('cannot find who waits for a handle with a collection-group query', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(getDocs(query(collectionGroup(db(), 'handles'), where('handle', '==', 'miu_0312'))));
    await assertFails(getDocs(collectionGroup(db(), 'handles')));
  });
});

describe('handle watches: what the owner may write', () => {
  it('creates her users doc with her first watch (counter 1)', async () => {
    await assertSucceeds(watch(alice(), 'miu_0312', 1, newWatch('miu_0312'), true));
    expect(await writes.storedCount(env())).toBe(1);
  });
  it('adds, removes and adds again, the counter following', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await assertSucceeds(watch(alice(), 'miu_0312', 1));
    await assertSucceeds(watch(alice(), 'rin_new', 2));
    await assertSucceeds(unwatch(alice(), 'miu_0312', 1));
    await assertSucceeds(watch(alice(), 'miu_0312', 2));
    expect(await writes.storedCount(env())).toBe(2);
  });
});

describe('handle watches: adversarial writes by the owner', () => {
  it.each(['MIU_0312', '@miu_0312', 'miu-0312', 'a'.repeat(16), 'ｍｉｕ'])(
    'refuses the unnormalised or invalid handle %j',
    async (handle) => {
      await seed(env(), { 'users/alice': userDocFor() });
      await assertFails(watch(alice(), handle, 1));
    },
  );
  it('refuses a handle other than the doc id', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await assertFails(watch(alice(), 'miu_0312', 1, newWatch('rin_new')));
  });
  it('refuses extra and missing keys', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await assertFails(watch(alice(), 'miu_0312', 1, newWatch('miu_0312', { targetUid: 'miu' })));
    await assertFails(watch(alice(), 'miu_0312', 1, without(newWatch('miu_0312'), 'handle')));
    await assertFails(watch(alice(), 'miu_0312', 1, without(newWatch('miu_0312'), 'createdAt')));
  });
  it('refuses a forged createdAt', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await assertFails(watch(alice(), 'miu_0312', 1, newWatch('miu_0312', { createdAt: Timestamp.now() })));
  });
  it('refuses a watch without the counter, or with the counter not moving by one', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(setDoc(doc(alice(), itemPath('rin_new')), newWatch('rin_new')));
    await assertFails(watch(alice(), 'rin_new', 1));
    await assertFails(watch(alice(), 'rin_new', 3));
  });
  it('refuses two watches for one step of the counter', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    const db = alice();
    const batch = writeBatch(db);
    batch.set(doc(db, itemPath('miu_0312')), newWatch('miu_0312'));
    batch.set(doc(db, itemPath('rin_new')), newWatch('rin_new'));
    batch.update(doc(db, 'users', 'alice'), { watchCount: 1, lastWatchedHandle: 'rin_new' });
    await assertFails(batch.commit());
  });
  it('refuses bumping the counter without a watch', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { watchCount: 2, lastWatchedHandle: 'rin_new' }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { watchCount: 2, lastWatchedHandle: 'miu_0312' }));
  });
  it('refuses deleting a watch without lowering the counter', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(deleteDoc(doc(alice(), itemPath('miu_0312'))));
    await assertFails(unwatch(alice(), 'miu_0312', 1));
  });
  it('refuses lowering the counter without deleting a watch, or writing it by hand', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { watchCount: 0 }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { watchCount: 0, lastWatchedHandle: 'rin_new' }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { watchCount: 9 }));
  });
  it('refuses moving the marker alone, or to something that is not a stored handle', async () => {
    await seed(env(), ONE_WATCH);
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { lastWatchedHandle: 'rin_new' }));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { lastWatchedHandle: 'MIU_0312' }));
  });
  it('refuses a counter below 0 (a watch trusted code left uncounted)', async () => {
    await seed(env(), { ...ONE_WATCH, 'users/alice': userDocFor({ watchCount: 0, lastWatchedHandle: 'miu_0312' }) });
    await assertFails(unwatch(alice(), 'miu_0312', -1));
  });
  it('refuses a new watch while she is suspended, but lets her remove one', async () => {
    await seed(env(), { ...ONE_WATCH, 'suspensions/alice': suspensionDocFor() });
    await assertFails(watch(alice(), 'rin_new', 2));
    await assertSucceeds(unwatch(alice(), 'miu_0312', 0));
  });
});

describe(`handle watches: the cap (MAX_HANDLE_WATCHES ${MAX_HANDLE_WATCHES})`, () => {
  it('takes the last one up to the cap', async () => {
    await seed(env(), { 'users/alice': userDocFor({ watchCount: MAX_HANDLE_WATCHES - 1, lastWatchedHandle: 'old' }) });
    await assertSucceeds(watch(alice(), 'rin_new', MAX_HANDLE_WATCHES));
  });
  it('cannot lower the counter alone to get past the cap; removing one makes room', async () => {
    await seed(env(), { ...ONE_WATCH, 'users/alice': userDocFor({ watchCount: MAX_HANDLE_WATCHES, lastWatchedHandle: 'miu_0312' }) });
    await assertFails(watch(alice(), 'rin_new', MAX_HANDLE_WATCHES + 1));
    await assertFails(updateDoc(doc(alice(), 'users', 'alice'), { watchCount: MAX_HANDLE_WATCHES - 1 }));
    await assertFails(watch(alice(), 'rin_new', MAX_HANDLE_WATCHES));
    await assertSucceeds(unwatch(alice(), 'miu_0312', MAX_HANDLE_WATCHES - 1));
    await assertSucceeds(watch(alice(), 'rin_new', MAX_HANDLE_WATCHES));
  });
});

describe('handle watches: rules and schema agree', () => {
  const cases: [string, string, 'accepted' | 'refused'][] = [
    ['a handle of 15 characters', 'a'.repeat(15), 'accepted'],
    ['digits and underscores', '0_9', 'accepted'],
    ['a handle of 16 characters', 'a'.repeat(16), 'refused'],
    ['upper case', 'Miu', 'refused'],
    ['a leading @', '@miu', 'refused'],
    ['a hyphen', 'miu-1', 'refused'],
  ];
  it.each(cases)('%s (%j)', async (_what, handle, expected) => {
    expect(handleWatchDoc.safeParse({ handle, createdAt: Timestamp.now() }).success ? 'accepted' : 'refused').toBe(expected);
    await seed(env(), { 'users/alice': userDocFor() });
    const write = watch(alice(), handle, 1);
    await (expected === 'accepted' ? assertSucceeds(write) : assertFails(write));
  });
});
