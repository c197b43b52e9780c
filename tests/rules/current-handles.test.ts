import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { currentHandleDocFor, slugDocFor, slugHoldsDocFor, storeDocFor, storeRequestDocFor } from '../factories/documents';
import { allowedIf, daysAgo, type Db, frozenDoc, ownerAndOthers, PROFILE_CASES, signedIn } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * currentHandles/x_{handle} = {userId}: the current X handle (channels.x)
 * is reserved with the profile save, like a slug. No two accounts show the
 * same current handle; nobody shows a handle someone else registered as a
 * former one; nobody claims someone's current handle as a former one
 * (frozen-accounts.test.ts). Each case for therapists and stores.
 */
const env = useRulesEnvironment();

describe.each(PROFILE_CASES)('$collectionName', ({ collectionName, make }) => {
  const profileRef = (db: Db, uid: string) => doc(db, collectionName, uid);
  /** The client's save: the profile with channels.x = next, the reservations released and claimed. */
  const save = (uid: string, next: string | null, { release = null as string | null, claim = true } = {}) => {
    const db = signedIn(env, uid, true);
    const batch = writeBatch(db);
    batch.update(profileRef(db, uid), { channels: next ? { x: next } : {}, updatedAt: serverTimestamp() });
    if (release) batch.delete(doc(db, 'currentHandles', `x_${release}`));
    if (next && claim) batch.set(doc(db, 'currentHandles', `x_${next}`), currentHandleDocFor(uid));
    return batch.commit();
  };

  beforeEach(() =>
    seed(env(), {
      [`${collectionName}/alice`]: make('alice', { channels: { x: 'alice_now' } }),
      'currentHandles/x_alice_now': currentHandleDocFor('alice'),
      [`${collectionName}/bob`]: make('bob'),
    }),
  );

  describe.each(ownerAndOthers(env))('as $role', ({ role, owner, db }) => {
    it("gets alice's reservation when signed in", async () => {
      await allowedIf(role !== 'signed out')(getDoc(doc(db(), 'currentHandles', 'x_alice_now')));
    });
    it('gets a free handle when signed in (availability check)', async () => {
      await allowedIf(role !== 'signed out')(getDoc(doc(db(), 'currentHandles', 'x_nobody')));
    });
    it('cannot list', async () => {
      await assertFails(getDocs(collection(db(), 'currentHandles')));
    });
    it("deletes alice's reservation only as alice, once her profile no longer shows it", async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await allowedIf(owner)(deleteDoc(doc(db(), 'currentHandles', 'x_alice_now')));
    });
    it('cannot update a reservation', async () => {
      await assertFails(updateDoc(doc(db(), 'currentHandles', 'x_alice_now'), { userId: owner ? 'alice' : 'bob' }));
    });
  });

  it('reserves a new handle and releases the old one with the save', async () => {
    await assertSucceeds(save('alice', 'alice_next', { release: 'alice_now' }));
  });
  it('refuses keeping the old reservation (hoarding handles by changing X repeatedly)', async () => {
    await assertFails(save('alice', 'alice_next'));
  });
  it('clears the handle: profile without X, reservation deleted', async () => {
    await assertSucceeds(save('alice', null, { release: 'alice_now' }));
  });
  it('refuses showing a new X handle without reserving it', async () => {
    await assertFails(save('alice', 'alice_next', { release: 'alice_now', claim: false }));
  });
  it('refuses a reservation her profile does not show', async () => {
    await assertFails(setDoc(doc(signedIn(env, 'alice'), 'currentHandles', 'x_spare_one'), currentHandleDocFor('alice')));
  });
  it('refuses a reservation in the name of another user', async () => {
    const db = signedIn(env, 'bob', true);
    const batch = writeBatch(db);
    batch.update(profileRef(db, 'bob'), { channels: { x: 'bob_now' }, updatedAt: serverTimestamp() });
    batch.set(doc(db, 'currentHandles', 'x_bob_now'), currentHandleDocFor('alice'));
    await assertFails(batch.commit());
  });
  it('refuses a reservation with an extra key', async () => {
    const db = signedIn(env, 'bob', true);
    const batch = writeBatch(db);
    batch.update(profileRef(db, 'bob'), { channels: { x: 'bob_now' }, updatedAt: serverTimestamp() });
    batch.set(doc(db, 'currentHandles', 'x_bob_now'), { userId: 'bob', verified: true });
    await assertFails(batch.commit());
  });
  it('refuses deleting her reservation while her profile still shows it', async () => {
    await assertFails(deleteDoc(doc(signedIn(env, 'alice'), 'currentHandles', 'x_alice_now')));
  });

  it("refuses two accounts showing the same current handle (bob takes alice's)", async () => {
    await assertFails(save('bob', 'alice_now'));
    await assertFails(save('bob', 'alice_now', { claim: false }));
  });
  it("refuses listing another account's former handle as my current X", async () => {
    await seed(env(), { 'frozenAccounts/x_alice_old': frozenDoc('alice', 'alice_old') });
    await assertFails(save('bob', 'alice_old'));
  });
  it('lets her list her own former handle as her current X', async () => {
    await seed(env(), { 'frozenAccounts/x_alice_old': frozenDoc('alice', 'alice_old') });
    await assertSucceeds(save('alice', 'alice_old', { release: 'alice_now' }));
  });
  it('lets bob take a handle alice released', async () => {
    await assertSucceeds(save('alice', 'alice_next', { release: 'alice_now' }));
    await assertSucceeds(save('bob', 'alice_now'));
  });
  it('saves a profile whose old X handle someone else reserved meanwhile (nothing of hers to release)', async () => {
    await seed(env(), {
      [`${collectionName}/bob`]: make('bob', { channels: { x: 'alice_now' } }),
    });
    await assertSucceeds(save('bob', 'bob_next'));
  });
  describe('reserving the handle an older profile already shows', () => {
    const reserve = (uid: string, holder: string) =>
      setDoc(doc(signedIn(env, uid), 'currentHandles', 'x_bob_legacy'), currentHandleDocFor(holder));
    beforeEach(() => seed(env(), { [`${collectionName}/bob`]: make('bob', { channels: { x: 'bob_legacy' } }) }));

    it('lets bob reserve it on its own', async () => {
      await assertSucceeds(reserve('bob', 'bob'));
    });
    it("refuses bob reserving it in alice's name", async () => {
      await assertFails(reserve('bob', 'alice'));
    });
    it('refuses alice reserving it (her profile does not show it)', async () => {
      await assertFails(reserve('alice', 'alice'));
    });
    it('refuses bob once suspended', async () => {
      await seed(env(), { 'suspensions/bob': { reason: '運営判断', createdAt: serverTimestamp() } });
      await assertFails(reserve('bob', 'bob'));
    });
  });
  it('saves an older profile whose X handle was never reserved (nothing to release)', async () => {
    await seed(env(), { [`${collectionName}/bob`]: make('bob', { channels: { x: 'bob_legacy' } }) });
    await assertSucceeds(save('bob', 'bob_next'));
  });
});

