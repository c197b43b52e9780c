import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection, deleteDoc, deleteField, doc, getDoc, getDocs, query, serverTimestamp, setDoc, Timestamp, updateDoc, where, writeBatch,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { therapistDoc } from '../factories/documents';
import { allowedIf, directoryProfiles, directoryRoles, newShift, shiftDoc, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * schedules/{id}: alice works at shop (her profile names it); bob at shop2.
 * A shift carries the therapist's current store; alice and shop read and
 * write alice's shifts, nobody else does.
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const SHIFT = 'schedules/sh-alice';

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
    await aliceOrHerStore(setDoc(doc(db(), 'schedules', 'sh-new'), newShift('alice', 'shop')));
  });
  it("updates alice's shift only as alice or shop", async () => {
    await aliceOrHerStore(updateDoc(doc(db(), SHIFT), { start: '19:00', updatedAt: serverTimestamp() }));
  });
  it("deletes alice's shift only as alice or shop", async () => {
    await aliceOrHerStore(deleteDoc(doc(db(), SHIFT)));
  });
});

describe('who may write for whom', () => {
  const as = (uid: string) => env().authenticatedContext(uid).firestore();
  const create = (uid: string, data: Record<string, unknown>) => setDoc(doc(as(uid), 'schedules', 'sh-new'), data);

  it('lets a store write a shift for a therapist who names it', async () => {
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
  it('refuses a therapist writing no store while she has one', async () => {
    await assertFails(create('alice', newShift('alice', null)));
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
    const week = query(collection(as('shop'), 'schedules'), where('userId', '==', 'alice'), where('storeId', '==', 'shop'),
      where('date', '>=', '2026-11-22'), where('date', '<', '2026-11-30'));
    await assertSucceeds(getDocs(week));
  });
  it("lets a therapist list her week (the editor's query)", async () => {
    const week = query(collection(as('alice'), 'schedules'), where('userId', '==', 'alice'),
      where('date', '>=', '2026-11-22'), where('date', '<', '2026-11-30'));
    await assertSucceeds(getDocs(week));
  });
  it.each(['alice', 'shop'])('lets %s copy a week: 14 shifts in one batch', async (writer) => {
    const db = as(writer);
    const batch = writeBatch(db);
    for (let day = 0; day < 14; day++) {
      batch.set(doc(collection(db, 'schedules')), newShift('alice', 'shop', { date: `2026-12-${String(day + 1).padStart(2, '0')}` }));
    }
    await assertSucceeds(batch.commit());
  });
});

describe('updates', () => {
  const as = (uid: string) => env().authenticatedContext(uid).firestore();
  const update = (uid: string, changes: Record<string, unknown>, path = SHIFT) =>
    updateDoc(doc(as(uid), path), { updatedAt: serverTimestamp(), ...changes });

  it('refuses alice reassigning her shift to another therapist', async () => {
    await assertFails(update('alice', { userId: 'bob' }));
  });
  it("refuses the store reassigning alice's shift to bob", async () => {
    await assertFails(update('shop', { userId: 'bob' }));
  });
  it("refuses the store handing alice's shift to another of its therapists", async () => {
    await seed(env(), { 'accounts/carol': therapistDoc('carol', { storeId: 'shop' }) });
    await assertFails(update('shop', { userId: 'carol' }));
  });
  it('refuses the store moving a shift to another store', async () => {
    await assertFails(update('shop', { storeId: 'shop2' }));
  });
  it('refuses alice moving a shift to a store that is not her current one', async () => {
    await assertFails(update('alice', { storeId: 'shop2' }));
  });

  describe('after alice moved from shop2 to shop', () => {
    const OLD = 'schedules/sh-old';
    beforeEach(() => seed(env(), { [OLD]: shiftDoc('alice', 'shop2') }));

    it('lets alice bring her old shift to her current store', async () => {
      await assertSucceeds(update('alice', { storeId: 'shop' }, OLD));
    });
    it("refuses the new store taking over the old store's shift", async () => {
      await assertFails(update('shop', { storeId: 'shop' }, OLD));
    });
    it('refuses the old store editing it', async () => {
      await assertFails(update('shop2', { note: '変更' }, OLD));
    });
    it('refuses the old store deleting it', async () => {
      await assertFails(deleteDoc(doc(as('shop2'), OLD)));
    });
    it('lets alice delete it', async () => {
      await assertSucceeds(deleteDoc(doc(as('alice'), OLD)));
    });
    it('still lets the old store read it (its storeId)', async () => {
      await assertSucceeds(getDoc(doc(as('shop2'), OLD)));
    });
  });
});

/** Field validation as alice, so a refusal is the field's fault. */
describe('fields on create', () => {
  const alice = () => env().authenticatedContext('alice').firestore();
  const create = (data: Record<string, unknown>) => setDoc(doc(alice(), 'schedules', 'sh-new'), data);
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
  it.each(['2026-13-01', '2026-11-32', '2026/11/22', '26-11-22'])('refuses date %j', async (date) => {
    await assertFails(create(valid({ date })));
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
  const alice = () => env().authenticatedContext('alice').firestore();
  const update = (changes: Record<string, unknown>) => updateDoc(doc(alice(), SHIFT), changes);

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
