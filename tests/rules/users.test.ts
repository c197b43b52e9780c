import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection, deleteDoc, deleteField, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp, updateDoc,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { fcmTokenDocFor, userDocFor } from '../factories/documents';
import { allowedIf, ownerAndOthers } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * users/{uid} and its fcmTokens: private to the owner. The owner creates
 * the user doc at sign-up, then only stamps lastCheckedAnnouncementsAt;
 * tokens are hers to add, refresh and remove. Nobody else sees either.
 */
const env = useRulesEnvironment();
const roles = ownerAndOthers(env);
const alice = () => env().authenticatedContext('alice').firestore();
const TOKEN = 'fcm-token-1';
const tokenPath = `users/alice/fcmTokens/${TOKEN}`;
const newToken = () => ({ token: TOKEN, createdAt: serverTimestamp(), refreshedAt: serverTimestamp() });

describe.each(roles)('users/{uid} as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it('gets only as the owner', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await ownerOnly(getDoc(doc(db(), 'users', 'alice')));
  });
  it('cannot list', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await assertFails(getDocs(collection(db(), 'users')));
  });
  it('creates only as the owner', async () => {
    await ownerOnly(setDoc(doc(db(), 'users', 'alice'), { createdAt: serverTimestamp() }));
  });
  it('stamps lastCheckedAnnouncementsAt only as the owner', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await ownerOnly(updateDoc(doc(db(), 'users', 'alice'), { lastCheckedAnnouncementsAt: serverTimestamp() }));
  });
  it('cannot delete', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await assertFails(deleteDoc(doc(db(), 'users', 'alice')));
  });
});

describe('users/{uid} fields, as the owner', () => {
  const create = (data: Record<string, unknown>) => setDoc(doc(alice(), 'users', 'alice'), data);
  const update = async (changes: Record<string, unknown>) => {
    await seed(env(), { 'users/alice': userDocFor() });
    return updateDoc(doc(alice(), 'users', 'alice'), changes);
  };

  it('creates with both timestamps = request.time', async () => {
    await assertSucceeds(create({ createdAt: serverTimestamp(), lastCheckedAnnouncementsAt: serverTimestamp() }));
  });
  it('refuses an unknown key', async () => {
    await assertFails(create({ createdAt: serverTimestamp(), role: 'admin' }));
  });
  it('refuses a missing createdAt', async () => {
    await assertFails(create({ lastCheckedAnnouncementsAt: serverTimestamp() }));
  });
  it('refuses a client-supplied createdAt', async () => {
    await assertFails(create({ createdAt: Timestamp.now() }));
  });
  it('refuses a client-supplied lastCheckedAnnouncementsAt on create', async () => {
    await assertFails(create({ createdAt: serverTimestamp(), lastCheckedAnnouncementsAt: Timestamp.now() }));
  });
  it('refuses a client-supplied lastCheckedAnnouncementsAt on update', async () => {
    await assertFails(update({ lastCheckedAnnouncementsAt: Timestamp.now() }));
  });
  it('refuses changing createdAt', async () => {
    await assertFails(update({ createdAt: serverTimestamp() }));
  });
  it('refuses adding a key', async () => {
    await assertFails(update({ lastCheckedAnnouncementsAt: serverTimestamp(), role: 'admin' }));
  });
  it('refuses removing lastCheckedAnnouncementsAt', async () => {
    await assertFails(update({ lastCheckedAnnouncementsAt: deleteField() }));
  });
});

describe.each(roles)('users/{uid}/fcmTokens as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it('gets only as the owner', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await ownerOnly(getDoc(doc(db(), tokenPath)));
  });
  it('lists only as the owner', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await ownerOnly(getDocs(collection(db(), 'users', 'alice', 'fcmTokens')));
  });
  it('creates only as the owner', async () => {
    await ownerOnly(setDoc(doc(db(), tokenPath), newToken()));
  });
  it('refreshes only as the owner', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await ownerOnly(updateDoc(doc(db(), tokenPath), { refreshedAt: serverTimestamp() }));
  });
  it('deletes only as the owner', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await ownerOnly(deleteDoc(doc(db(), tokenPath)));
  });
});

describe('users/{uid}/fcmTokens fields, as the owner', () => {
  const create = (data: Record<string, unknown>) => setDoc(doc(alice(), tokenPath), data);
  const update = async (changes: Record<string, unknown>) => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    return updateDoc(doc(alice(), tokenPath), changes);
  };

  it('refuses a token other than the doc id', async () => {
    await assertFails(create({ ...newToken(), token: 'another-token' }));
  });
  it('refuses a token that is not a string', async () => {
    await assertFails(create({ ...newToken(), token: 42 }));
  });
  it('refuses an unknown key', async () => {
    await assertFails(create({ ...newToken(), platform: 'web' }));
  });
  it('refuses a missing refreshedAt', async () => {
    await assertFails(create({ token: TOKEN, createdAt: serverTimestamp() }));
  });
  it('refuses a client-supplied createdAt', async () => {
    await assertFails(create({ ...newToken(), createdAt: Timestamp.now() }));
  });
  it('refuses a client-supplied refreshedAt on create', async () => {
    await assertFails(create({ ...newToken(), refreshedAt: Timestamp.now() }));
  });
  it('refuses a client-supplied refreshedAt on update', async () => {
    await assertFails(update({ refreshedAt: Timestamp.now() }));
  });
  it('refuses changing createdAt on update', async () => {
    await assertFails(update({ createdAt: serverTimestamp(), refreshedAt: serverTimestamp() }));
  });
  it('refuses changing the token on update', async () => {
    await assertFails(update({ token: 'another-token', refreshedAt: serverTimestamp() }));
  });
});
