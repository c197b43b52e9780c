import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
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
import { beforeEach, describe, it } from 'vitest';
import { membershipDocFor, storeDocFor } from '../factories/documents';
import {
  allowedIf,
  deleteTombstoned,
  directoryProfiles,
  directoryRoles,
  memberDocs,
  newShift,
  SHIFT_DAY,
  shiftDoc,
  shiftId,
  signedIn,
  tokyoDay,
  tombstoneFor,
  without,
} from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * schedules/{userId}_{date}_{slot}: alice is a confirmed member of shop;
 * bob of shop2. A shift carries her store only while it has confirmed her;
 * alice and shop read and write alice's shifts, nobody else does; at most
 * 3 a day, dated from yesterday to 60 days ahead (Tokyo days).
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const SHIFT = `schedules/${shiftId('alice')}`;
const as = (uid: string) => signedIn(env, uid);

beforeEach(() => seed(env(), { ...directoryProfiles(), [SHIFT]: shiftDoc('alice', 'shop') }));

describe.each(roles)('as $role', ({ role, db }) => {
  const aliceOrHerStore = allowedIf(role === 'owner therapist' || role === 'store');

  it("gets alice's shift only as alice or her store", async () => {
    await aliceOrHerStore(getDoc(doc(db(), SHIFT)));
  });
  it("lists alice's shifts by userId only as alice", async () => {
    await allowedIf(role === 'owner therapist')(getDocs(query(collection(db(), 'schedules'), where('userId', '==', 'alice'))));
  });
  it("lists shop's shifts by storeId only as shop", async () => {
    await allowedIf(role === 'store')(getDocs(query(collection(db(), 'schedules'), where('storeId', '==', 'shop'))));
  });
  it('cannot list without a filter', async () => {
    await assertFails(getDocs(collection(db(), 'schedules')));
  });
  it('creates a shift for alice at shop only as alice or shop', async () => {
    await aliceOrHerStore(setDoc(doc(db(), 'schedules', shiftId('alice', SHIFT_DAY, 1)), newShift('alice', 'shop')));
  });
  it("updates alice's shift only as alice or shop", async () => {
    await aliceOrHerStore(updateDoc(doc(db(), SHIFT), { start: '19:00', updatedAt: serverTimestamp() }));
  });
  it("deletes alice's shift only as alice or shop", async () => {
    await aliceOrHerStore(deleteTombstoned(db(), SHIFT));
  });
});

