import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { RESERVED_SLUGS } from '../../src/lib/slugs';
import { slugDocFor, slugHoldsDocFor, storeDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, daysAgo, type Db, deleteTombstoned, ownerAndOthers, signedIn, tombstoneFor } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * slugs/{slug} = {userId, kind, releasedAt}: anyone checks availability;
 * only alice takes a slug her profile points at; she releases it (keeps it
 * with releasedAt, listed in slugHolds/alice) once her profile no longer
 * points at it; a released slug is held 30 days: only she takes it back
 * meanwhile, anyone after; she holds at most 2 at a time, and releases the
 * oldest for real (deletes it, with its tombstone) to hold a third; nobody
 * lists one, nobody else deletes one.
 */
const env = useRulesEnvironment();
const roles = ownerAndOthers(env);
const released = (uid: string, days: number, kind: 'therapist' | 'store' = 'therapist') => slugDocFor(uid, kind, daysAgo(days));

/** Releases `slug` as its owner does: the slug doc stamped and her hold list naming it, in one batch. */
function releaseListed(db: Db, slug: string, holds: string[], changes: Record<string, unknown> = {}) {
  const batch = writeBatch(db);
  batch.update(doc(db, 'slugs', slug), { releasedAt: serverTimestamp(), ...changes });
  batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor(holds));
  return batch.commit();
}

