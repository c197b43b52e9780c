import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  currentHandleDocFor,
  handleSlotDocFor,
  membershipDocFor,
  storeDocFor,
  storeVerificationDocFor,
  therapistDoc,
} from '../factories/documents';
import {
  allowedIf,
  type Db,
  deleteTombstoned,
  directoryProfiles,
  directoryRoles,
  frozenDoc,
  memberDocs,
  newFrozen,
  signedIn,
  tombstoneFor,
  without,
} from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * frozenAccounts/{platform}_{handle}: alice's former handle x_miu_0312 in
 * her handle slot 0. Anyone reads it while alice is published (only she,
 * and the store her request names, while she is not: it sees who asks
 * before answering); only she edits its date and
 * note, and deletes it; a therapist or store registers only her own
 * handles, once per handle, at most 10, never someone else's current X
 * handle; only alice's confirmed store, once the operator verified it,
 * raises it to 'store', naming itself in confirmedBy. shop is verified
 * here; shop2 is not.
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const ALICES = 'x_miu_0312';

beforeEach(() =>
  seed(env(), {
    ...directoryProfiles(),
    [`frozenAccounts/${ALICES}`]: frozenDoc('alice'),
    'users/alice/handleSlots/0': handleSlotDocFor(ALICES),
    'storeVerifications/shop': storeVerificationDocFor(),
  }),
);

/** The client's claim: the handle doc and its slot in one batch. */
function claim(db: Db, uid: string, handle: string, slot: number, overrides: Record<string, unknown> = {}, slotId = String(slot)) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'frozenAccounts', `x_${handle}`), newFrozen(uid, handle, { slot, ...overrides }));
  batch.set(doc(db, 'users', uid, 'handleSlots', slotId), handleSlotDocFor(`x_${handle}`));
  return batch.commit();
}

describe.each(roles)('as $role', ({ role, uid, db }) => {
  const signedInOnly = allowedIf(uid !== null);
  const aliceOnly = allowedIf(role === 'owner therapist');
  const aliceOrHerStore = allowedIf(role === 'owner therapist' || role === 'store');

  it("gets alice's handle (alice is published)", async () => {
    await assertSucceeds(getDoc(doc(db(), 'frozenAccounts', ALICES)));
  });
  it("gets alice's handle and note while she is unpublished only as alice or the store she asks (shop)", async () => {
    await seed(env(), memberDocs('alice', 'shop', { account: { published: false } }));
    await aliceOrHerStore(getDoc(doc(db(), 'frozenAccounts', ALICES)));
  });
  it("gets an unpublished alice's handle only as alice once she asks no store", async () => {
    await seed(env(), memberDocs('alice', null, { account: { published: false } }));
    await aliceOnly(getDoc(doc(db(), 'frozenAccounts', ALICES)));
  });
  it('gets an unclaimed handle when signed in (availability check)', async () => {
    await signedInOnly(getDoc(doc(db(), 'frozenAccounts', 'x_nobody_has')));
  });
  it("lists a published alice's handles", async () => {
    await assertSucceeds(getDocs(query(collection(db(), 'frozenAccounts'), where('userId', '==', 'alice'))));
  });
  it("lists an unpublished alice's handles only as alice or the store she asks (shop)", async () => {
    await seed(env(), memberDocs('alice', 'shop', { account: { published: false } }));
    await aliceOrHerStore(getDocs(query(collection(db(), 'frozenAccounts'), where('userId', '==', 'alice'))));
  });
  it("lists an unpublished alice's handles, once she asks shop2 instead, only as alice or shop2 (not the shop that confirmed her before)", async () => {
    await seed(env(), memberDocs('alice', 'shop2', { account: { published: false } }));
    await allowedIf(role === 'owner therapist' || role === 'other store')(
      getDocs(query(collection(db(), 'frozenAccounts'), where('userId', '==', 'alice'))),
    );
  });
  it('lists its own handles when signed in', async () => {
    await signedInOnly(getDocs(query(collection(db(), 'frozenAccounts'), where('userId', '==', uid ?? 'anyone'))));
  });
  it('cannot list without the userId filter', async () => {
    await assertFails(getDocs(collection(db(), 'frozenAccounts')));
  });
  it('registers a new handle for alice only as alice', async () => {
    await aliceOnly(claim(db(), 'alice', 'miu_old2', 1));
  });
  it('registers a new handle of its own when it has a profile', async () => {
    await signedInOnly(claim(db(), uid ?? 'anyone', 'mine_old', 5));
  });
  it("updates alice's note only as alice", async () => {
    await aliceOnly(updateDoc(doc(db(), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), note: '新しいメモ' }));
  });
  it("raises alice's claim to 'store' only as her confirmed, verified store", async () => {
    await allowedIf(role === 'store')(
      updateDoc(doc(db(), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), verification: 'store', confirmedBy: uid ?? 'shop' }),
    );
  });
  it("raises alice's claim to 'store' in the name of her store as nobody else", async () => {
    await allowedIf(role === 'store')(
      updateDoc(doc(db(), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), verification: 'store', confirmedBy: 'shop' }),
    );
  });
  it("raises alice's claim to 'operator' as nobody", async () => {
    await assertFails(updateDoc(doc(db(), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), verification: 'operator' }));
  });
  it("deletes alice's handle only as alice", async () => {
    await aliceOnly(deleteTombstoned(db(), 'frozenAccounts', ALICES));
  });
});

