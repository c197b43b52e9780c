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
import { membershipDocFor, SEEDED_AT, storeDocFor, suspensionDocFor } from '../factories/documents';
import { allowedIf, directoryRoles, memberDocs, signedIn, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * memberships/{storeId}_{uid}: alice asked to join shop (storeRequests/alice:
 * storeId shop, requestedAt SEEDED_AT). Only shop answers (confirmed /
 * declined, for her current request; removed at any time on an existing
 * answer); alice and shop read it; nobody deletes it.
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const ID = 'shop_alice';
const answer = (status: string, overrides: Record<string, unknown> = {}) =>
  membershipDocFor('shop', 'alice', { status, updatedAt: serverTimestamp(), ...overrides });
const write = (uid: string, data: Record<string, unknown>, id = ID) => setDoc(doc(signedIn(env, uid), 'memberships', id), data);

beforeEach(() =>
  seed(env(), {
    ...memberDocs('alice', 'shop'),
    ...memberDocs('bob', 'shop2'),
    'stores/shop': storeDocFor('shop'),
    'stores/shop2': storeDocFor('shop2'),
  }),
);

describe.each(roles)('as $role', ({ role, db }) => {
  const aliceOrShop = allowedIf(role === 'owner therapist' || role === 'store');
  const shopOnly = allowedIf(role === 'store');

  it('gets the answer only as alice or shop', async () => {
    await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') });
    await aliceOrShop(getDoc(doc(db(), 'memberships', ID)));
  });
  it("lists shop's answers by storeId only as shop", async () => {
    await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') });
    await shopOnly(getDocs(query(collection(db(), 'memberships'), where('storeId', '==', 'shop'))));
  });
  it("lists alice's answers by userId only as alice", async () => {
    await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') });
    await allowedIf(role === 'owner therapist')(getDocs(query(collection(db(), 'memberships'), where('userId', '==', 'alice'))));
  });
  it('cannot list without a filter', async () => {
    await assertFails(getDocs(collection(db(), 'memberships')));
  });
  it('confirms alice only as shop', async () => {
    await shopOnly(setDoc(doc(db(), 'memberships', ID), answer('confirmed')));
  });
  it('declines alice only as shop', async () => {
    await shopOnly(setDoc(doc(db(), 'memberships', ID), answer('declined')));
  });
  it('removes alice only as shop', async () => {
    await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') });
    await shopOnly(updateDoc(doc(db(), 'memberships', ID), { status: 'removed', updatedAt: serverTimestamp() }));
  });
  it('cannot delete', async () => {
    await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') });
    await assertFails(deleteDoc(doc(db(), 'memberships', ID)));
  });
});

describe('answers', () => {
  it('refuses confirming a therapist who did not ask this store', async () => {
    await assertFails(write('shop', membershipDocFor('shop', 'bob', { updatedAt: serverTimestamp() }), 'shop_bob'));
  });
  it('refuses confirming with a requestedAt other than her request time', async () => {
    await assertFails(write('shop', answer('confirmed', { requestedAt: Timestamp.now() })));
  });
  it('refuses confirming a therapist who has no profile', async () => {
    await assertFails(write('shop', membershipDocFor('shop', 'ghost', { updatedAt: serverTimestamp() }), 'shop_ghost'));
  });
  it('refuses a store answering in the name of another store', async () => {
    await assertFails(write('shop2', answer('confirmed')));
  });
  it('refuses a signed-in user without a stores doc writing as a "store"', async () => {
    await seed(env(), memberDocs('fan', 'fan'));
    await assertFails(write('fan', membershipDocFor('fan', 'fan', { updatedAt: serverTimestamp() }), 'fan_fan'));
  });
  it('refuses an id other than storeId_userId', async () => {
    await assertFails(write('shop', answer('confirmed'), 'shop-alice'));
    await assertFails(write('shop', answer('confirmed'), 'alice_shop'));
  });
  it('refuses an unknown status', async () => {
    await assertFails(write('shop', answer('pending')));
  });
  it("refuses creating a 'removed' answer (nothing to remove)", async () => {
    await assertFails(write('shop', answer('removed')));
  });
  it('refuses a client-supplied updatedAt', async () => {
    await assertFails(write('shop', answer('confirmed', { updatedAt: Timestamp.now() })));
  });
  it('declines with a short reason (1 to 100 characters)', async () => {
    await assertSucceeds(write('shop', answer('declined', { reason: 'ただいま募集を締め切っています。' })));
    await assertSucceeds(write('shop', answer('declined', { reason: 'あ'.repeat(100) })));
  });
  it('refuses a reason over 100 characters, an empty one, or one that is not text', async () => {
    await assertFails(write('shop', answer('declined', { reason: 'あ'.repeat(101) })));
    await assertFails(write('shop', answer('declined', { reason: '' })));
    await assertFails(write('shop', answer('declined', { reason: ['定員'] })));
  });
  it('refuses a reason with a confirmation (a reason goes only with a decline)', async () => {
    await assertFails(write('shop', answer('confirmed', { reason: 'ようこそ' })));
  });
  it('refuses an unknown key', async () => {
    await assertFails(write('shop', answer('confirmed', { note: '歓迎' })));
  });
  it('refuses a missing key', async () => {
    await assertFails(write('shop', without(answer('confirmed'), 'requestedAt')));
  });
  it('refuses a requestedAt that is not a timestamp', async () => {
    await assertFails(write('shop', answer('confirmed', { requestedAt: '2026-11-01' })));
  });
  it('refuses an answer without a request time (a request naming the store with requestedAt null)', async () => {
    await seed(env(), memberDocs('alice', 'shop', { request: { requestedAt: null } }));
    await assertFails(write('shop', answer('confirmed', { requestedAt: null })));
  });
  it('refuses a suspended store', async () => {
    await seed(env(), { 'suspensions/shop': suspensionDocFor() });
    await assertFails(write('shop', answer('confirmed')));
  });

  describe('on an existing answer', () => {
    beforeEach(() => seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') }));

    it('removes a member at any time, even after she left', async () => {
      await seed(env(), memberDocs('alice', null));
      await assertSucceeds(write('shop', answer('removed')));
    });
    it('refuses removing while moving requestedAt', async () => {
      await seed(env(), memberDocs('alice', null));
      await assertFails(write('shop', answer('removed', { requestedAt: Timestamp.now() })));
    });
    it('declines again for her current request', async () => {
      await assertSucceeds(write('shop', answer('declined')));
    });
    it('refuses removing with a reason (removed carries none)', async () => {
      await assertFails(write('shop', answer('removed', { reason: '退店のため' })));
    });
    it('lets her read the reason, and no other store', async () => {
      await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice', { status: 'declined', reason: '定員です' }) });
      await assertSucceeds(getDoc(doc(signedIn(env, 'alice'), 'memberships', ID)));
      await assertFails(getDoc(doc(signedIn(env, 'shop2'), 'memberships', ID)));
      await assertFails(getDoc(doc(signedIn(env, 'bob'), 'memberships', ID)));
    });
    it('refuses re-confirming a removed member who did not ask again', async () => {
      await seed(env(), {
        [`memberships/${ID}`]: membershipDocFor('shop', 'alice', { status: 'removed' }),
        ...memberDocs('alice', null),
      });
      await assertFails(write('shop', answer('confirmed')));
    });
    it('confirms her new request after she left and asked again', async () => {
      const again = Timestamp.fromMillis(SEEDED_AT.toMillis() + 86_400_000);
      await seed(env(), memberDocs('alice', 'shop', { request: { requestedAt: again } }));
      await assertFails(write('shop', answer('confirmed')));
      await assertSucceeds(write('shop', answer('confirmed', { requestedAt: again })));
    });
    it('refuses moving the answer to another therapist', async () => {
      await assertFails(updateDoc(doc(signedIn(env, 'shop'), 'memberships', ID), { userId: 'bob', updatedAt: serverTimestamp() }));
    });
    it('refuses the therapist confirming herself', async () => {
      await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice', { status: 'declined' }) });
      await assertFails(write('alice', answer('confirmed')));
    });
  });
});

/** storeRequests/{uid} names the store she asked; only a confirmed membership lists her (export). */
describe('leaving a store', () => {
  const leave = () =>
    updateDoc(doc(signedIn(env, 'alice'), 'storeRequests', 'alice'), { storeId: null, requestedAt: null, updatedAt: serverTimestamp() });

  it('lets her clear her request herself, and the confirmation no longer counts', async () => {
    await seed(env(), { [`memberships/${ID}`]: membershipDocFor('shop', 'alice') });
    await assertSucceeds(leave());
    // The old answer no longer answers anything: shop cannot confirm it again.
    await assertFails(write('shop', answer('confirmed')));
  });
  it('keeps the store from reading her request once she left', async () => {
    await assertSucceeds(getDoc(doc(signedIn(env, 'shop'), 'storeRequests', 'alice')));
    await assertSucceeds(leave());
    await assertFails(getDoc(doc(signedIn(env, 'shop'), 'storeRequests', 'alice')));
  });
});
