import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { storeDocFor, storeVerificationDocFor, storeVerificationRequestDocFor, suspensionDocFor } from '../factories/documents';
import { allowedIf, directoryProfiles, directoryRoles, signedIn } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * storeVerificationRequests/{storeId} = {note, requestedAt}: a store asks
 * the operator to verify it. Private: only the store reads its own; only
 * the store itself writes it, while it is published, its email verified,
 * not suspended and not yet verified (the operator checks its page, and a
 * verified store has nothing to ask); nobody lists or deletes one
 * (verify-store, trusted code, closes it).
 */
const env = useRulesEnvironment();
const SHOP = 'storeVerificationRequests/shop';
const asking = () => ({ note: '公式サイトからご連絡ください。', requestedAt: serverTimestamp() });
const shop = () => signedIn(env, 'shop', true);

beforeEach(() => seed(env(), { ...directoryProfiles(), [SHOP]: storeVerificationRequestDocFor() }));

describe.each(directoryRoles(env))('as $role', ({ role, db }) => {
  it("gets shop's request only as shop", async () => {
    await allowedIf(role === 'store')(getDoc(doc(db(), SHOP)));
  });
  it('cannot list', async () => {
    await assertFails(getDocs(collection(db(), 'storeVerificationRequests')));
  });
  it("cannot write shop's request unless it is shop (and then only with a verified email)", async () => {
    await assertFails(setDoc(doc(db(), SHOP), asking()));
  });
  it('cannot delete one', async () => {
    await assertFails(deleteDoc(doc(db(), SHOP)));
  });
});

describe('the store itself, email verified', () => {
  it('asks, and asks again (its own time moves)', async () => {
    await assertSucceeds(setDoc(doc(shop(), SHOP), asking()));
    const shop2 = signedIn(env, 'shop2', true);
    await assertSucceeds(setDoc(doc(shop2, 'storeVerificationRequests/shop2'), asking()));
    await assertSucceeds(setDoc(doc(shop2, 'storeVerificationRequests/shop2'), { note: '', requestedAt: serverTimestamp() }));
  });
  it('cannot ask for another store', async () => {
    await assertFails(setDoc(doc(shop(), 'storeVerificationRequests/shop2'), asking()));
  });
  it('cannot ask while its page is not published', async () => {
    await seed(env(), { 'stores/shop': storeDocFor('shop', { published: false }) });
    await assertFails(setDoc(doc(shop(), SHOP), asking()));
  });
  it('cannot ask once verified', async () => {
    await seed(env(), { 'storeVerifications/shop': storeVerificationDocFor() });
    await assertFails(setDoc(doc(shop(), SHOP), asking()));
  });
  it('cannot ask while suspended', async () => {
    await seed(env(), { 'suspensions/shop': suspensionDocFor() });
    await assertFails(setDoc(doc(shop(), SHOP), asking()));
  });
  it('cannot ask without a store profile (a therapist cannot)', async () => {
    await assertFails(setDoc(doc(signedIn(env, 'alice', true), 'storeVerificationRequests/alice'), asking()));
  });
  it('cannot date its request', async () => {
    await assertFails(setDoc(doc(shop(), SHOP), { note: '', requestedAt: Timestamp.fromMillis(Date.now() - 86_400_000) }));
  });
});