describe('one owner per handle', () => {
  const bob = () => signedIn(env, 'bob');

  it('lets the editor claim a free handle in a transaction (read, then create)', async () => {
    const db = bob();
    const ref = doc(db, 'frozenAccounts', 'x_bob_old');
    await assertSucceeds(
      runTransaction(db, async (transaction) => {
        if ((await transaction.get(ref)).exists()) throw new Error('taken');
        transaction.set(ref, newFrozen('bob', 'bob_old'));
        transaction.set(doc(db, 'users', 'bob', 'handleSlots', '0'), handleSlotDocFor('x_bob_old'));
      }),
    );
  });
  it("refuses another therapist's claim on a taken handle", async () => {
    await assertFails(claim(bob(), 'bob', 'miu_0312', 0));
  });
  it("refuses a store's claim on a taken handle", async () => {
    await assertFails(claim(signedIn(env, 'shop'), 'shop', 'miu_0312', 0));
  });
  it('refuses taking it over by changing userId', async () => {
    await assertFails(updateDoc(doc(bob(), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), userId: 'bob' }));
  });
  it('refuses the owner re-creating her own taken handle (a create needs a missing doc; she edits instead)', async () => {
    await assertFails(claim(signedIn(env, 'alice'), 'alice', 'miu_0312', 1));
  });
  it('lets a signed-in user without a profile read but not register', async () => {
    const fan = signedIn(env, 'fan');
    await assertSucceeds(getDoc(doc(fan, 'frozenAccounts', ALICES)));
    await assertFails(claim(fan, 'fan', 'fan_old', 0));
  });
});

/** Current X handles (currentHandles/x_{h}) and former ones never overlap across accounts. */
describe('claims on a current handle', () => {
  const bob = () => signedIn(env, 'bob');

  it("refuses claiming someone's current X handle as my former one", async () => {
    await seed(env(), { 'currentHandles/x_alice_now': currentHandleDocFor('alice') });
    await assertFails(claim(bob(), 'bob', 'alice_now', 0));
  });
  it('lets her register her own current handle as a former one too', async () => {
    await seed(env(), { 'currentHandles/x_bob_now': currentHandleDocFor('bob') });
    await assertSucceeds(claim(bob(), 'bob', 'bob_now', 0));
  });
});

