import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { storeDocFor, therapistDoc } from '../factories/documents';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * accounts and stores: anyone (signed in or not) may get and list published
 * profiles; unpublished ones and every write are denied for now.
 */
const env = useRulesEnvironment();

const cases = [
  { collectionName: 'accounts', make: therapistDoc },
  { collectionName: 'stores', make: storeDocFor },
] as const;

describe.each(cases)('$collectionName', ({ collectionName, make }) => {
  const roles = {
    'signed out': () => env().unauthenticatedContext().firestore(),
    owner: () => env().authenticatedContext('alice').firestore(),
    'other user': () => env().authenticatedContext('bob').firestore(),
  };

  describe.each(Object.entries(roles))('as %s', (_role, db) => {
    it('gets a published profile', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertSucceeds(getDoc(doc(db(), collectionName, 'alice')));
    });

    it('cannot get an unpublished profile', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice', { published: false }) });
      await assertFails(getDoc(doc(db(), collectionName, 'alice')));
    });

    it('lists published profiles when the query asks for published ones only', async () => {
      await seed(env(), {
        [`${collectionName}/alice`]: make('alice'),
        [`${collectionName}/carol`]: make('carol', { published: false }),
      });
      await assertSucceeds(getDocs(query(collection(db(), collectionName), where('published', '==', true))));
    });

    it('cannot list without filtering to published profiles', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertFails(getDocs(collection(db(), collectionName)));
    });

    it('cannot create', async () => {
      await assertFails(setDoc(doc(db(), collectionName, 'alice'), make('alice')));
    });

    it('cannot update', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertFails(updateDoc(doc(db(), collectionName, 'alice'), { bio: '書き換え' }));
    });

    it('cannot delete', async () => {
      await seed(env(), { [`${collectionName}/alice`]: make('alice') });
      await assertFails(deleteDoc(doc(db(), collectionName, 'alice')));
    });
  });
});
