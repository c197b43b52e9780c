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
  writeBatch,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  currentHandleDocFor,
  disputeDocFor,
  handleSlotDocFor,
  reportDocFor,
  slugDocFor,
  slugHoldsDocFor,
  storeDocFor,
  storeVerificationDocFor,
  suspensionDocFor,
  therapistDoc,
} from '../factories/documents';
import {
  allowedIf,
  deleteTombstoned,
  directoryProfiles,
  frozenDoc,
  newFrozen,
  newShift,
  ownerAndOthers,
  shiftId,
  signedIn,
} from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * The private trust-and-safety records: disputes (a second claimant's
 * case, ≤ 3 open), reports (≤ 20 open), suspensions (trusted code only),
 * and what a suspension does to the suspended account's writes.
 */
const env = useRulesEnvironment();

/** alice (therapist) disputes mallory's claims: mallory holds x_miu_0312 (former) and x_miu_now (current). */
beforeEach(() =>
  seed(env(), {
    'accounts/alice': therapistDoc('alice'),
    'accounts/mallory': therapistDoc('mallory', { channels: { x: 'miu_now' } }),
    'frozenAccounts/x_miu_0312': frozenDoc('mallory'),
    'currentHandles/x_miu_now': currentHandleDocFor('mallory'),
    'frozenAccounts/x_alice_old': frozenDoc('alice', 'alice_old'),
    'currentHandles/x_alice_now': currentHandleDocFor('alice'),
  }),
);

const newDispute = (uid: string, handleId = 'x_miu_0312', overrides: Record<string, unknown> = {}) =>
  disputeDocFor(uid, handleId, { createdAt: serverTimestamp(), ...overrides });
const verified = () => signedIn(env, 'alice', true);
const open = (id: string, data: Record<string, unknown>, db = verified()) => setDoc(doc(db, 'disputes', id), data);