describe('who may write for whom', () => {
  const create = (uid: string, data: Record<string, unknown>, slot = 1) =>
    setDoc(doc(as(uid), 'schedules', shiftId(String(data.userId), String(data.date), slot)), data);

  it('lets a store write a shift for its confirmed member', async () => {
    await assertSucceeds(create('shop2', newShift('bob', 'shop2')));
  });
  it('refuses a store writing for a therapist who does not name it', async () => {
    await assertFails(create('shop', newShift('bob', 'shop')));
  });
  it("refuses a store writing its therapist's shift under another store", async () => {
    await assertFails(create('shop', newShift('alice', 'shop2')));
  });
  it("refuses a store writing under its own id for another store's therapist", async () => {
    await assertFails(create('shop', newShift('bob', 'shop2')));
  });
  it('refuses a store writing a shift with itself as the therapist', async () => {
    await assertFails(create('shop', newShift('shop', 'shop')));
  });
  it('refuses a therapist writing a store that is not her current one', async () => {
    await assertFails(create('alice', newShift('alice', 'shop2')));
  });
  it('accepts a therapist writing no store (storeId null) even while she has one', async () => {
    await assertSucceeds(create('alice', newShift('alice', null)));
  });
  it('refuses a store writing a storeId-null shift for its member', async () => {
    await assertFails(create('shop', newShift('alice', null)));
  });
  it('accepts a therapist without a store writing storeId null', async () => {
    await seed(env(), directoryProfiles({ aliceStore: null }));
    await assertSucceeds(create('alice', newShift('alice', null)));
  });
  it('refuses a therapist without a store naming one anyway', async () => {
    await seed(env(), directoryProfiles({ aliceStore: null }));
    await assertFails(create('alice', newShift('alice', 'shop')));
  });
  it('refuses a therapist writing a shift for another therapist', async () => {
    await assertFails(create('bob', newShift('alice', 'shop')));
  });
  it('refuses a signed-in user without a profile writing a shift for herself', async () => {
    await assertFails(create('fan', newShift('fan', null)));
  });
  it("lets a store list one therapist's week (the editor's query)", async () => {
    const week = query(
      collection(as('shop'), 'schedules'),
      where('userId', '==', 'alice'),
      where('storeId', '==', 'shop'),
      where('date', '>=', tokyoDay(-1)),
      where('date', '<', tokyoDay(7)),
    );
    await assertSucceeds(getDocs(week));
  });
  it("lets a therapist list her week (the editor's query)", async () => {
    const week = query(
      collection(as('alice'), 'schedules'),
      where('userId', '==', 'alice'),
      where('date', '>=', tokyoDay(-1)),
      where('date', '<', tokyoDay(7)),
    );
    await assertSucceeds(getDocs(week));
  });
  it.each(['alice', 'shop'])('lets %s copy a week: 14 shifts in one batch (reads stay under the limit)', async (writer) => {
    const db = as(writer);
    const batch = writeBatch(db);
    for (let day = 2; day < 16; day++)
      batch.set(doc(db, 'schedules', shiftId('alice', tokyoDay(day), 0)), newShift('alice', 'shop', { date: tokyoDay(day) }));
    await assertSucceeds(batch.commit());
  });
  it('lets the store move a shift to another day (create in the new slot, delete the old, one batch)', async () => {
    const db = as('shop');
    const batch = writeBatch(db);
    batch.set(doc(db, 'schedules', shiftId('alice', tokyoDay(3), 0)), newShift('alice', 'shop', { date: tokyoDay(3) }));
    batch.delete(doc(db, SHIFT));
    const [tombstonePath, tombstone] = tombstoneFor('schedules', shiftId('alice'));
    batch.set(doc(db, tombstonePath), tombstone);
    await assertSucceeds(batch.commit());
  });
});

/** Membership: shifts under a store need its confirmation of her current request. */
describe('shifts under a store need a confirmed membership', () => {
  const create = (uid: string) => setDoc(doc(as(uid), 'schedules', shiftId('alice', SHIFT_DAY, 1)), newShift('alice', 'shop'));
  const unconfirmed = async () => {
    await seed(env(), directoryProfiles({ aliceConfirmed: false }));
    await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), 'memberships/shop_alice')));
  };

  it.each(['alice', 'shop'])('refuses %s while the request is unanswered', async (writer) => {
    await unconfirmed();
    await assertFails(create(writer));
  });
  it.each(['alice', 'shop'])('allows %s once the store confirmed', async (writer) => {
    await assertSucceeds(create(writer));
  });
  it.each([
    ['declined', 'alice'],
    ['declined', 'shop'],
    ['removed', 'alice'],
    ['removed', 'shop'],
  ])('refuses a %s membership (as %s)', async (status, writer) => {
    await seed(env(), { 'memberships/shop_alice': membershipDocFor('shop', 'alice', { status }) });
    await assertFails(create(writer));
  });
  it.each(['alice', 'shop'])('refuses %s after she left and asked again (the old confirmation answers an old request)', async (writer) => {
    await seed(env(), memberDocs('alice', 'shop', { request: { requestedAt: Timestamp.now() } }));
    await assertFails(create(writer));
  });
  it('refuses the store once she left (her request names no store), even with its confirmation kept', async () => {
    await seed(env(), memberDocs('alice', null));
    await assertFails(create('shop'));
  });
  it('refuses a store editing or deleting her shift once removed', async () => {
    await seed(env(), { 'memberships/shop_alice': membershipDocFor('shop', 'alice', { status: 'removed' }) });
    await assertFails(updateDoc(doc(as('shop'), SHIFT), { note: '変更', updatedAt: serverTimestamp() }));
    await assertFails(deleteTombstoned(as('shop'), SHIFT));
    await assertSucceeds(deleteTombstoned(as('alice'), SHIFT));
  });
});