describe.each(roles)('as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it('gets a taken slug', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('alice') });
    await assertSucceeds(getDoc(doc(db(), 'slugs', 'miu-new')));
  });
  it('gets a free slug (availability check)', async () => {
    await assertSucceeds(getDoc(doc(db(), 'slugs', 'miu-new')));
  });
  it('cannot list', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('alice') });
    await assertFails(getDocs(collection(db(), 'slugs')));
  });
  it("creates alice's slug only as alice, when her profile points at it", async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await ownerOnly(setDoc(doc(db(), 'slugs', 'miu-new'), slugDocFor('alice')));
  });
  it("releases alice's slug only as alice, once her profile points elsewhere", async () => {
    await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await ownerOnly(releaseListed(db(), 'miu-old', ['miu-old']));
  });
  it("takes back alice's held slug only as alice", async () => {
    await seed(env(), { 'slugs/miu-old': released('alice', 3), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-old' }) });
    await ownerOnly(setDoc(doc(db(), 'slugs', 'miu-old'), slugDocFor('alice')));
  });
  it("deletes alice's released slug only as alice, and only with its tombstone", async () => {
    await seed(env(), { 'slugs/miu-old': released('alice', 3), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(deleteDoc(doc(db(), 'slugs', 'miu-old')));
    await ownerOnly(deleteTombstoned(db(), 'slugs', 'miu-old'));
  });
  it('cannot delete a slug in use, even with a tombstone', async () => {
    await seed(env(), { 'slugs/slug-alice': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice') });
    await assertFails(deleteTombstoned(db(), 'slugs', 'slug-alice'));
  });
  it("gets alice's hold list only as alice", async () => {
    await seed(env(), { 'slugHolds/alice': slugHoldsDocFor([]) });
    await ownerOnly(getDoc(doc(db(), 'slugHolds', 'alice')));
  });
  it('cannot list hold lists', async () => {
    await seed(env(), { 'slugHolds/alice': slugHoldsDocFor([]) });
    await assertFails(getDocs(collection(db(), 'slugHolds')));
  });
  it("writes alice's hold list only as alice", async () => {
    await seed(env(), { 'slugs/miu-old': released('alice', 3) });
    await ownerOnly(setDoc(doc(db(), 'slugHolds', 'alice'), slugHoldsDocFor(['miu-old'])));
  });
  it("cannot delete alice's hold list", async () => {
    await seed(env(), { 'slugHolds/alice': slugHoldsDocFor([]) });
    await assertFails(deleteDoc(doc(db(), 'slugHolds', 'alice')));
  });
});

describe('as the owner', () => {
  const alice = () => signedIn(env, 'alice');
  const take = (slug: string, data: Record<string, unknown>) => setDoc(doc(alice(), 'slugs', slug), data);
  const release = (slug: string, changes: Record<string, unknown> = {}) => releaseListed(alice(), slug, [slug], changes);

  it('takes a slug for her store profile with kind store', async () => {
    await seed(env(), { 'stores/alice': storeDocFor('alice', { profileSlug: 'aroma-new' }) });
    await assertSucceeds(take('aroma-new', slugDocFor('alice', 'store')));
  });
  it('cannot take a slug for a kind she has no profile of', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', slugDocFor('alice', 'store')));
  });
  it('cannot take a slug her profile does not point at', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice') });
    await assertFails(take('miu-new', slugDocFor('alice')));
  });
  it('cannot take a slug in the name of another uid', async () => {
    await seed(env(), {
      'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }),
      'accounts/bob': therapistDoc('bob', { profileSlug: 'miu-new' }),
    });
    await assertFails(take('miu-new', slugDocFor('bob')));
  });
  it('cannot create a slug already released (releasedAt must be null)', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', { ...slugDocFor('alice'), releasedAt: serverTimestamp() }));
  });
  it('cannot create a slug without releasedAt', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', { userId: 'alice', kind: 'therapist' }));
  });
  it('cannot add an unknown key', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', { ...slugDocFor('alice'), note: 'x' }));
  });
  it('cannot use an unknown kind', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', { userId: 'alice', kind: 'admin', releasedAt: null }));
  });
  it.each(['Miu-New', 'mi', '-miu', 'miu_new', 'a'.repeat(31)])('cannot take %s (outside the pattern)', async (slug) => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: slug }) });
    await assertFails(take(slug, slugDocFor('alice')));
  });
  it.each([...RESERVED_SLUGS])('cannot take the reserved word %s', async (slug) => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: slug }) });
    await assertFails(take(slug, slugDocFor('alice')));
  });
  it('cannot overwrite a slug another user holds, even with her profile pointing at it', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('bob'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', slugDocFor('alice')));
  });

  describe('release', () => {
    it('keeps the doc with releasedAt = request.time once her profile points elsewhere', async () => {
      await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertSucceeds(release('miu-old'));
    });
    it('refuses a release her hold list does not name', async () => {
      await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(updateDoc(doc(alice(), 'slugs', 'miu-old'), { releasedAt: serverTimestamp() }));
      await assertFails(releaseListed(alice(), 'miu-old', []));
    });
    it('releases a slug whose profile is gone', async () => {
      await seed(env(), { 'slugs/miu-new': slugDocFor('alice') });
      await assertSucceeds(release('miu-new'));
    });
    it('cannot release the slug her profile still points at', async () => {
      await seed(env(), { 'slugs/miu-new': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('miu-new'));
    });
    it('cannot release with a client-chosen time', async () => {
      await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('miu-old', { releasedAt: daysAgo(31) }));
    });
    it('cannot release again (restamping a held slug)', async () => {
      await seed(env(), { 'slugs/miu-old': released('alice', 29), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('miu-old'));
    });
    it('cannot hand a slug over to another user while releasing it', async () => {
      await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('miu-old', { userId: 'bob' }));
    });
    it('cannot change the kind while releasing it', async () => {
      await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('miu-old', { kind: 'store' }));
    });
    it('cannot add a key while releasing', async () => {
      await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('miu-old', { note: 'x' }));
    });
    it("cannot release another user's slug", async () => {
      await seed(env(), { 'slugs/bob-old': slugDocFor('bob'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(release('bob-old'));
    });
    it('cannot rewrite an in-use slug of hers in place (no release, no retake)', async () => {
      await seed(env(), { 'slugs/miu-new': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      await assertFails(take('miu-new', slugDocFor('alice')));
    });
  });
});

/** A recycled slug: bob renamed away from `bob-old`; alice wants it. */
describe('held slugs (30 days)', () => {
  const as = (uid: string) => signedIn(env, uid);
  const claim = (uid: string, slug = 'bob-old') => {
    const db = as(uid);
    const batch = writeBatch(db);
    batch.set(doc(db, 'slugs', slug), slugDocFor(uid));
    batch.update(doc(db, 'accounts', uid), { profileSlug: slug, updatedAt: serverTimestamp() });
    batch.update(doc(db, 'slugs', `slug-${uid}`), { releasedAt: serverTimestamp() });
    batch.set(doc(db, 'slugHolds', uid), slugHoldsDocFor([`slug-${uid}`]));
    return batch.commit();
  };
  const seedHeld = (days: number) =>
    seed(env(), {
      'accounts/alice': therapistDoc('alice', { published: false }),
      'slugs/slug-alice': slugDocFor('alice'),
      'accounts/bob': therapistDoc('bob', { published: false }),
      'slugs/slug-bob': slugDocFor('bob'),
      'slugs/bob-old': released('bob', days),
    });

  it('refuses another user taking a slug released 1 day ago', async () => {
    await seedHeld(1);
    await assertFails(claim('alice'));
  });
  it('refuses another user taking a slug released 29 days ago', async () => {
    await seedHeld(29);
    await assertFails(claim('alice'));
  });
  it('lets another user take a slug released 31 days ago', async () => {
    await seedHeld(31);
    await assertSucceeds(claim('alice'));
  });
  it('lets a store take a therapist slug released 31 days ago (kind follows the new holder)', async () => {
    await seedHeld(31);
    await seed(env(), { 'stores/shop': storeDocFor('shop', { profileSlug: 'bob-old' }) });
    await assertSucceeds(setDoc(doc(as('shop'), 'slugs', 'bob-old'), slugDocFor('shop', 'store')));
  });
  it('lets the previous owner take hers back within the 30 days', async () => {
    await seedHeld(1);
    await assertSucceeds(claim('bob'));
  });
  it('refuses taking a held slug without pointing the profile at it', async () => {
    await seedHeld(31);
    await assertFails(setDoc(doc(as('alice'), 'slugs', 'bob-old'), slugDocFor('alice')));
  });
  it('refuses taking a held slug as still released', async () => {
    await seedHeld(31);
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { published: false, profileSlug: 'bob-old' }) });
    await assertFails(setDoc(doc(as('alice'), 'slugs', 'bob-old'), { ...slugDocFor('alice'), releasedAt: serverTimestamp() }));
  });
  it('refuses taking a held slug in the name of its previous owner', async () => {
    await seedHeld(1);
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { published: false, profileSlug: 'bob-old' }) });
    await assertFails(setDoc(doc(as('alice'), 'slugs', 'bob-old'), slugDocFor('bob')));
  });
  it('refuses taking a held reserved word even after 30 days', async () => {
    await seed(env(), {
      'accounts/alice': therapistDoc('alice', { published: false, profileSlug: 'admin' }),
      'slugs/admin': released('bob', 40),
    });
    await assertFails(setDoc(doc(as('alice'), 'slugs', 'admin'), slugDocFor('alice')));
  });
});

