import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountDoc } from '../../src/schema/accounts';
import { slugDocFor, storeDocFor, storeRequestDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, newProfile, ownerAndOthers, PROFILE_CASES } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * accounts and stores, each role × each operation on alice's profile:
 * anyone reads a published profile, only alice reads her unpublished or
 * missing one and writes it, nobody deletes it. "other account type" is
 * sora, signed in with a profile of the other kind.
 */
const env = useRulesEnvironment();
/** Every key of accounts/{uid}: its schema's, all public. */
const PUBLIC_ACCOUNT_KEYS = Object.keys(accountDoc.shape).sort();

describe.each(PROFILE_CASES)('$collectionName', ({ collectionName, kind, make, otherCollection, makeOther }) => {
  const roles = [
    ...ownerAndOthers(env),
    { role: 'other account type', owner: false, db: () => env().authenticatedContext('sora').firestore() },
  ];
  const slug = make('alice').profileSlug as string;

  beforeEach(() => seed(env(), { [`${otherCollection}/sora`]: makeOther('sora') }));

  describe.each(roles)('as $role', ({ owner, db }) => {
    const ownerOnly = allowedIf(owner);

    it('gets a published profile', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertSucceeds(getDoc(doc(db(), collectionName, 'alice')));
    });

    it('gets an unpublished profile only as its owner', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice', { published: false }) });
      await ownerOnly(getDoc(doc(db(), collectionName, 'alice')));
    });

    it('gets a missing profile only as its owner (account-type lookup)', async () => {
      await ownerOnly(getDoc(doc(db(), collectionName, 'alice')));
    });

    it('lists when the query asks for published profiles only', async () => {
      await seed(env(), {
        [`${collectionName}/alice`]: make('alice'),
        [`${collectionName}/carol`]: make('carol', { published: false }),
      });
      await assertSucceeds(getDocs(query(collection(db(), collectionName), where('published', '==', true))));
    });

    it('lists by userId only as that user', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice', { published: false }) });
      await ownerOnly(getDocs(query(collection(db(), collectionName), where('userId', '==', 'alice'))));
    });

    it("cannot list by another store's storeId", async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertFails(getDocs(query(collection(db(), collectionName), where('storeId', '==', 'another-store'))));
    });

    it('cannot list without a filter', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertFails(getDocs(collection(db(), collectionName)));
    });

    it('creates only as the owner', async () => {
      await seed(env(), { [`slugs/${slug}`]: slugDocFor('alice', kind) });
      await ownerOnly(setDoc(doc(db(), collectionName, 'alice'), newProfile(make, 'alice')));
    });

    it('updates only as the owner', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice', { published: false }) });
      await ownerOnly(updateDoc(doc(db(), collectionName, 'alice'), { displayName: '新しい名前', updatedAt: serverTimestamp() }));
    });

    it('cannot delete', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertFails(deleteDoc(doc(db(), collectionName, 'alice')));
    });
  });
});

/**
 * accounts hold public fields only: the store a therapist asks is in
 * storeRequests/{uid}. A query on accounts by storeId is refused to
 * everyone (the field is gone, and with it the store's old query), and no
 * account anyone may get or list carries it. The store she asks gets her
 * profile (published or not) to see who asks; nobody else gets an
 * unpublished one.
 */
describe('accounts and the store request', () => {
  const as = (uid: string | null) => (uid ? env().authenticatedContext(uid) : env().unauthenticatedContext()).firestore();
  const readers = [
    ['signed out', null],
    ['another therapist', 'bob'],
    ['another store', 'shop2'],
    ['the requested store', 'shop'],
    ['the therapist', 'alice'],
  ] as const;

  beforeEach(() =>
    seed(env(), {
      'stores/shop': storeDocFor('shop'),
      'stores/shop2': storeDocFor('shop2'),
      'accounts/alice': therapistDoc('alice'),
      'accounts/carol': therapistDoc('carol', { published: false }),
      'accounts/bob': therapistDoc('bob'),
      'storeRequests/alice': storeRequestDocFor('alice', 'shop'),
      'storeRequests/carol': storeRequestDocFor('carol', 'shop'),
      'storeRequests/bob': storeRequestDocFor('bob', 'shop2'),
    }),
  );

  it('keeps no store-request field in the account schema', () => {
    expect(PUBLIC_ACCOUNT_KEYS).not.toContain('storeId');
    expect(PUBLIC_ACCOUNT_KEYS).not.toContain('storeRequestedAt');
  });
  it.each(readers)('as %s: a get of her published profile shows only public fields', async (_role, uid) => {
    const snapshot = await assertSucceeds(getDoc(doc(as(uid), 'accounts', 'alice')));
    expect(Object.keys(snapshot.data() ?? {}).sort()).toEqual(PUBLIC_ACCOUNT_KEYS);
  });
  it.each(readers)('as %s: the published list shows only public fields', async (_role, uid) => {
    const snapshot = await assertSucceeds(getDocs(query(collection(as(uid), 'accounts'), where('published', '==', true))));
    expect(snapshot.docs.map((account) => account.id).sort()).toEqual(['alice', 'bob']);
    for (const account of snapshot.docs) expect(Object.keys(account.data()).sort()).toEqual(PUBLIC_ACCOUNT_KEYS);
  });
  it.each(readers)('as %s: a list of accounts by storeId is refused', async (_role, uid) => {
    await assertFails(getDocs(query(collection(as(uid), 'accounts'), where('storeId', '==', 'shop'))));
  });
  it.each(readers)('as %s: a published list asking for her store finds nothing to reveal', async (_role, uid) => {
    const snapshot = await assertSucceeds(
      getDocs(query(collection(as(uid), 'accounts'), where('published', '==', true), where('storeId', '==', 'shop'))),
    );
    expect(snapshot.size).toBe(0);
  });
  it.each(readers)("as %s: gets carol's unpublished profile only as the store she asks", async (role, uid) => {
    await allowedIf(role === 'the requested store')(getDoc(doc(as(uid), 'accounts', 'carol')));
  });
  it('refuses the store once carol asks another store', async () => {
    await seed(env(), { 'storeRequests/carol': storeRequestDocFor('carol', 'shop2') });
    await assertFails(getDoc(doc(as('shop'), 'accounts', 'carol')));
    await assertSucceeds(getDoc(doc(as('shop2'), 'accounts', 'carol')));
  });
  it('refuses every store once carol asks none', async () => {
    await seed(env(), { 'storeRequests/carol': storeRequestDocFor('carol', null) });
    await assertFails(getDoc(doc(as('shop'), 'accounts', 'carol')));
  });
});
