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
import { beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_AT, storeDocFor, storeRequestDocFor, suspensionDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, directoryProfiles, directoryRoles, signedIn, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * storeRequests/{uid}: the store a therapist asks to join, and when. alice
 * asks shop (confirmed), bob asks shop2 (directoryProfiles). Only alice and
 * shop read alice's request; shop lists the requests naming it; only alice
 * writes hers, naming a published store at the server's time; nobody
 * deletes it.
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const ALICE = 'storeRequests/alice';

/** alice's request as her client writes it: asking `storeId` now. */
const asking = (storeId: string | null, overrides: Record<string, unknown> = {}) => ({
  userId: 'alice',
  storeId,
  requestedAt: storeId === null ? null : serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});

const removeAlicesRequest = () =>
  env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), ALICE)).then(() => undefined));

beforeEach(() =>
  seed(env(), {
    ...directoryProfiles(),
    'accounts/carol': therapistDoc('carol', { published: false }),
    'storeRequests/carol': storeRequestDocFor('carol', 'shop'),
    'stores/hidden': storeDocFor('hidden', { published: false }),
  }),
);

describe.each(roles)('as $role', ({ role, db }) => {
  const aliceOnly = allowedIf(role === 'owner therapist');

  it("gets alice's request only as alice or the store it names", async () => {
    await allowedIf(role === 'owner therapist' || role === 'store')(getDoc(doc(db(), ALICE)));
  });
  it("gets alice's missing request only as alice (her editor reads it)", async () => {
    await removeAlicesRequest();
    await aliceOnly(getDoc(doc(db(), ALICE)));
  });
  it("lists alice's request by userId only as alice", async () => {
    await aliceOnly(getDocs(query(collection(db(), 'storeRequests'), where('userId', '==', 'alice'))));
  });
  it('lists the requests naming shop only as shop (its pending requests)', async () => {
    await allowedIf(role === 'store')(getDocs(query(collection(db(), 'storeRequests'), where('storeId', '==', 'shop'))));
  });
  it('cannot list without a filter', async () => {
    await assertFails(getDocs(collection(db(), 'storeRequests')));
  });
  it('creates alice’s request only as alice', async () => {
    await removeAlicesRequest();
    await aliceOnly(setDoc(doc(db(), ALICE), asking('shop')));
  });
  it('updates alice’s request only as alice', async () => {
    await aliceOnly(updateDoc(doc(db(), ALICE), { storeId: 'shop2', requestedAt: serverTimestamp(), updatedAt: serverTimestamp() }));
  });
  it('cannot delete it', async () => {
    await assertFails(deleteDoc(doc(db(), ALICE)));
  });
});