/**
 * The heaviest writes: a profile save that renames the slug (holding two
 * released slugs already, so the oldest is released for real), changes the
 * current X handle and (a therapist) asks another store, in one
 * transaction, as the client writes it. Reads stay under the 20-per-batch
 * and 10-per-operation limits.
 */
describe('the heaviest profile save', () => {
  beforeEach(() =>
    seed(env(), {
      'accounts/alice': { ...PROFILE_CASES[0]!.make('alice', { channels: { x: 'alice_now' } }) },
      'slugs/slug-alice': slugDocFor('alice'),
      'slugs/alice-2024': slugDocFor('alice', 'therapist', daysAgo(20)),
      'slugs/alice-2025': slugDocFor('alice', 'therapist', daysAgo(5)),
      'slugHolds/alice': slugHoldsDocFor(['alice-2024', 'alice-2025']),
      'currentHandles/x_alice_now': currentHandleDocFor('alice'),
      'frozenAccounts/x_alice_old': frozenDoc('alice', 'alice_old'),
      'stores/shop': storeDocFor('shop'),
      'stores/shop2': storeDocFor('shop2'),
      'storeRequests/alice': storeRequestDocFor('alice', 'shop2'),
    }),
  );

  it('slug (with a hold released for real) + current handle + store request in one transaction', async () => {
    const db = signedIn(env, 'alice', true);
    await assertSucceeds(
      runTransaction(db, async (tx) => {
        const profile = await tx.get(doc(db, 'accounts', 'alice'));
        await tx.get(doc(db, 'storeRequests', 'alice'));
        await tx.get(doc(db, 'slugs', 'miu-ikebukuro'));
        await tx.get(doc(db, 'slugs', 'slug-alice'));
        await tx.get(doc(db, 'slugHolds', 'alice'));
        await tx.get(doc(db, 'slugs', 'alice-2024'));
        await tx.get(doc(db, 'slugs', 'alice-2025'));
        if (!profile.exists()) throw new Error('missing');
        tx.set(doc(db, 'slugs', 'miu-ikebukuro'), slugDocFor('alice'));
        tx.update(doc(db, 'slugs', 'slug-alice'), { userId: 'alice', kind: 'therapist', releasedAt: serverTimestamp() });
        tx.delete(doc(db, 'slugs', 'alice-2024'));
        tx.set(doc(db, 'deletions', 'slugs:alice-2024'), { collection: 'slugs', docId: 'alice-2024', deletedAt: serverTimestamp() });
        tx.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor(['alice-2025', 'slug-alice']));
        tx.delete(doc(db, 'currentHandles', 'x_alice_now'));
        tx.set(doc(db, 'currentHandles', 'x_alice_old'), currentHandleDocFor('alice'));
        tx.update(doc(db, 'accounts', 'alice'), {
          profileSlug: 'miu-ikebukuro',
          channels: { x: 'alice_old', website: 'https://miu.example' },
          tags: Array.from({ length: 10 }, (_, i) => `タグ${i}`),
          photo: 'avatars/alice/1.webp',
          updatedAt: serverTimestamp(),
        });
        tx.set(doc(db, 'storeRequests', 'alice'), {
          userId: 'alice',
          storeId: 'shop',
          requestedAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
      }),
    );
  });
});
