import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
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
const tokenPath = 'users/alice/fcmTokens/0';
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
  const create = (data: Record<string, unknown>, path = tokenPath) => setDoc(doc(alice(), path), data);
  const update = async (changes: Record<string, unknown>) => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    return updateDoc(doc(alice(), tokenPath), changes);
  };

  it.each(['0', '1', '2', '3', '4'])('creates in slot %s', async (slot) => {
    await assertSucceeds(create(newToken(), `users/alice/fcmTokens/${slot}`));
  });
  it.each(['5', '9', '00', '-1', 'fcm-token-1', 'a'])('refuses the slot id %j (slots are 0..4)', async (slot) => {
    await assertFails(create(newToken(), `users/alice/fcmTokens/${slot}`));
  });
  it('holds 5 tokens and refuses a sixth slot', async () => {
    for (let slot = 0; slot < 5; slot++)
      await assertSucceeds(create({ ...newToken(), token: `t${slot}` }, `users/alice/fcmTokens/${slot}`));
    await assertFails(create({ ...newToken(), token: 't5' }, 'users/alice/fcmTokens/5'));
  });
  it('accepts a token of 4096 characters', async () => {
    await assertSucceeds(create({ ...newToken(), token: 'a'.repeat(4096) }));
  });
  it('refuses a token of 4097 characters', async () => {
    await assertFails(create({ ...newToken(), token: 'a'.repeat(4097) }));
  });
  it('refuses an empty token', async () => {
    await assertFails(create({ ...newToken(), token: '' }));
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
  it('refreshes: only refreshedAt, to request.time', async () => {
    await assertSucceeds(update({ refreshedAt: serverTimestamp() }));
  });
  it('refuses a client-supplied refreshedAt on update', async () => {
    await assertFails(update({ refreshedAt: Timestamp.now() }));
  });
  it('refuses changing createdAt alone on update', async () => {
    await assertFails(update({ createdAt: serverTimestamp() }));
  });
  it('replaces the token in a slot (a sixth browser takes the stalest) with both times = request.time', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await assertSucceeds(setDoc(doc(alice(), tokenPath), { ...newToken(), token: 'another-token' }));
  });
  it('refuses changing the token while keeping the old createdAt', async () => {
    await assertFails(update({ token: 'another-token', refreshedAt: serverTimestamp() }));
  });
  it('refuses replacing the token with a client-supplied createdAt', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await assertFails(setDoc(doc(alice(), tokenPath), { ...newToken(), token: 'another-token', createdAt: Timestamp.now() }));
  });
  it('refuses replacing the token with a stale refreshedAt', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await assertFails(setDoc(doc(alice(), tokenPath), { ...newToken(), token: 'another-token', refreshedAt: Timestamp.now() }));
  });
  it('refuses an oversized replacement token', async () => {
    await seed(env(), { [tokenPath]: fcmTokenDocFor(TOKEN) });
    await assertFails(setDoc(doc(alice(), tokenPath), { ...newToken(), token: 'a'.repeat(4097) }));
  });
  it('refuses adding a key on update', async () => {
    await assertFails(update({ refreshedAt: serverTimestamp(), platform: 'web' }));
  });
});