describe('disputes', () => {
  describe.each(ownerAndOthers(env))('as $role', ({ owner, db }) => {
    beforeEach(() => seed(env(), { 'disputes/alice_0': disputeDocFor('alice', 'x_miu_0312') }));

    it("gets alice's dispute only as alice", async () => {
      await allowedIf(owner)(getDoc(doc(db(), 'disputes', 'alice_0')));
    });
    it("gets alice's free dispute slot only as alice (the client finds a free one)", async () => {
      await allowedIf(owner)(getDoc(doc(db(), 'disputes', 'alice_1')));
    });
    it('cannot list, even its own', async () => {
      await assertFails(getDocs(query(collection(db(), 'disputes'), where('userId', '==', 'alice'))));
    });
    it('cannot update', async () => {
      await assertFails(updateDoc(doc(db(), 'disputes', 'alice_0'), { evidence: '追記' }));
    });
    it('cannot delete', async () => {
      await assertFails(deleteDoc(doc(db(), 'disputes', 'alice_0')));
    });
  });

  it("lets a verified claimant with a profile dispute someone's former handle", async () => {
    await assertSucceeds(open('alice_0', newDispute('alice')));
  });
  it("lets her dispute someone's current handle", async () => {
    await assertSucceeds(open('alice_0', newDispute('alice', 'x_miu_now', { kind: 'current' })));
  });
  it('holds 3 open disputes and refuses a 4th', async () => {
    for (const n of [0, 1, 2]) await assertSucceeds(open(`alice_${n}`, newDispute('alice')));
    await assertFails(open('alice_3', newDispute('alice')));
  });
  it('refuses overwriting an open dispute (create only)', async () => {
    await seed(env(), { 'disputes/alice_0': disputeDocFor('alice', 'x_miu_0312') });
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_now', { kind: 'current' })));
  });
  it("refuses an id in another user's name", async () => {
    await assertFails(open('bob_0', newDispute('alice')));
    await assertFails(open('carol_1', newDispute('alice')));
    await assertFails(open('alice', newDispute('alice')));
    await assertFails(open('alice_00', newDispute('alice')));
  });
  it('refuses without a verified email', async () => {
    await assertFails(open('alice_0', newDispute('alice'), signedIn(env, 'alice')));
  });
  it('refuses signed out', async () => {
    await assertFails(open('alice_0', newDispute('alice'), env().unauthenticatedContext().firestore()));
  });
  it('refuses a claimant without a profile', async () => {
    await assertFails(open('fan_0', newDispute('fan'), signedIn(env, 'fan', true)));
  });
  it('refuses a userId other than her own', async () => {
    await assertFails(open('alice_0', newDispute('bob')));
  });
  it('refuses disputing her own handle', async () => {
    await assertFails(open('alice_0', newDispute('alice', 'x_alice_old')));
    await assertFails(open('alice_0', newDispute('alice', 'x_alice_now', { kind: 'current' })));
  });
  it('refuses disputing a handle nobody holds', async () => {
    await assertFails(open('alice_0', newDispute('alice', 'x_nobody')));
    await assertFails(open('alice_0', newDispute('alice', 'x_nobody', { kind: 'current' })));
  });
  it('refuses the wrong kind (a current handle disputed as former and back)', async () => {
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_now', { kind: 'former' })));
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_0312', { kind: 'current' })));
  });
  it.each(['miu_0312', 'x_Miu', 'x_', 'x_a234567890123456', 'ig_miu'])('refuses the handleId %j', async (handleId) => {
    await assertFails(open('alice_0', newDispute('alice', handleId)));
  });
  it('accepts evidence of 1000 characters and refuses 1001 or none', async () => {
    await assertSucceeds(open('alice_0', newDispute('alice', 'x_miu_0312', { evidence: 'あ'.repeat(1000) })));
    await assertFails(open('alice_1', newDispute('alice', 'x_miu_0312', { evidence: 'あ'.repeat(1001) })));
    await assertFails(open('alice_1', newDispute('alice', 'x_miu_0312', { evidence: '' })));
  });
  it('refuses a handleId outside the pattern even when a document has that id (written by trusted code)', async () => {
    await seed(env(), { 'frozenAccounts/x_MIU_0312': frozenDoc('mallory', 'MIU_0312') });
    await assertFails(open('alice_0', newDispute('alice', 'x_MIU_0312')));
  });
  it('refuses an unknown kind, an extra key or a client createdAt', async () => {
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_0312', { kind: 'other' })));
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_now', { kind: 'other' })));
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_0312', { urgent: true })));
    await assertFails(open('alice_0', newDispute('alice', 'x_miu_0312', { createdAt: Timestamp.now() })));
  });
});

const newReport = (uid: string, overrides: Record<string, unknown> = {}) =>
  reportDocFor(uid, { createdAt: serverTimestamp(), ...overrides });
const report = (id: string, data: Record<string, unknown>, db = signedIn(env, 'alice')) => setDoc(doc(db, 'reports', id), data);