describe('the 10-handle cap (handleSlots 0..9)', () => {
  const carol = () => signedIn(env, 'carol');
  beforeEach(() => seed(env(), { 'accounts/carol': therapistDoc('carol') }));

  it('holds 10 handles, one per slot, and refuses an 11th', async () => {
    for (let slot = 0; slot < 10; slot++) await assertSucceeds(claim(carol(), 'carol', `carol_${slot}`, slot));
    await assertFails(claim(carol(), 'carol', 'carol_10', 10));
    for (let slot = 0; slot < 10; slot++) await assertFails(claim(carol(), 'carol', 'carol_10', slot));
  });
  it('refuses slot 10 even as the first handle', async () => {
    await assertFails(claim(carol(), 'carol', 'carol_a', 10));
  });
  it('refuses a slot id other than one digit', async () => {
    await assertFails(claim(carol(), 'carol', 'carol_a', 1, {}, '01'));
  });
  it('refuses a slot that is not an integer', async () => {
    await assertFails(claim(carol(), 'carol', 'carol_a', 1.5 as number, {}, '1'));
  });
  it('refuses a negative slot', async () => {
    await assertFails(claim(carol(), 'carol', 'carol_a', -1, {}, '-1'));
  });
  it('refuses a handle without its slot doc in the same batch', async () => {
    await assertFails(setDoc(doc(carol(), 'frozenAccounts', 'x_carol_a'), newFrozen('carol', 'carol_a', { slot: 0 })));
  });
  it('refuses a slot doc naming another slot than the handle', async () => {
    await assertFails(claim(carol(), 'carol', 'carol_a', 1, {}, '2'));
  });
  it('refuses two handles sharing one slot in one batch', async () => {
    const db = carol();
    const batch = writeBatch(db);
    batch.set(doc(db, 'frozenAccounts', 'x_carol_a'), newFrozen('carol', 'carol_a', { slot: 0 }));
    batch.set(doc(db, 'frozenAccounts', 'x_carol_b'), newFrozen('carol', 'carol_b', { slot: 0 }));
    batch.set(doc(db, 'users', 'carol', 'handleSlots', '0'), handleSlotDocFor('x_carol_a'));
    await assertFails(batch.commit());
  });
  it('frees a slot by deleting the handle and its slot together, then reuses it', async () => {
    await assertSucceeds(claim(carol(), 'carol', 'carol_a', 0));
    const db = carol();
    const batch = writeBatch(db);
    batch.delete(doc(db, 'frozenAccounts', 'x_carol_a'));
    batch.set(doc(db, tombstoneFor('frozenAccounts', 'x_carol_a')[0]), tombstoneFor('frozenAccounts', 'x_carol_a')[1]);
    batch.delete(doc(db, 'users', 'carol', 'handleSlots', '0'));
    await assertSucceeds(batch.commit());
    await assertSucceeds(claim(carol(), 'carol', 'carol_b', 0));
  });
});