/**
 * At most 2 held slugs per account (slugHolds/{uid}): alice uses miu-now and
 * holds miu-a (released 20 days ago) and miu-b (5 days ago). A rename that
 * would hold a third must release the oldest for real in the same write.
 */
describe('two held slugs per account', () => {
  const alice = () => signedIn(env, 'alice');
  const bob = () => signedIn(env, 'bob');

  /** Alice renames to `to`, releasing miu-now, deleting `free` (with tombstones), listing `holds`. */
  function rename(to: string, holds: string[], free: string[] = [], options: { tombstones?: boolean; retake?: boolean } = {}) {
    const db = alice();
    const batch = writeBatch(db);
    batch.set(doc(db, 'slugs', to), slugDocFor('alice'));
    batch.update(doc(db, 'accounts', 'alice'), { profileSlug: to, updatedAt: serverTimestamp() });
    batch.update(doc(db, 'slugs', 'miu-now'), { releasedAt: serverTimestamp() });
    for (const slug of free) {
      batch.delete(doc(db, 'slugs', slug));
      if (options.tombstones !== false) batch.set(doc(db, tombstoneFor('slugs', slug)[0]), tombstoneFor('slugs', slug)[1]);
    }
    batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor(holds));
    return batch.commit();
  }

  const seedHolds = (aDays = 20) =>
    seed(env(), {
      'accounts/alice': therapistDoc('alice', { published: false, profileSlug: 'miu-now' }),
      'slugs/miu-now': slugDocFor('alice'),
      'slugs/miu-a': released('alice', aDays),
      'slugs/miu-b': released('alice', 5),
      'slugHolds/alice': slugHoldsDocFor(['miu-a', 'miu-b']),
      'accounts/bob': therapistDoc('bob', { published: false, profileSlug: 'bob-now' }),
      'slugs/bob-now': slugDocFor('bob'),
    });

  /** Bob moves his profile to `slug` (taking it) and releases bob-now. */
  function bobTakes(slug: string) {
    const db = bob();
    const batch = writeBatch(db);
    batch.set(doc(db, 'slugs', slug), slugDocFor('bob'));
    batch.update(doc(db, 'accounts', 'bob'), { profileSlug: slug, updatedAt: serverTimestamp() });
    batch.update(doc(db, 'slugs', 'bob-now'), { releasedAt: serverTimestamp() });
    batch.set(doc(db, 'slugHolds', 'bob'), slugHoldsDocFor(['bob-now']));
    return batch.commit();
  }

  it('refuses a third hold', async () => {
    await seedHolds();
    await assertFails(rename('miu-next', ['miu-a', 'miu-b', 'miu-now']));
  });
  it('refuses releasing the current slug without listing it (an unlisted hold)', async () => {
    await seedHolds();
    await assertFails(rename('miu-next', ['miu-a', 'miu-b']));
  });
  it('refuses dropping the oldest from the list while it is still held (room made without releasing it)', async () => {
    await seedHolds();
    await assertFails(rename('miu-next', ['miu-b', 'miu-now']));
  });
  it('accepts the rename that releases the oldest for real in the same write', async () => {
    await seedHolds();
    await assertSucceeds(rename('miu-next', ['miu-b', 'miu-now'], ['miu-a']));
  });
  it('refuses releasing the oldest for real without its tombstone (the export would keep its redirect)', async () => {
    await seedHolds();
    await assertFails(rename('miu-next', ['miu-b', 'miu-now'], ['miu-a'], { tombstones: false }));
  });
  it('refuses deleting a slug the list still names', async () => {
    await seedHolds();
    await assertFails(rename('miu-next', ['miu-a', 'miu-now'], ['miu-a']));
    await assertFails(deleteTombstoned(alice(), 'slugs', 'miu-a'));
  });
  it('accepts releasing a hold early: deleted and dropped from the list, no rename', async () => {
    await seedHolds();
    const db = alice();
    const batch = writeBatch(db);
    batch.delete(doc(db, 'slugs', 'miu-b'));
    batch.set(doc(db, tombstoneFor('slugs', 'miu-b')[0]), tombstoneFor('slugs', 'miu-b')[1]);
    batch.set(doc(db, 'slugHolds', 'alice'), slugHoldsDocFor(['miu-a']));
    await assertSucceeds(batch.commit());
  });
  it('accepts taking a held slug back, which frees its place in the list', async () => {
    await seedHolds();
    await assertSucceeds(rename('miu-a', ['miu-b', 'miu-now']));
  });
  it('accepts dropping a hold released over 30 days ago (no longer held) without deleting it', async () => {
    await seedHolds(40);
    await assertSucceeds(rename('miu-next', ['miu-b', 'miu-now']));
  });
  it('refuses listing a slug that is not hers, or not released', async () => {
    await seedHolds();
    await assertFails(setDoc(doc(alice(), 'slugHolds', 'alice'), slugHoldsDocFor(['miu-a', 'bob-now'])));
    await assertFails(setDoc(doc(alice(), 'slugHolds', 'alice'), slugHoldsDocFor(['bob-now', 'miu-a'])));
    await assertFails(setDoc(doc(alice(), 'slugHolds', 'alice'), slugHoldsDocFor(['miu-a', 'miu-now'])));
    await assertFails(setDoc(doc(alice(), 'slugHolds', 'alice'), slugHoldsDocFor(['miu-a', 'miu-gone'])));
    await assertSucceeds(setDoc(doc(alice(), 'slugHolds', 'alice'), slugHoldsDocFor(['miu-a', 'miu-b'])));
  });
  it("refuses bob taking alice's held slug, and lets him once she released it for real", async () => {
    await seedHolds();
    await seed(env(), { 'accounts/bob': therapistDoc('bob', { published: false, profileSlug: 'miu-a' }) });
    await assertFails(setDoc(doc(bob(), 'slugs', 'miu-a'), slugDocFor('bob')));
    await assertSucceeds(rename('miu-next', ['miu-b', 'miu-now'], ['miu-a']));
    await assertSucceeds(setDoc(doc(bob(), 'slugs', 'miu-a'), slugDocFor('bob')));
  });
  it("refuses bob renaming onto alice's held slug in a full rename", async () => {
    await seedHolds();
    await assertFails(bobTakes('miu-b'));
  });
  it("refuses bob deleting alice's held slug to free it", async () => {
    await seedHolds();
    await assertFails(deleteTombstoned(bob(), 'slugs', 'miu-a'));
  });
  it("refuses bob writing alice's list", async () => {
    await seedHolds();
    await assertFails(setDoc(doc(bob(), 'slugHolds', 'alice'), slugHoldsDocFor([])));
  });
  it('refuses a suspended alice writing her list or releasing a hold', async () => {
    await seedHolds();
    await seed(env(), { 'suspensions/alice': { reason: '運営判断', createdAt: daysAgo(1) } });
    await assertFails(rename('miu-next', ['miu-b', 'miu-now'], ['miu-a']));
    await assertFails(setDoc(doc(alice(), 'slugHolds', 'alice'), slugHoldsDocFor(['miu-a', 'miu-b'])));
  });
});
