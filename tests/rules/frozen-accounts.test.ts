import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection, deleteDoc, deleteField, doc, getDoc, getDocs, query, runTransaction, serverTimestamp, setDoc, Timestamp, updateDoc, where,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { allowedIf, directoryProfiles, directoryRoles, frozenDoc, newFrozen, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * frozenAccounts/{platform}_{handle}: alice's former handle x_miu_0312.
 * Any signed-in user reads one (the editor tells "yours" from "claimed");
 * only its owner lists, edits the date and note of, and deletes it; a
 * therapist or store registers only her own handles, once per handle.
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const ALICES = 'x_miu_0312';

beforeEach(() => seed(env(), { ...directoryProfiles(), [`frozenAccounts/${ALICES}`]: frozenDoc('alice') }));

describe.each(roles)('as $role', ({ role, uid, db }) => {
  const signedIn = allowedIf(uid !== null);
  const aliceOnly = allowedIf(role === 'owner therapist');

  it("gets alice's handle when signed in", async () => {
    await signedIn(getDoc(doc(db(), 'frozenAccounts', ALICES)));
  });
  it('gets an unclaimed handle when signed in (availability check)', async () => {
    await signedIn(getDoc(doc(db(), 'frozenAccounts', 'x_nobody_has')));
  });
  it("lists alice's handles only as alice", async () => {
    await aliceOnly(getDocs(query(collection(db(), 'frozenAccounts'), where('userId', '==', 'alice'))));
  });
  it('lists its own handles when signed in', async () => {
    await signedIn(getDocs(query(collection(db(), 'frozenAccounts'), where('userId', '==', uid ?? 'anyone'))));
  });
  it('cannot list without the userId filter', async () => {
    await assertFails(getDocs(collection(db(), 'frozenAccounts')));
  });
  it('registers a new handle for alice only as alice', async () => {
    await aliceOnly(setDoc(doc(db(), 'frozenAccounts', 'x_miu_old2'), newFrozen('alice', 'miu_old2')));
  });
  it('registers a new handle of its own when it has a profile', async () => {
    await signedIn(setDoc(doc(db(), 'frozenAccounts', 'x_mine_old'), newFrozen(uid ?? 'anyone', 'mine_old')));
  });
  it("updates alice's note only as alice", async () => {
    await aliceOnly(updateDoc(doc(db(), 'frozenAccounts', ALICES), { note: '新しいメモ' }));
  });
  it("deletes alice's handle only as alice", async () => {
    await aliceOnly(deleteDoc(doc(db(), 'frozenAccounts', ALICES)));
  });
});

describe('one owner per handle', () => {
  const bob = () => env().authenticatedContext('bob').firestore();

  it('lets the editor claim a free handle in a transaction (read, then create)', async () => {
    const db = bob();
    const ref = doc(db, 'frozenAccounts', 'x_bob_old');
    await assertSucceeds(
      runTransaction(db, async (transaction) => {
        if ((await transaction.get(ref)).exists()) throw new Error('taken');
        transaction.set(ref, newFrozen('bob', 'bob_old'));
      }),
    );
  });

  it("refuses another therapist's claim on a taken handle", async () => {
    await assertFails(setDoc(doc(bob(), 'frozenAccounts', ALICES), newFrozen('bob')));
  });
  it("refuses a store's claim on a taken handle", async () => {
    const shop = env().authenticatedContext('shop').firestore();
    await assertFails(setDoc(doc(shop, 'frozenAccounts', ALICES), newFrozen('shop')));
  });
  it('refuses taking it over by changing userId', async () => {
    await assertFails(updateDoc(doc(bob(), 'frozenAccounts', ALICES), { userId: 'bob' }));
  });
  it("refuses the owner re-creating her own taken handle (a create needs a missing doc; she edits instead)", async () => {
    const alice = env().authenticatedContext('alice').firestore();
    await assertFails(setDoc(doc(alice, 'frozenAccounts', ALICES), newFrozen('alice')));
  });
  it('lets a signed-in user without a profile read but not register', async () => {
    const fan = env().authenticatedContext('fan').firestore();
    await assertSucceeds(getDoc(doc(fan, 'frozenAccounts', ALICES)));
    await assertFails(setDoc(doc(fan, 'frozenAccounts', 'x_fan_old'), newFrozen('fan', 'fan_old')));
  });
});

/** Field validation, always as alice, so a refusal is the field's fault. */
describe('fields on create', () => {
  const alice = () => env().authenticatedContext('alice').firestore();
  const create = (id: string, data: Record<string, unknown>) => setDoc(doc(alice(), 'frozenAccounts', id), data);
  const valid = (overrides: Record<string, unknown> = {}) => newFrozen('alice', 'miu_new', overrides);

  it('accepts a valid entry with id x_{handle}', async () => {
    await assertSucceeds(create('x_miu_new', valid()));
  });
  it('accepts frozenOn null and an empty note', async () => {
    await assertSucceeds(create('x_miu_new', valid({ frozenOn: null, note: '' })));
  });
  it('accepts a note of 200 characters', async () => {
    await assertSucceeds(create('x_miu_new', valid({ note: 'あ'.repeat(200) })));
  });
  it('accepts a 15-character handle with digits and underscores', async () => {
    await assertSucceeds(create('x_abc_123_def_45', newFrozen('alice', 'abc_123_def_45')));
  });
  it('refuses an id other than platform_handle', async () => {
    await assertFails(create('x_other', valid()));
  });
  it('refuses an id without the platform', async () => {
    await assertFails(create('miu_new', valid()));
  });
  it.each(['Miu_New', '@miu_new', 'miu.new', 'a234567890123456', ''])('refuses the handle %j (not in stored form)', async (handle) => {
    await assertFails(create(`x_${handle}`, newFrozen('alice', handle)));
  });
  it('refuses another platform', async () => {
    await assertFails(create('instagram_miu_new', valid({ platform: 'instagram' })));
  });
  it.each(['2025-13-01', '2025-00-10', '2025-01-32', '2025/01/01', '2025-1-1', '昨年'])('refuses frozenOn %j', async (frozenOn) => {
    await assertFails(create('x_miu_new', valid({ frozenOn })));
  });
  it('refuses frozenOn as a timestamp', async () => {
    await assertFails(create('x_miu_new', valid({ frozenOn: Timestamp.now() })));
  });
  it('refuses a note over 200 characters', async () => {
    await assertFails(create('x_miu_new', valid({ note: 'あ'.repeat(201) })));
  });
  it('refuses a note that is not a string', async () => {
    await assertFails(create('x_miu_new', valid({ note: 42 })));
  });
  it('refuses an unknown key', async () => {
    await assertFails(create('x_miu_new', valid({ verified: true })));
  });
  it('refuses a missing key', async () => {
    await assertFails(create('x_miu_new', without(valid(), 'note')));
  });
  it('refuses a userId other than her uid', async () => {
    await assertFails(create('x_miu_new', valid({ userId: 'bob' })));
  });
  it('refuses a client-supplied createdAt', async () => {
    await assertFails(create('x_miu_new', valid({ createdAt: Timestamp.now() })));
  });
  it("accepts a store's own former handle", async () => {
    const shop = env().authenticatedContext('shop').firestore();
    await assertSucceeds(setDoc(doc(shop, 'frozenAccounts', 'x_shop_old'), newFrozen('shop', 'shop_old')));
  });
});

describe('fields on update', () => {
  const alice = () => env().authenticatedContext('alice').firestore();
  const update = (changes: Record<string, unknown>) => updateDoc(doc(alice(), 'frozenAccounts', ALICES), changes);

  it('accepts a new frozenOn and note', async () => {
    await assertSucceeds(update({ frozenOn: '2024-12-31', note: '日付を直しました' }));
  });
  it('accepts clearing frozenOn', async () => {
    await assertSucceeds(update({ frozenOn: null }));
  });
  it('refuses a bad frozenOn', async () => {
    await assertFails(update({ frozenOn: '2024-12-32' }));
  });
  it('refuses a note over 200 characters', async () => {
    await assertFails(update({ note: 'あ'.repeat(201) }));
  });
  it('refuses a changed handle (the id is the handle)', async () => {
    await assertFails(update({ handle: 'miu_0313' }));
  });
  it('refuses a changed platform', async () => {
    await assertFails(update({ platform: 'bluesky' }));
  });
  it('refuses a changed createdAt', async () => {
    await assertFails(update({ createdAt: serverTimestamp() }));
  });
  it('refuses a changed userId', async () => {
    await assertFails(update({ userId: 'shop' }));
  });
  it('refuses an added key', async () => {
    await assertFails(update({ verified: true }));
  });
  it('refuses removing a key', async () => {
    await assertFails(update({ note: deleteField() }));
  });
});