describe('reports', () => {
  describe.each(ownerAndOthers(env))('as $role', ({ db }) => {
    beforeEach(() => seed(env(), { 'reports/alice_0': reportDocFor('alice') }));

    it('cannot get, not even the reporter', async () => {
      await assertFails(getDoc(doc(db(), 'reports', 'alice_0')));
    });
    it('cannot get a free slot either', async () => {
      await assertFails(getDoc(doc(db(), 'reports', 'alice_1')));
    });
    it('cannot list', async () => {
      await assertFails(getDocs(query(collection(db(), 'reports'), where('userId', '==', 'alice'))));
    });
    it('cannot update', async () => {
      await assertFails(updateDoc(doc(db(), 'reports', 'alice_0'), { text: '追記' }));
    });
    it('cannot delete', async () => {
      await assertFails(deleteDoc(doc(db(), 'reports', 'alice_0')));
    });
  });

  it('lets any signed-in user report (no profile, unverified)', async () => {
    await assertSucceeds(report('fan_0', newReport('fan'), signedIn(env, 'fan')));
  });
  it('refuses signed out', async () => {
    await assertFails(report('alice_0', newReport('alice'), env().unauthenticatedContext().firestore()));
  });
  it('holds 20 open reports and refuses a 21st', async () => {
    for (let n = 0; n < 20; n++) await assertSucceeds(report(`alice_${n}`, newReport('alice')));
    await assertFails(report('alice_20', newReport('alice')));
  });
  it.each(['bob_0', 'carol_1', 'alice', 'alice_', 'alice_01', 'alice_x', 'alicex_0'])('refuses the id %j', async (id) => {
    await assertFails(report(id, newReport('alice')));
  });
  it('refuses overwriting an open report (create only)', async () => {
    await seed(env(), { 'reports/alice_0': reportDocFor('alice') });
    await assertFails(report('alice_0', newReport('alice')));
  });
  it.each(['accounts/mallory', 'stores/shop', 'frozenAccounts/x_miu_0312', 'blogs/b-1', 'posts/p_1'])(
    'accepts the target %j',
    async (targetPath) => {
      await assertSucceeds(report('alice_0', newReport('alice', { targetPath })));
    },
  );
  it.each(['users/mallory', 'accounts/', 'accounts/a/b', 'accounts/a b', `accounts/${'a'.repeat(129)}`, '/accounts/a', 'accounts/ａ', 42])(
    'refuses the target %j',
    async (targetPath) => {
      await assertFails(report('alice_0', newReport('alice', { targetPath })));
    },
  );
  it.each(['impersonation', 'spam', 'inappropriate', 'other'])('accepts the reason %j', async (reason) => {
    await assertSucceeds(report('alice_0', newReport('alice', { reason })));
  });
  it('refuses an unknown reason, text over 1000, a userId not hers, an extra key or a client createdAt', async () => {
    await assertFails(report('alice_0', newReport('alice', { reason: 'dislike' })));
    await assertFails(report('alice_0', newReport('alice', { text: 'あ'.repeat(1001) })));
    await assertFails(report('alice_0', newReport('bob')));
    await assertFails(report('alice_0', newReport('alice', { evidence: 'x' })));
    await assertFails(report('alice_0', newReport('alice', { createdAt: Timestamp.now() })));
  });
  it('accepts an empty text and one of 1000', async () => {
    await assertSucceeds(report('alice_0', newReport('alice', { text: '' })));
    await assertSucceeds(report('alice_1', newReport('alice', { text: 'あ'.repeat(1000) })));
  });
});

describe('suspensions', () => {
  describe.each(ownerAndOthers(env))('as $role', ({ db }) => {
    beforeEach(() => seed(env(), { 'suspensions/alice': suspensionDocFor() }));

    it('cannot get', async () => {
      await assertFails(getDoc(doc(db(), 'suspensions', 'alice')));
    });
    it('cannot list', async () => {
      await assertFails(getDocs(collection(db(), 'suspensions')));
    });
    it('cannot create', async () => {
      await assertFails(setDoc(doc(db(), 'suspensions', 'bob'), suspensionDocFor({ createdAt: serverTimestamp() })));
    });
    it('cannot lift one', async () => {
      await assertFails(deleteDoc(doc(db(), 'suspensions', 'alice')));
    });
  });
});

