import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { announcementDocFor } from '../factories/documents';
import { allowedIf, ownerAndOthers } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * announcements/{id}: written by trusted code only; read by the user it is
 * addressed to, and listed only through queries on her own userId (the
 * client's "new announcements" dot and its list page).
 */
const env = useRulesEnvironment();
const roles = ownerAndOthers(env);
const alicesQuery = (db: ReturnType<(typeof roles)[number]['db']>, count: number) =>
  query(collection(db, 'announcements'), where('userId', '==', 'alice'), orderBy('createdAt', 'desc'), limit(count));

describe.each(roles)('as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  beforeEach(() => seed(env(), { 'announcements/an-1': announcementDocFor('alice'), 'announcements/an-2': announcementDocFor('bob') }));

  it("gets alice's announcement only as alice", async () => {
    await ownerOnly(getDoc(doc(db(), 'announcements', 'an-1')));
  });
  it('lists the newest one (the dot) only as alice', async () => {
    await ownerOnly(getDocs(alicesQuery(db(), 1)));
  });
  it('lists the page (limit 50) only as alice', async () => {
    await ownerOnly(getDocs(alicesQuery(db(), 50)));
  });
  it('cannot list without the userId filter', async () => {
    await assertFails(getDocs(query(collection(db(), 'announcements'), orderBy('createdAt', 'desc'), limit(50))));
  });
  it('cannot create, even one addressed to itself', async () => {
    const to = owner ? 'alice' : 'bob';
    await assertFails(setDoc(doc(db(), 'announcements', 'an-new'), announcementDocFor(to, { createdAt: serverTimestamp() })));
  });
  it('cannot update', async () => {
    await assertFails(updateDoc(doc(db(), 'announcements', 'an-1'), { title: '書き換え' }));
  });
  it('cannot delete', async () => {
    await assertFails(deleteDoc(doc(db(), 'announcements', 'an-1')));
  });
});

it('lets another signed-in user query her own announcements', async () => {
  await seed(env(), { 'announcements/an-1': announcementDocFor('alice') });
  const bob = env().authenticatedContext('bob').firestore();
  await assertSucceeds(getDocs(query(collection(bob, 'announcements'), where('userId', '==', 'bob'))));
});