describe('users/{uid}/handleSlots', () => {
  const alice = () => signedIn(env, 'alice');
  const SLOT = 'users/alice/handleSlots/0';

  it.each([
    ['alice', true],
    ['bob', false],
    ['shop', false],
  ] as const)('gets and lists as %s: %s', async (uid, allowed) => {
    await allowedIf(allowed)(getDoc(doc(signedIn(env, uid), SLOT)));
    await allowedIf(allowed)(getDocs(collection(signedIn(env, uid), 'users/alice/handleSlots')));
  });
  it('refuses deleting the slot of a handle she still holds there', async () => {
    await assertFails(deleteDoc(doc(alice(), SLOT)));
  });
  it('deletes the slot of a handle that is gone', async () => {
    await seed(env(), { 'users/alice/handleSlots/3': handleSlotDocFor('x_gone_handle') });
    await assertSucceeds(deleteDoc(doc(alice(), 'users/alice/handleSlots/3')));
  });
  it('deletes a slot whose handle was transferred to someone else', async () => {
    await seed(env(), {
      'frozenAccounts/x_moved': frozenDoc('bob', 'moved', { slot: 3 }),
      'users/alice/handleSlots/3': handleSlotDocFor('x_moved'),
    });
    await assertSucceeds(deleteDoc(doc(alice(), 'users/alice/handleSlots/3')));
  });
  it('deletes a slot whose handle now names another slot', async () => {
    await seed(env(), {
      'frozenAccounts/x_moved': frozenDoc('alice', 'moved', { slot: 4 }),
      'users/alice/handleSlots/3': handleSlotDocFor('x_moved'),
    });
    await assertSucceeds(deleteDoc(doc(alice(), 'users/alice/handleSlots/3')));
  });
  it("refuses bob deleting alice's slot", async () => {
    await seed(env(), { 'users/alice/handleSlots/3': handleSlotDocFor('x_gone_handle') });
    await assertFails(deleteDoc(doc(signedIn(env, 'bob'), 'users/alice/handleSlots/3')));
  });
  it('refuses rewriting a slot (update)', async () => {
    await seed(env(), { 'frozenAccounts/x_other': frozenDoc('alice', 'other', { slot: 0 }) });
    await assertFails(setDoc(doc(alice(), SLOT), handleSlotDocFor('x_other')));
  });
  it('refuses a second slot doc for a handle she holds in another slot', async () => {
    await assertFails(setDoc(doc(alice(), 'users/alice/handleSlots/5'), handleSlotDocFor(ALICES)));
  });
  it.each(['00', '0.0', '+0'])('refuses the slot id %j (one digit only)', async (slot) => {
    await assertFails(setDoc(doc(alice(), `users/alice/handleSlots/${slot}`), handleSlotDocFor(ALICES)));
  });
  it('refuses a slot for a handle that is not hers', async () => {
    await seed(env(), { 'frozenAccounts/x_bobs': frozenDoc('bob', 'bobs', { slot: 5 }) });
    await assertFails(setDoc(doc(alice(), 'users/alice/handleSlots/5'), handleSlotDocFor('x_bobs')));
  });
  it('refuses a slot with an extra key', async () => {
    const db = alice();
    const batch = writeBatch(db);
    batch.set(doc(db, 'frozenAccounts', 'x_miu_a'), newFrozen('alice', 'miu_a', { slot: 1 }));
    batch.set(doc(db, 'users/alice/handleSlots/1'), { handleId: 'x_miu_a', note: 'x' });
    await assertFails(batch.commit());
  });
  it("refuses a slot in bob's folder for alice's new handle", async () => {
    const db = alice();
    const batch = writeBatch(db);
    batch.set(doc(db, 'frozenAccounts', 'x_miu_a'), newFrozen('alice', 'miu_a', { slot: 1 }));
    batch.set(doc(db, 'users/bob/handleSlots/1'), handleSlotDocFor('x_miu_a'));
    await assertFails(batch.commit());
  });
});

