import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { RESERVED_SLUGS } from '../../src/lib/slugs';
import { slugDocFor, storeDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, ownerAndOthers } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * slugs/{slug}: anyone checks availability; only alice takes a slug her
 * profile points at, and releases it once her profile no longer does;
 * nobody lists or rewrites one.
 */
const env = useRulesEnvironment();
const roles = ownerAndOthers(env);

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
  it('cannot update', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(updateDoc(doc(db(), 'slugs', 'miu-new'), { kind: 'store' }));
  });
  it('deletes a released slug only as its owner', async () => {
    await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await ownerOnly(deleteDoc(doc(db(), 'slugs', 'miu-old')));
  });
});

describe('as the owner', () => {
  const alice = () => env().authenticatedContext('alice').firestore();
  const take = (slug: string, data: Record<string, unknown>) => setDoc(doc(alice(), 'slugs', slug), data);

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
  it('cannot add an unknown key', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', { ...slugDocFor('alice'), note: 'x' }));
  });
  it('cannot use an unknown kind', async () => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', { userId: 'alice', kind: 'admin' }));
  });
  it.each(['Miu-New', 'mi', '-miu', 'miu_new', 'a'.repeat(31)])('cannot take %s (outside the pattern)', async (slug) => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: slug }) });
    await assertFails(take(slug, slugDocFor('alice')));
  });
  it.each([...RESERVED_SLUGS])('cannot take the reserved word %s', async (slug) => {
    await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: slug }) });
    await assertFails(take(slug, slugDocFor('alice')));
  });
  it('cannot release the slug her profile still points at', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(deleteDoc(doc(alice(), 'slugs', 'miu-new')));
  });
  it('cannot hand a released slug over to another user', async () => {
    await seed(env(), { 'slugs/miu-old': slugDocFor('alice'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(setDoc(doc(alice(), 'slugs', 'miu-old'), slugDocFor('bob')));
  });
  it('releases a slug whose profile is gone', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('alice') });
    await assertSucceeds(deleteDoc(doc(alice(), 'slugs', 'miu-new')));
  });
  it('cannot overwrite a slug another user holds, even with her profile pointing at it', async () => {
    await seed(env(), { 'slugs/miu-new': slugDocFor('bob'), 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
    await assertFails(take('miu-new', slugDocFor('alice')));
  });
});
