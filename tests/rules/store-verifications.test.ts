import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { storeVerificationDocFor } from '../factories/documents';
import { allowedIf, directoryProfiles, directoryRoles } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * storeVerifications/{storeId} = {verifiedAt}: the operator verified the
 * store (trusted code writes it). Only the store itself reads its own
 * (its member screen); nobody lists, creates, updates or deletes one, not
 * even the store: a store cannot verify itself.
 */
const env = useRulesEnvironment();
const SHOPS = 'storeVerifications/shop';

beforeEach(() => seed(env(), { ...directoryProfiles(), [SHOPS]: storeVerificationDocFor() }));

describe.each(directoryRoles(env))('as $role', ({ role, db }) => {
  it("gets shop's verification only as shop", async () => {
    await allowedIf(role === 'store')(getDoc(doc(db(), SHOPS)));
  });
  it('gets its own (missing) verification only as shop2 itself', async () => {
    await allowedIf(role === 'other store')(getDoc(doc(db(), 'storeVerifications/shop2')));
  });
  it('cannot list', async () => {
    await assertFails(getDocs(collection(db(), 'storeVerifications')));
  });
  it('cannot create one, even for itself', async () => {
    await assertFails(setDoc(doc(db(), 'storeVerifications/shop2'), { verifiedAt: serverTimestamp() }));
  });
  it('cannot update one', async () => {
    await assertFails(updateDoc(doc(db(), SHOPS), { verifiedAt: serverTimestamp() }));
  });
  it('cannot delete one', async () => {
    await assertFails(deleteDoc(doc(db(), SHOPS)));
  });
});

describe('the store itself', () => {
  it('cannot verify itself with a well-formed document', async () => {
    const shop2 = env().authenticatedContext('shop2', { email_verified: true }).firestore();
    await assertFails(setDoc(doc(shop2, 'storeVerifications/shop2'), { verifiedAt: serverTimestamp() }));
  });
});
