import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { suspensionDocFor } from '../factories/documents';
import { directoryProfiles, directoryRoles, signedIn } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * accountDeletions/{uid} = {requestedAt}: an account asks to be erased
 * (退会). Only the account itself creates its own, unsuspended, stamped
 * with the server's time; nobody reads, lists, changes or deletes one
 * (trusted code erases the account, then the request).
 */
const env = useRulesEnvironment();
const asking = () => ({ requestedAt: serverTimestamp() });
const alice = () => signedIn(env, 'alice', true);

beforeEach(() => seed(env(), { ...directoryProfiles(), 'accountDeletions/bob': { requestedAt: Timestamp.now() } }));

describe.each(directoryRoles(env))('as $role', ({ db }) => {
  it("cannot read, list, change or delete anyone's request", async () => {
    await assertFails(getDoc(doc(db(), 'accountDeletions/bob')));
    await assertFails(getDocs(collection(db(), 'accountDeletions')));
    await assertFails(setDoc(doc(db(), 'accountDeletions/bob'), asking()));
    await assertFails(deleteDoc(doc(db(), 'accountDeletions/bob')));
  });
});

describe('the account itself', () => {
  it('asks once', async () => {
    await assertSucceeds(setDoc(doc(alice(), 'accountDeletions/alice'), asking()));
    // A second write is an update, refused: the request stands as it was.
    await assertFails(setDoc(doc(alice(), 'accountDeletions/alice'), asking()));
  });
  it('cannot read its own request back, nor take it back', async () => {
    await assertSucceeds(setDoc(doc(alice(), 'accountDeletions/alice'), asking()));
    await assertFails(getDoc(doc(alice(), 'accountDeletions/alice')));
    await assertFails(deleteDoc(doc(alice(), 'accountDeletions/alice')));
  });
  it('a fan without a profile asks too', async () => {
    await assertSucceeds(setDoc(doc(signedIn(env, 'newfan', true), 'accountDeletions/newfan'), asking()));
  });
  it('cannot ask for another account', async () => {
    await assertFails(setDoc(doc(alice(), 'accountDeletions/carol'), asking()));
  });
  it('cannot date the request, nor add to it', async () => {
    await assertFails(setDoc(doc(alice(), 'accountDeletions/alice'), { requestedAt: Timestamp.fromMillis(Date.now() - 60_000) }));
    await assertFails(setDoc(doc(alice(), 'accountDeletions/alice'), { ...asking(), reason: 'x' }));
    await assertFails(setDoc(doc(alice(), 'accountDeletions/alice'), {}));
  });
  it('cannot ask while suspended (the operator erases a suspended account)', async () => {
    await seed(env(), { 'suspensions/alice': suspensionDocFor() });
    await assertFails(setDoc(doc(alice(), 'accountDeletions/alice'), asking()));
  });
});

describe('signed out', () => {
  it('cannot ask', async () => {
    await assertFails(setDoc(doc(env().unauthenticatedContext().firestore(), 'accountDeletions/alice'), asking()));
  });
});
