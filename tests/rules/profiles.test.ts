import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { slugDocFor, storeDocFor, therapistDoc } from '../factories/documents';
import { allowedIf, newProfile, ownerAndOthers, PROFILE_CASES } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * accounts and stores, each role × each operation on alice's profile:
 * anyone reads a published profile, only alice reads her unpublished or
 * missing one and writes it, nobody deletes it. "other account type" is
 * sora, signed in with a profile of the other kind.
 */
const env = useRulesEnvironment();

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
 * A store lists the therapists whose profile names it, published or not
 * (to manage their shifts); nobody lists the therapists naming another store.
 */
describe('accounts by storeId', () => {
  const byStore = (uid: string | null, storeId: string) => {
    const context = uid ? env().authenticatedContext(uid) : env().unauthenticatedContext();
    return getDocs(query(collection(context.firestore(), 'accounts'), where('storeId', '==', storeId)));
  };

  beforeEach(() =>
    seed(env(), {
      'stores/shop': storeDocFor('shop'),
      'stores/shop2': storeDocFor('shop2'),
      'accounts/alice': therapistDoc('alice', { storeId: 'shop', published: false }),
      'accounts/carol': therapistDoc('carol', { storeId: 'shop' }),
      'accounts/bob': therapistDoc('bob', { storeId: 'shop2', published: false }),
    }),
  );

  it('lets a store list the accounts naming it, unpublished ones included', async () => {
    await assertSucceeds(byStore('shop', 'shop'));
  });
  it('refuses a store listing the accounts naming another store', async () => {
    await assertFails(byStore('shop', 'shop2'));
  });
  it('refuses a therapist listing the accounts naming her store', async () => {
    await assertFails(byStore('alice', 'shop'));
  });
  it('refuses listing by storeId signed out', async () => {
    await assertFails(byStore(null, 'shop'));
  });
});