/**
 * Shifts alice entered before shop confirmed her carry no store; they show
 * under shop once it confirms her (docs/decisions/membership-requests.md),
 * so shop reads them, and takes one in (writing its own id) when it edits.
 */
describe('store-less shifts of a confirmed member', () => {
  const EARLIER = `schedules/${shiftId('alice', SHIFT_DAY, 2)}`;
  const storeless = (db: ReturnType<typeof as>) =>
    query(collection(db, 'schedules'), where('userId', '==', 'alice'), where('storeId', '==', null), where('date', '>=', tokyoDay(-1)));
  beforeEach(() => seed(env(), { [EARLIER]: shiftDoc('alice', null) }));

  it("lets her confirmed store read and list them (the roster's query), and no other store", async () => {
    await assertSucceeds(getDoc(doc(as('shop'), EARLIER)));
    await assertSucceeds(getDocs(storeless(as('shop'))));
    await assertFails(getDoc(doc(as('shop2'), EARLIER)));
    await assertFails(getDocs(storeless(as('shop2'))));
    await assertFails(getDocs(storeless(as('bob'))));
  });
  const waiting = async () => {
    await seed(env(), directoryProfiles({ aliceConfirmed: false }));
    await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), 'memberships/shop_alice')));
  };
  const declined = () => seed(env(), { 'memberships/shop_alice': membershipDocFor('shop', 'alice', { status: 'declined' }) });
  const left = () => seed(env(), memberDocs('alice', null));
  it.each([
    ['while her request waits', waiting],
    ['after a decline', declined],
    ['after she left', left],
  ])('refuses the store reading them %s', async (_when, setUp) => {
    await setUp();
    await assertFails(getDoc(doc(as('shop'), EARLIER)));
    await assertFails(getDocs(storeless(as('shop'))));
  });
  it('lets her confirmed store take one in by editing it (storeId becomes its own)', async () => {
    await assertSucceeds(updateDoc(doc(as('shop'), EARLIER), { storeId: 'shop', note: '店舗で調整', updatedAt: serverTimestamp() }));
  });
  it('refuses the store editing one while leaving it store-less, or naming another store', async () => {
    await assertFails(updateDoc(doc(as('shop'), EARLIER), { note: '変更', updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(as('shop'), EARLIER), { storeId: 'shop2', updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(as('shop2'), EARLIER), { storeId: 'shop2', updatedAt: serverTimestamp() }));
  });
  it('lets her confirmed store delete one, and not once it removed her', async () => {
    await assertSucceeds(deleteTombstoned(as('shop'), EARLIER));
    await seed(env(), {
      [EARLIER]: shiftDoc('alice', null),
      'memberships/shop_alice': membershipDocFor('shop', 'alice', { status: 'removed' }),
    });
    await assertFails(deleteTombstoned(as('shop'), EARLIER));
    await assertFails(deleteTombstoned(as('shop2'), EARLIER));
  });
});