/** A therapist's confirmed store, verified by the operator, raises her self-declared claim to 店舗確認済み. */
describe('verification by her store', () => {
  const raise = (uid: string, confirmedBy: unknown = uid) =>
    updateDoc(doc(signedIn(env, uid), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), verification: 'store', confirmedBy });
  const unverify = (storeId: string) =>
    env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), 'storeVerifications', storeId)));

  it('lets her confirmed, verified store raise self to store, naming itself', async () => {
    await assertSucceeds(raise('shop'));
  });
  it('refuses her confirmed store while the operator has not verified it', async () => {
    await unverify('shop');
    await assertFails(raise('shop'));
  });
  it('refuses a sock store: published, confirming its own owner as a member, but never verified', async () => {
    // A second mailbox registers "sock", publishes it, joins it as a therapist (mallory) and confirms herself.
    await seed(env(), {
      'stores/sock': storeDocFor('sock'),
      ...memberDocs('mallory', 'sock'),
      'memberships/sock_mallory': membershipDocFor('sock', 'mallory'),
      'frozenAccounts/x_rena_official': frozenDoc('mallory', 'rena_official'),
    });
    const sock = signedIn(env, 'sock');
    await assertFails(
      updateDoc(doc(sock, 'frozenAccounts', 'x_rena_official'), {
        updatedAt: serverTimestamp(),
        verification: 'store',
        confirmedBy: 'sock',
      }),
    );
    // The same store, once the operator verified it, may (the refusal above is the verification's doing).
    await seed(env(), { 'storeVerifications/sock': storeVerificationDocFor() });
    await assertSucceeds(
      updateDoc(doc(sock, 'frozenAccounts', 'x_rena_official'), {
        updatedAt: serverTimestamp(),
        verification: 'store',
        confirmedBy: 'sock',
      }),
    );
  });
  it('refuses a verified store she is not a member of', async () => {
    await seed(env(), { 'storeVerifications/shop2': storeVerificationDocFor() });
    await assertFails(raise('shop2'));
  });
  it('refuses confirmedBy naming another (verified) store', async () => {
    await seed(env(), { 'storeVerifications/shop2': storeVerificationDocFor() });
    await assertFails(raise('shop', 'shop2'));
  });
  it('refuses a store badge without confirmedBy', async () => {
    await assertFails(raise('shop', null));
    await assertFails(
      updateDoc(doc(signedIn(env, 'shop'), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), verification: 'store' }),
    );
  });
  it('refuses confirmedBy that is not a uid', async () => {
    await assertFails(raise('shop', 42));
    await assertFails(raise('shop', ''));
  });
  it('refuses the therapist naming her store in confirmedBy herself', async () => {
    await assertFails(raise('alice', 'shop'));
    await assertFails(
      updateDoc(doc(signedIn(env, 'alice'), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), confirmedBy: 'shop' }),
    );
  });
  it('refuses another store rewriting confirmedBy on a store-confirmed claim', async () => {
    await seed(env(), {
      [`frozenAccounts/${ALICES}`]: frozenDoc('alice', 'miu_0312', { verification: 'store', confirmedBy: 'shop' }),
      'storeVerifications/shop2': storeVerificationDocFor(),
    });
    await assertFails(
      updateDoc(doc(signedIn(env, 'shop2'), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), confirmedBy: 'shop2' }),
    );
    await assertFails(
      updateDoc(doc(signedIn(env, 'shop'), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), confirmedBy: 'shop2' }),
    );
  });
  it('refuses the therapist herself', async () => {
    await assertFails(raise('alice'));
  });
  it('refuses a store she is not a member of', async () => {
    await assertFails(raise('shop2'));
  });
  it('refuses her store while the request is unanswered', async () => {
    await seed(env(), directoryProfiles({ aliceConfirmed: false }));
    await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), 'memberships/shop_alice')));
    await assertFails(raise('shop'));
  });
  it.each(['declined', 'removed'])('refuses her store once the membership is %s', async (status) => {
    await seed(env(), { 'memberships/shop_alice': membershipDocFor('shop', 'alice', { status }) });
    await assertFails(raise('shop'));
  });
  it('refuses her old store after she left it', async () => {
    await seed(env(), memberDocs('alice', null));
    await assertFails(raise('shop'));
  });
  it('refuses her store after she left and asked again (a new request needs a new confirmation)', async () => {
    await seed(env(), memberDocs('alice', 'shop', { request: { requestedAt: Timestamp.now() } }));
    await assertFails(raise('shop'));
  });
  it('refuses changing anything else with it', async () => {
    await assertFails(
      updateDoc(doc(signedIn(env, 'shop'), 'frozenAccounts', ALICES), {
        updatedAt: serverTimestamp(),
        verification: 'store',
        confirmedBy: 'shop',
        note: '店舗より',
      }),
    );
  });
  it("refuses raising to 'operator'", async () => {
    await assertFails(
      updateDoc(doc(signedIn(env, 'shop'), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), verification: 'operator' }),
    );
  });
  it('refuses lowering an operator-confirmed claim to store', async () => {
    await seed(env(), { [`frozenAccounts/${ALICES}`]: frozenDoc('alice', 'miu_0312', { verification: 'operator' }) });
    await assertFails(raise('shop'));
  });
  it('refuses the owner lowering a store-confirmed claim back to self', async () => {
    await seed(env(), { [`frozenAccounts/${ALICES}`]: frozenDoc('alice', 'miu_0312', { verification: 'store', confirmedBy: 'shop' }) });
    await assertFails(
      updateDoc(doc(signedIn(env, 'alice'), 'frozenAccounts', ALICES), {
        updatedAt: serverTimestamp(),
        verification: 'self',
        confirmedBy: null,
      }),
    );
  });
  it('refuses a verified store raising its own handle', async () => {
    await seed(env(), { 'frozenAccounts/x_shop_old': frozenDoc('shop', 'shop_old') });
    await assertFails(
      updateDoc(doc(signedIn(env, 'shop'), 'frozenAccounts', 'x_shop_old'), {
        updatedAt: serverTimestamp(),
        verification: 'store',
        confirmedBy: 'shop',
      }),
    );
  });
  it('refuses a therapist who faked a membership doc (memberships are written by stores only)', async () => {
    // bob names shop2; alice is no store: she cannot have written memberships/alice_bob.
    await seed(env(), {
      'frozenAccounts/x_bob_old': frozenDoc('bob', 'bob_old'),
      'memberships/alice_bob': membershipDocFor('alice', 'bob'),
      'storeVerifications/alice': storeVerificationDocFor(),
    });
    await assertFails(
      updateDoc(doc(signedIn(env, 'alice'), 'frozenAccounts', 'x_bob_old'), {
        updatedAt: serverTimestamp(),
        verification: 'store',
        confirmedBy: 'alice',
      }),
    );
  });
});