describe("a store's pending requests", () => {
  it('holds everyone who asks it, unpublished therapists too, and nobody else', async () => {
    const snapshot = await assertSucceeds(
      getDocs(query(collection(signedIn(env, 'shop'), 'storeRequests'), where('storeId', '==', 'shop'))),
    );
    expect(snapshot.docs.map((request) => request.id).sort()).toEqual(['alice', 'carol']);
  });
  it('drops her once she asks another store', async () => {
    await assertSucceeds(
      updateDoc(doc(signedIn(env, 'alice'), ALICE), { storeId: 'shop2', requestedAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    );
    const snapshot = await getDocs(query(collection(signedIn(env, 'shop'), 'storeRequests'), where('storeId', '==', 'shop')));
    expect(snapshot.docs.map((request) => request.id)).toEqual(['carol']);
    await assertFails(getDoc(doc(signedIn(env, 'shop'), ALICE)));
    await assertSucceeds(getDoc(doc(signedIn(env, 'shop2'), ALICE)));
  });
});

describe('create', () => {
  const create = (data: Record<string, unknown>, uid = 'alice', id = 'alice') => setDoc(doc(signedIn(env, uid), 'storeRequests', id), data);
  beforeEach(removeAlicesRequest);

  it('accepts asking a published store at the server time', async () => {
    await assertSucceeds(create(asking('shop')));
  });
  it('accepts asking no store', async () => {
    await assertSucceeds(create(asking(null)));
  });
  it('refuses a forged userId', async () => {
    await assertFails(create(asking('shop', { userId: 'bob' })));
  });
  it('refuses writing it in the name of another therapist', async () => {
    await assertFails(create(asking('shop'), 'bob', 'alice'));
    await assertFails(create(asking('shop', { userId: 'bob' }), 'alice', 'bob'));
  });
  it('refuses an unpublished store', async () => {
    await assertFails(create(asking('hidden')));
  });
  it('refuses a store that does not exist', async () => {
    await assertFails(create(asking('no-such-store')));
  });
  it('refuses naming a therapist as the store', async () => {
    await assertFails(create(asking('bob')));
  });
  it('refuses a client-chosen request time (stale or made up)', async () => {
    await assertFails(create(asking('shop', { requestedAt: SEEDED_AT })));
    await assertFails(create(asking('shop', { requestedAt: Timestamp.now() })));
  });
  it('refuses a store without a request time, and a request time without a store', async () => {
    await assertFails(create(asking('shop', { requestedAt: null })));
    await assertFails(create(asking(null, { requestedAt: serverTimestamp() })));
  });
  it('refuses a client-supplied updatedAt', async () => {
    await assertFails(create(asking('shop', { updatedAt: Timestamp.now() })));
  });
  it('refuses an unknown key, and a missing one', async () => {
    await assertFails(create(asking('shop', { message: 'よろしくお願いします' })));
    await assertFails(create(without(asking('shop'), 'updatedAt')));
  });
  it('refuses a store asking a store (only a therapist has a request)', async () => {
    await assertFails(create(asking('shop', { userId: 'shop2' }), 'shop2', 'shop2'));
  });
  it('refuses a suspended therapist', async () => {
    await seed(env(), { 'suspensions/alice': suspensionDocFor() });
    await assertFails(create(asking('shop')));
  });
});

describe('update', () => {
  const update = (changes: Record<string, unknown>) =>
    updateDoc(doc(signedIn(env, 'alice'), ALICE), { updatedAt: serverTimestamp(), ...changes });

  it('accepts asking another published store, stamped now', async () => {
    await assertSucceeds(update({ storeId: 'shop2', requestedAt: serverTimestamp() }));
  });
  it('refuses another store with her old (stale) request time', async () => {
    await assertFails(update({ storeId: 'shop2' }));
    await assertFails(update({ storeId: 'shop2', requestedAt: SEEDED_AT }));
  });
  it('refuses an unpublished or missing store', async () => {
    await assertFails(update({ storeId: 'hidden', requestedAt: serverTimestamp() }));
    await assertFails(update({ storeId: 'no-such-store', requestedAt: serverTimestamp() }));
  });
  it('keeps the store and its time on a save that only touches updatedAt, even after the store unpublished', async () => {
    await seed(env(), { 'stores/shop': storeDocFor('shop', { published: false }) });
    await assertSucceeds(update({}));
  });
  it('refuses restamping the same store (a declined request is not renewed in place)', async () => {
    await assertFails(update({ requestedAt: serverTimestamp() }));
  });
  it('refuses clearing the time while keeping the store', async () => {
    await assertFails(update({ requestedAt: null }));
  });
  it('accepts leaving: storeId and requestedAt null', async () => {
    await assertSucceeds(update({ storeId: null, requestedAt: null }));
  });
  it('refuses leaving with a request time left behind', async () => {
    await assertFails(update({ storeId: null }));
  });
  it('refuses moving it to another therapist', async () => {
    await assertFails(update({ userId: 'bob' }));
  });
  it('refuses a client-supplied updatedAt', async () => {
    await assertFails(update({ updatedAt: Timestamp.now() }));
  });
  it('refuses a suspended therapist', async () => {
    await seed(env(), { 'suspensions/alice': suspensionDocFor() });
    await assertFails(update({ storeId: null, requestedAt: null }));
  });
});
