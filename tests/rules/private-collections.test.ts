import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { privateDocs } from '../factories/documents';
import { ownerAndOthers } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * Collections no client may touch (suspensions), and plaintext customer
 * documents (customers/{uid}/items/…, the old app's shape): no role may
 * get, list, create, update or delete, not even the owner. The encrypted
 * notebook (customers/{uid} and customers/{uid}/records/…) is open to its
 * owner only: tests/rules/customers.test.ts; blogs and posts:
 * tests/rules/blogs-posts.test.ts; 推し and handle watches, to their owner
 * only: tests/rules/favorites.test.ts, tests/rules/handle-watches.test.ts;
 * the ranking, to nobody: tests/rules/rankings.test.ts.
 */
const env = useRulesEnvironment();
const docs = privateDocs('alice');
const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');

describe.each(Object.keys(docs))('%s', (path) => {
  describe.each(ownerAndOthers(env))('as $role', ({ db }) => {
    it('cannot get', async () => {
      await seed(env(), { [path]: docs[path]! });
      await assertFails(getDoc(doc(db(), path)));
    });
    it('cannot list', async () => {
      await seed(env(), { [path]: docs[path]! });
      await assertFails(getDocs(collection(db(), parentOf(path))));
    });
    it('cannot create', async () => {
      await assertFails(setDoc(doc(db(), path), docs[path]!));
    });
    it('cannot update', async () => {
      await seed(env(), { [path]: docs[path]! });
      await assertFails(updateDoc(doc(db(), path), { createdAt: null }));
    });
    it('cannot delete', async () => {
      await seed(env(), { [path]: docs[path]! });
      await assertFails(deleteDoc(doc(db(), path)));
    });
  });
});