/** Field validation, always as alice, so a refusal is the field's fault. */
describe('fields on create', () => {
  const alice = () => signedIn(env, 'alice');
  const create = (handle: string, overrides: Record<string, unknown> = {}) => claim(alice(), 'alice', handle, 1, overrides);
  const createRaw = (id: string, data: Record<string, unknown>) => {
    const db = alice();
    const batch = writeBatch(db);
    batch.set(doc(db, 'frozenAccounts', id), data);
    batch.set(doc(db, 'users', 'alice', 'handleSlots', '1'), handleSlotDocFor(id));
    return batch.commit();
  };
  const valid = (overrides: Record<string, unknown> = {}) => newFrozen('alice', 'miu_new', { slot: 1, ...overrides });

  it('accepts a valid entry with id x_{handle}', async () => {
    await assertSucceeds(create('miu_new'));
  });
  it('accepts frozenOn null and an empty note', async () => {
    await assertSucceeds(create('miu_new', { frozenOn: null, note: '' }));
  });
  it('accepts a note of 200 characters', async () => {
    await assertSucceeds(create('miu_new', { note: 'あ'.repeat(200) }));
  });
  it('accepts 29 February of a leap year', async () => {
    await assertSucceeds(create('miu_new', { frozenOn: '2024-02-29' }));
  });
  it('accepts a 15-character handle with digits and underscores', async () => {
    await assertSucceeds(create('abc_123_def_45'));
  });
  it('refuses an id other than platform_handle', async () => {
    await assertFails(createRaw('x_other', valid()));
  });
  it('refuses an id without the platform', async () => {
    await assertFails(createRaw('miu_new', valid()));
  });
  it.each(['Miu_New', '@miu_new', 'miu.new', 'a234567890123456', ''])('refuses the handle %j (not in stored form)', async (handle) => {
    await assertFails(create(handle));
  });
  it('refuses another platform', async () => {
    await assertFails(createRaw('instagram_miu_new', valid({ platform: 'instagram' })));
  });
  it.each(['2025-13-01', '2025-00-10', '2025-01-32', '2025/01/01', '2025-1-1', '昨年', '2026-02-30', '2025-02-29', '2026-04-31'])(
    'refuses frozenOn %j',
    async (frozenOn) => {
      await assertFails(create('miu_new', { frozenOn }));
    },
  );
  it('refuses frozenOn as a timestamp', async () => {
    await assertFails(create('miu_new', { frozenOn: Timestamp.now() }));
  });
  it('refuses a note over 200 characters', async () => {
    await assertFails(create('miu_new', { note: 'あ'.repeat(201) }));
  });
  it('refuses a note of 100 emoji (200 UTF-16 units are fine, 101 emoji are 202)', async () => {
    await assertSucceeds(create('miu_new', { note: '😀'.repeat(100) }));
    await assertFails(create('miu_other', { note: '😀'.repeat(101) }));
  });
  it('refuses a note that is not a string', async () => {
    await assertFails(create('miu_new', { note: 42 }));
  });
  it('refuses an unknown key', async () => {
    await assertFails(create('miu_new', { verified: true }));
  });
  it('refuses a missing key', async () => {
    await assertFails(createRaw('x_miu_new', without(valid(), 'note')));
  });
  it('refuses a missing verification', async () => {
    await assertFails(createRaw('x_miu_new', without(valid(), 'verification')));
  });
  it.each(['store', 'operator', 'admin'])('refuses creating with verification %j (only self)', async (verification) => {
    await assertFails(create('miu_new', { verification }));
  });
  it("refuses creating a 'store' claim that names a store", async () => {
    await assertFails(create('miu_new', { verification: 'store', confirmedBy: 'shop' }));
  });
  it('refuses a self claim naming a store in confirmedBy', async () => {
    await assertFails(create('miu_new', { confirmedBy: 'shop' }));
  });
  it('refuses a missing confirmedBy', async () => {
    await assertFails(createRaw('x_miu_new', without(valid(), 'confirmedBy')));
  });
  it('refuses a userId other than her uid', async () => {
    await assertFails(create('miu_new', { userId: 'bob' }));
  });
  it('refuses a client-supplied createdAt', async () => {
    await assertFails(create('miu_new', { createdAt: Timestamp.now() }));
  });
  it("accepts a store's own former handle", async () => {
    await assertSucceeds(claim(signedIn(env, 'shop'), 'shop', 'shop_old', 0));
  });
});