/** Every directory write a suspended account could make, refused; the same write by an unsuspended account succeeds. */
describe("a suspended account's writes", () => {
  const writes: Record<string, (db: ReturnType<typeof verified>) => Promise<unknown>> = {
    'profile update': (db) => updateDoc(doc(db, 'accounts', 'alice'), { bio: '更新', updatedAt: serverTimestamp() }),
    'slug release': async (db) => {
      const batch = writeBatch(db);
      batch.update(doc(db, 'slugs', 'alice-old'), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor(['alice-old']));
      return batch.commit();
    },
    'slug claim': async (db) => {
      const batch = writeBatch(db);
      batch.set(doc(db, 'slugs', 'alice-new'), slugDocFor('alice'));
      batch.update(doc(db, 'accounts', 'alice'), { profileSlug: 'alice-new', updatedAt: serverTimestamp() });
      batch.update(doc(db, 'slugs', 'slug-alice'), { releasedAt: serverTimestamp() });
      batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor(['slug-alice']));
      return batch.commit();
    },
    'current handle change': async (db) => {
      const batch = writeBatch(db);
      batch.update(doc(db, 'accounts', 'alice'), { channels: { x: 'alice_next' }, updatedAt: serverTimestamp() });
      batch.set(doc(db, 'currentHandles', 'x_alice_next'), currentHandleDocFor('alice'));
      return batch.commit();
    },
    'former handle claim': async (db) => {
      const batch = writeBatch(db);
      batch.set(doc(db, 'frozenAccounts', 'x_alice_new'), newFrozen('alice', 'alice_new', { slot: 1 }));
      batch.set(doc(db, 'users/alice/handleSlots/1'), handleSlotDocFor('x_alice_new'));
      return batch.commit();
    },
    'former handle note': (db) => updateDoc(doc(db, 'frozenAccounts', 'x_alice_old'), { updatedAt: serverTimestamp(), note: '更新' }),
    'former handle delete': (db) => deleteTombstoned(db, 'frozenAccounts', 'x_alice_old'),
    'handle slot delete': (db) => deleteDoc(doc(db, 'users/alice/handleSlots/7')),
    'shift create': (db) => setDoc(doc(db, 'schedules', shiftId('alice')), newShift('alice', null)),
    'shift delete': (db) => deleteTombstoned(db, 'schedules', shiftId('alice', undefined, 2)),
    dispute: (db) => setDoc(doc(db, 'disputes', 'alice_0'), newDispute('alice')),
    report: (db) => setDoc(doc(db, 'reports', 'alice_0'), newReport('alice')),
  };

  beforeEach(() =>
    seed(env(), {
      'accounts/alice': therapistDoc('alice', { channels: {} }),
      'slugs/slug-alice': slugDocFor('alice'),
      'slugs/alice-old': slugDocFor('alice'),
      'users/alice/handleSlots/7': handleSlotDocFor('x_gone'),
      [`schedules/${shiftId('alice', undefined, 2)}`]: newShift('alice', null, { updatedAt: Timestamp.now() }),
    }),
  );

  describe.each(Object.keys(writes))('%s', (name) => {
    it('succeeds for alice unsuspended', async () => {
      await assertSucceeds(writes[name]!(verified()));
    });
    it('is refused once alice is suspended', async () => {
      await seed(env(), { 'suspensions/alice': suspensionDocFor() });
      await assertFails(writes[name]!(verified()));
    });
  });

  it('refuses a suspended uid creating a profile, even with its slug already reserved', async () => {
    await seed(env(), { 'slugs/slug-dora': slugDocFor('dora') });
    const create = () =>
      setDoc(
        doc(signedIn(env, 'dora'), 'accounts', 'dora'),
        therapistDoc('dora', { published: false, createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
      );
    await seed(env(), { 'suspensions/dora': suspensionDocFor() });
    await assertFails(create());
    await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), 'suspensions/dora')));
    await assertSucceeds(create());
  });
  it("refuses a suspended store's answer and shift writes", async () => {
    await seed(env(), {
      ...directoryProfiles(),
      'storeVerifications/shop': storeVerificationDocFor(),
      'suspensions/shop': suspensionDocFor(),
    });
    const shop = signedIn(env, 'shop');
    await assertFails(setDoc(doc(shop, 'schedules', shiftId('alice', undefined, 1)), newShift('alice', 'shop')));
    await assertFails(
      updateDoc(doc(shop, 'frozenAccounts', 'x_alice_old'), { updatedAt: serverTimestamp(), verification: 'store', confirmedBy: 'shop' }),
    );
  });
  it('an unsuspended store may raise the same claim (the twin of the refusal above)', async () => {
    await seed(env(), { ...directoryProfiles(), 'stores/shop': storeDocFor('shop'), 'storeVerifications/shop': storeVerificationDocFor() });
    await assertSucceeds(
      updateDoc(doc(signedIn(env, 'shop'), 'frozenAccounts', 'x_alice_old'), {
        updatedAt: serverTimestamp(),
        verification: 'store',
        confirmedBy: 'shop',
      }),
    );
  });
});
