import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp, writeBatch } from 'firebase/firestore';
import { describe, it, beforeEach } from 'vitest';
import { type Db, deleteTombstoned, directoryProfiles, frozenDoc, shiftDoc, shiftId, signedIn, tombstoneFor } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * deletions/{collection}:{docId}: the tombstone a delete of a shift or a
 * former handle must carry (the incremental export cannot see deletes
 * otherwise). Only whoever deletes the document writes it, only in that
 * batch; nobody reads or deletes tombstones.
 */
const env = useRulesEnvironment();
const as = (uid: string) => signedIn(env, uid);
const SHIFT_ID = shiftId('alice');
const OTHER_SHIFT_ID = shiftId('alice', undefined, 1);

beforeEach(() =>
  seed(env(), {
    ...directoryProfiles(),
    [`schedules/${SHIFT_ID}`]: shiftDoc('alice', 'shop'),
    [`schedules/${OTHER_SHIFT_ID}`]: shiftDoc('alice', 'shop', { start: '21:00', end: '23:00' }),
    'frozenAccounts/x_alice_old': frozenDoc('alice', 'alice_old'),
    'deletions/schedules:old': { collection: 'schedules', docId: 'old', deletedAt: Timestamp.now() },
  }),
);

/** A batch deleting `target` (collection/id) and writing `tombstone` as the deletion doc at `tombstonePath`. */
function batchOf(db: Db, target: string | null, tombstonePath: string, tombstone: Record<string, unknown>) {
  const batch = writeBatch(db);
  if (target) batch.delete(doc(db, target));
  batch.set(doc(db, tombstonePath), tombstone);
  return batch.commit();
}

describe('deletes need their tombstone', () => {
  it('refuses alice deleting her shift without one', async () => {
    await assertFails(deleteDoc(doc(as('alice'), 'schedules', SHIFT_ID)));
  });
  it('refuses alice deleting her former handle without one', async () => {
    await assertFails(deleteDoc(doc(as('alice'), 'frozenAccounts', 'x_alice_old')));
  });
  it('accepts both with it', async () => {
    await assertSucceeds(deleteTombstoned(as('alice'), 'schedules', SHIFT_ID));
    await assertSucceeds(deleteTombstoned(as('alice'), 'frozenAccounts', 'x_alice_old'));
  });
  it('accepts deleting again after the document came back (the tombstone is rewritten)', async () => {
    await assertSucceeds(deleteTombstoned(as('alice'), 'schedules', SHIFT_ID));
    await seed(env(), { [`schedules/${SHIFT_ID}`]: shiftDoc('alice', 'shop') });
    await assertSucceeds(deleteTombstoned(as('alice'), 'schedules', SHIFT_ID));
  });
  it('refuses a tombstone naming another document than the one deleted', async () => {
    const [, tombstone] = tombstoneFor('schedules', OTHER_SHIFT_ID);
    await assertFails(batchOf(as('alice'), `schedules/${SHIFT_ID}`, `deletions/schedules:${OTHER_SHIFT_ID}`, tombstone));
  });
  it('refuses a tombstone whose deletedAt is not the server time', async () => {
    const [path, tombstone] = tombstoneFor('schedules', SHIFT_ID);
    await assertFails(batchOf(as('alice'), `schedules/${SHIFT_ID}`, path, { ...tombstone, deletedAt: Timestamp.now() }));
  });
});

describe('tombstones cannot be written on their own', () => {
  it('refuses one for a document that still exists', async () => {
    const [path, tombstone] = tombstoneFor('schedules', SHIFT_ID);
    await assertFails(setDoc(doc(as('alice'), path), tombstone));
  });
  it('refuses one for a document that never existed (spam for the export)', async () => {
    const [path, tombstone] = tombstoneFor('schedules', 'alice_2030-01-01_0');
    await assertFails(setDoc(doc(as('alice'), path), tombstone));
  });
  it("refuses bob's for alice's shift: he cannot delete it, so the batch fails", async () => {
    const [path, tombstone] = tombstoneFor('schedules', SHIFT_ID);
    await assertFails(batchOf(as('bob'), `schedules/${SHIFT_ID}`, path, tombstone));
  });
  it('refuses signed-out writers', async () => {
    const [path, tombstone] = tombstoneFor('schedules', SHIFT_ID);
    await assertFails(batchOf(env().unauthenticatedContext().firestore(), `schedules/${SHIFT_ID}`, path, tombstone));
  });
});

describe('tombstone fields', () => {
  const withTombstone = (path: string, data: Record<string, unknown>) => batchOf(as('alice'), `schedules/${SHIFT_ID}`, path, data);
  const good = () => tombstoneFor('schedules', SHIFT_ID);

  it('refuses an extra key', async () => {
    const [path, tombstone] = good();
    await assertFails(withTombstone(path, { ...tombstone, note: 'x' }));
  });
  it('refuses a missing key', async () => {
    const [path] = good();
    await assertFails(withTombstone(path, { collection: 'schedules', deletedAt: serverTimestamp() }));
  });
  it('refuses an id that does not match collection:docId', async () => {
    const [, tombstone] = good();
    await assertFails(withTombstone(`deletions/frozenAccounts:${SHIFT_ID}`, tombstone));
  });
  it('refuses a collection clients do not tombstone', async () => {
    await assertFails(
      batchOf(as('alice'), null, 'deletions/accounts:alice', { collection: 'accounts', docId: 'alice', deletedAt: serverTimestamp() }),
    );
  });
  it('refuses a store deleting its own verification with a tombstone (only trusted code unverifies)', async () => {
    await seed(env(), { 'storeVerifications/shop': { verifiedAt: Timestamp.now() } });
    await assertFails(deleteTombstoned(as('shop'), 'storeVerifications', 'shop'));
  });
  it('refuses a docId over 128 characters', async () => {
    const long = 'a'.repeat(129);
    await assertFails(withTombstone(`deletions/schedules:${long}`, { collection: 'schedules', docId: long, deletedAt: serverTimestamp() }));
  });
});

describe.each([
  ['signed out', () => env().unauthenticatedContext().firestore()],
  ['alice', () => as('alice')],
  ['bob', () => as('bob')],
])('as %s, nobody reads or deletes tombstones', (_role, db) => {
  it('cannot get one', async () => {
    await assertFails(getDoc(doc(db(), 'deletions/schedules:old')));
  });
  it('cannot list them', async () => {
    await assertFails(getDocs(collection(db(), 'deletions')));
  });
  it('cannot delete one', async () => {
    await assertFails(deleteDoc(doc(db(), 'deletions/schedules:old')));
  });
});