describe('fields on update', () => {
  const alice = () => signedIn(env, 'alice');
  const update = (changes: Record<string, unknown>) =>
    updateDoc(doc(alice(), 'frozenAccounts', ALICES), { updatedAt: serverTimestamp(), ...changes });

  it('accepts a new frozenOn and note', async () => {
    await assertSucceeds(update({ frozenOn: '2024-12-31', note: '日付を直しました' }));
  });
  it('accepts clearing frozenOn', async () => {
    await assertSucceeds(update({ frozenOn: null }));
  });
  it.each(['2024-12-32', '2026-02-30'])('refuses the frozenOn %j', async (frozenOn) => {
    await assertFails(update({ frozenOn }));
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
  it('refuses a changed slot', async () => {
    await assertFails(update({ slot: 5 }));
  });
  it('refuses raising her own verification', async () => {
    await assertFails(update({ verification: 'store' }));
    await assertFails(update({ verification: 'store', confirmedBy: 'shop' }));
  });
  it('refuses setting confirmedBy', async () => {
    await assertFails(update({ confirmedBy: 'shop' }));
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

describe('reads of a store owner', () => {
  it("follow the store's published flag", async () => {
    await seed(env(), {
      'frozenAccounts/x_shop_old': frozenDoc('shop', 'shop_old'),
      'stores/shop2': storeDocFor('shop2', { published: false }),
      'frozenAccounts/x_shop2_old': frozenDoc('shop2', 'shop2_old'),
    });
    const bob = signedIn(env, 'bob');
    await assertSucceeds(getDoc(doc(bob, 'frozenAccounts', 'x_shop_old')));
    await assertFails(getDoc(doc(bob, 'frozenAccounts', 'x_shop2_old')));
    await assertSucceeds(getDocs(query(collection(bob, 'frozenAccounts'), where('userId', '==', 'shop'))));
    await assertFails(getDocs(query(collection(bob, 'frozenAccounts'), where('userId', '==', 'shop2'))));
  });
  it('stay private for an owner without any profile', async () => {
    await seed(env(), { 'frozenAccounts/x_ghost_old': frozenDoc('ghost', 'ghost_old') });
    await assertFails(getDoc(doc(signedIn(env, 'bob'), 'frozenAccounts', 'x_ghost_old')));
  });
});