describe('the id scheme caps shifts: 3 a day', () => {
  const create = (slot: number, date = SHIFT_DAY, id = shiftId('alice', date, slot)) =>
    setDoc(
      doc(as('alice'), 'schedules', id),
      newShift('alice', 'shop', { date, start: `0${slot}:00`.slice(-5), end: `0${slot}:30`.slice(-5) }),
    );

  it('holds 3 shifts a day and refuses a 4th', async () => {
    const day = tokyoDay(5);
    for (const slot of [0, 1, 2]) await assertSucceeds(create(slot, day));
    await assertFails(create(3, day));
  });
  it.each([
    ['another date', shiftId('alice', tokyoDay(9), 0)],
    ['another user', shiftId('bob', SHIFT_DAY, 0)],
    ['an auto id', 'sh-new'],
    ['slot 3', shiftId('alice', SHIFT_DAY, 3)],
    ['slot 00', `alice_${SHIFT_DAY}_00`],
    ['no slot', `alice_${SHIFT_DAY}`],
  ])('refuses an id naming %s', async (_what, id) => {
    await assertFails(setDoc(doc(as('alice'), 'schedules', id), newShift('alice', 'shop')));
  });
  it('refuses moving a shift to another day in place (the id names its date)', async () => {
    await assertFails(updateDoc(doc(as('alice'), SHIFT), { date: tokyoDay(2), updatedAt: serverTimestamp() }));
  });
});

describe('dates: yesterday to 60 days ahead (Tokyo)', () => {
  const create = (date: string) => setDoc(doc(as('alice'), 'schedules', shiftId('alice', date, 0)), newShift('alice', 'shop', { date }));

  it.each([-1, 0, 1, 30, 60])('accepts today %+d', async (days) => {
    await assertSucceeds(create(tokyoDay(days)));
  });
  it.each([-2, -30, 61, 62, 400])('refuses today %+d', async (days) => {
    await assertFails(create(tokyoDay(days)));
  });
  it('refuses an update of a shift dated before yesterday', async () => {
    const old = `schedules/${shiftId('alice', tokyoDay(-3), 0)}`;
    await seed(env(), { [old]: shiftDoc('alice', 'shop', { date: tokyoDay(-3) }) });
    await assertFails(updateDoc(doc(as('alice'), old), { note: '修正', updatedAt: serverTimestamp() }));
    await assertSucceeds(deleteTombstoned(as('alice'), old));
  });
});

describe('updates', () => {
  const update = (uid: string, changes: Record<string, unknown>, path = SHIFT) =>
    updateDoc(doc(as(uid), path), { updatedAt: serverTimestamp(), ...changes });

  it('refuses alice reassigning her shift to another therapist', async () => {
    await assertFails(update('alice', { userId: 'bob' }));
  });
  it("refuses the store reassigning alice's shift to bob", async () => {
    await assertFails(update('shop', { userId: 'bob' }));
  });
  it("refuses the store handing alice's shift to another of its members", async () => {
    await seed(env(), { ...memberDocs('carol', 'shop'), 'memberships/shop_carol': membershipDocFor('shop', 'carol') });
    await assertFails(update('shop', { userId: 'carol' }));
  });
  it('refuses the store moving a shift to another store', async () => {
    await assertFails(update('shop', { storeId: 'shop2' }));
  });
  it('refuses alice moving a shift to a store that is not her current one', async () => {
    await assertFails(update('alice', { storeId: 'shop2' }));
  });
  it('lets alice take the store off her shift', async () => {
    await assertSucceeds(update('alice', { storeId: null }));
  });

  describe('after alice moved from shop2 to shop', () => {
    const OLD = `schedules/${shiftId('alice', SHIFT_DAY, 2)}`;
    beforeEach(() => seed(env(), { [OLD]: shiftDoc('alice', 'shop2'), 'memberships/shop2_alice': membershipDocFor('shop2', 'alice') }));

    it('lets alice bring her old shift to her current store', async () => {
      await assertSucceeds(update('alice', { storeId: 'shop' }, OLD));
    });
    it("refuses the new store taking over the old store's shift", async () => {
      await assertFails(update('shop', { storeId: 'shop' }, OLD));
    });
    it('refuses the old store editing it, though its old confirmation is kept', async () => {
      await assertFails(update('shop2', { note: '変更' }, OLD));
    });
    it('refuses the old store deleting it', async () => {
      await assertFails(deleteTombstoned(as('shop2'), OLD));
    });
    it('lets alice delete it', async () => {
      await assertSucceeds(deleteTombstoned(as('alice'), OLD));
    });
    it('still lets the old store read it (its storeId)', async () => {
      await assertSucceeds(getDoc(doc(as('shop2'), OLD)));
    });
  });
});

