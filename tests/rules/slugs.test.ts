import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { RESERVED_SLUGS } from '../../src/lib/slugs';
import { slugDocFor, storeDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, daysAgo, ownerAndOthers, signedIn } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * slugs/{slug} = {userId, kind, releasedAt}: anyone checks availability;
 * only alice takes a slug her profile points at; she releases it (keeps it
 * with releasedAt) once her profile no longer points at it; a released slug
 * is held 30 days: only she takes it back meanwhile, anyone after; nobody
 * lists or deletes one.
 */
const env = useRulesEnvironment();
const roles = ownerAndOthers(env);
const released = (uid: string, days: number, kind: 'therapist' | 'store' = 'therapist') => slugDocFor(uid, kind, daysAgo(days));

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
    await ownerOnly(updateDoc(doc(db(), 'slugs', 'miu-old'), { releasedAt: serverTimestamp() }));
  });
  it("takes back alice's held slug only as alice", async () => {
    await seed(env(), { 'slugs/miu-old': released('alice', 3), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-old' }) });
    await ownerOnly(setDoc(doc(db(), 'slugs', 'miu-old'), slugDocFor('alice')));
  });
  it('cannot delete, even a released slug', async () => {
    await seed(env(), { 'slugs/miu-old': released('alice', 40), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(deleteDoc(doc(db(), 'slugs', 'miu-old')));
  });
});

describe('as the owner', () => {
  const alice = () => signedIn(env, 'alice');
  const take = (slug: string, data: Record<string, unknown>) => setDoc(doc(alice(), 'slugs', slug), data);
  const release = (slug: string, changes: Record<string, unknown> = {}) =>
    updateDoc(doc(alice(), 'slugs', slug), { releasedAt: serverTimestamp(), ...changes });

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