/** Field validation as alice, so a refusal is the field's fault. */
describe('fields on create', () => {
  const create = (data: Record<string, unknown>) => setDoc(doc(as('alice'), 'schedules', shiftId('alice', SHIFT_DAY, 1)), data);
  const valid = (overrides: Record<string, unknown> = {}) => newShift('alice', 'shop', overrides);

  it('accepts a shift passing midnight (end earlier than start)', async () => {
    await assertSucceeds(create(valid({ start: '20:00', end: '02:00' })));
  });
  it('accepts a daytime shift and a note of 100 characters', async () => {
    await assertSucceeds(create(valid({ start: '00:00', end: '23:59', note: 'あ'.repeat(100) })));
  });
  it('refuses start == end', async () => {
    await assertFails(create(valid({ start: '12:00', end: '12:00' })));
  });
  it.each(['24:00', '9:00', '12:60', '12-00', ''])('refuses start %j', async (start) => {
    await assertFails(create(valid({ start })));
  });
  it.each(['25:00', '1200'])('refuses end %j', async (end) => {
    await assertFails(create(valid({ end })));
  });
  it.each(['2026-13-01', '2026-11-32', '2026/11/22', '26-11-22', '2026-02-30', '2027-02-29'])('refuses date %j', async (date) => {
    await assertFails(setDoc(doc(as('alice'), 'schedules', shiftId('alice', date, 0)), valid({ date })));
  });
  it('refuses a note over 100 characters', async () => {
    await assertFails(create(valid({ note: 'あ'.repeat(101) })));
  });
  it('refuses a storeId that is not a string or null', async () => {
    await assertFails(create(valid({ storeId: 42 })));
  });
  it('refuses an unknown key', async () => {
    await assertFails(create(valid({ paid: true })));
  });
  it('refuses a missing key', async () => {
    await assertFails(create(without(valid(), 'note')));
  });
  it('refuses a client-supplied updatedAt', async () => {
    await assertFails(create(valid({ updatedAt: Timestamp.now() })));
  });
});

describe('fields on update', () => {
  const update = (changes: Record<string, unknown>) => updateDoc(doc(as('alice'), SHIFT), changes);

  it('accepts new times with updatedAt = request.time', async () => {
    await assertSucceeds(update({ start: '18:00', end: '23:30', updatedAt: serverTimestamp() }));
  });
  it('refuses leaving updatedAt as it was', async () => {
    await assertFails(update({ start: '18:00' }));
  });
  it('refuses a client-supplied updatedAt', async () => {
    await assertFails(update({ start: '18:00', updatedAt: Timestamp.now() }));
  });
  it('refuses start == end', async () => {
    await assertFails(update({ start: '02:00', updatedAt: serverTimestamp() }));
  });
  it('refuses a bad date', async () => {
    await assertFails(update({ date: '2026-02-30x', updatedAt: serverTimestamp() }));
  });
  it('refuses an added key', async () => {
    await assertFails(update({ paid: true, updatedAt: serverTimestamp() }));
  });
  it('refuses removing a key', async () => {
    await assertFails(update({ note: deleteField(), updatedAt: serverTimestamp() }));
  });
});

it("lets an unpublished store keep writing its confirmed member's shifts (membership decides, not publication)", async () => {
  await seed(env(), { 'stores/shop': storeDocFor('shop', { published: false }) });
  await assertSucceeds(setDoc(doc(as('shop'), 'schedules', shiftId('alice', SHIFT_DAY, 1)), newShift('alice', 'shop')));
});
