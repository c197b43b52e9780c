import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteField, doc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { userDoc } from '../../src/schema/users';
import { userDocFor } from '../factories/documents';
import { fanRoles } from './counted-writes';
import { allowedIf } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * users/{uid} alert settings (issue 15): alerts {handle, blog, post,
 * schedule}, pushAlerts and lastFavoritesVisitAt are the owner's to set,
 * with exact types; nobody else writes them, and they open no other field.
 * The counters' own tests: favorites.test.ts, handle-watches.test.ts.
 */
const env = useRulesEnvironment();
const alice = () => env().authenticatedContext('alice').firestore();
const ALERTS = { handle: true, blog: false, post: true, schedule: false };
const update = async (changes: Record<string, unknown>, stored = userDocFor()) => {
  await seed(env(), { 'users/alice': stored });
  return updateDoc(doc(alice(), 'users', 'alice'), changes);
};
const create = (data: Record<string, unknown>) => setDoc(doc(alice(), 'users', 'alice'), { createdAt: serverTimestamp(), ...data });

describe.each(fanRoles(env))('users/{uid} alert settings as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it('sets alerts and pushAlerts only as the owner', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await ownerOnly(updateDoc(doc(db(), 'users', 'alice'), { alerts: ALERTS, pushAlerts: true }));
  });
  it('stamps lastFavoritesVisitAt only as the owner', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    await ownerOnly(updateDoc(doc(db(), 'users', 'alice'), { lastFavoritesVisitAt: serverTimestamp() }));
  });
  it('creates the doc with settings only as the owner', async () => {
    await ownerOnly(setDoc(doc(db(), 'users', 'alice'), { createdAt: serverTimestamp(), alerts: ALERTS, pushAlerts: false }));
  });
});

describe('users/{uid} alert settings, as the owner', () => {
  it('accepts every field on create, each valid', async () => {
    await assertSucceeds(create({ alerts: ALERTS, pushAlerts: true, lastFavoritesVisitAt: serverTimestamp() }));
  });
  it('changes the settings again and again', async () => {
    await assertSucceeds(update({ alerts: ALERTS, pushAlerts: true }));
    await assertSucceeds(updateDoc(doc(alice(), 'users', 'alice'), { 'alerts.blog': true, pushAlerts: false }));
  });
  it.each([
    ['a missing kind', { handle: true, blog: true, post: true }],
    ['an unknown kind', { ...ALERTS, ads: true }],
    ['handle as a string', { ...ALERTS, handle: 'yes' }],
    ['blog as a number', { ...ALERTS, blog: 1 }],
    ['post as null', { ...ALERTS, post: null }],
    ['schedule as a map', { ...ALERTS, schedule: { on: true } }],
    ['a list', [true, true, true, true]],
    ['a boolean', true],
  ])('refuses alerts with %s', async (_what, alerts) => {
    await assertFails(update({ alerts }));
    await assertFails(create({ alerts }));
  });
  it.each([
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
    ['a map', { on: true }],
  ])('refuses pushAlerts as %s', async (_what, pushAlerts) => {
    await assertFails(update({ pushAlerts }));
    await assertFails(create({ pushAlerts }));
  });
  it('refuses a client-supplied lastFavoritesVisitAt', async () => {
    await assertFails(update({ lastFavoritesVisitAt: Timestamp.now() }));
    await assertFails(create({ lastFavoritesVisitAt: Timestamp.now() }));
    await assertFails(update({ lastFavoritesVisitAt: 'now' }));
  });
  it('refuses removing a setting', async () => {
    const stored = userDocFor({ alerts: ALERTS, pushAlerts: true, lastFavoritesVisitAt: Timestamp.now() });
    await assertFails(update({ alerts: deleteField() }, stored));
    await assertFails(update({ pushAlerts: deleteField() }, stored));
    await assertFails(update({ lastFavoritesVisitAt: deleteField() }, stored));
  });
  it('does not open the other fields: createdAt, unknown keys, the counters', async () => {
    await assertFails(update({ pushAlerts: true, createdAt: serverTimestamp() }));
    await assertFails(update({ pushAlerts: true, role: 'admin' }));
    await assertFails(update({ pushAlerts: true, favoriteCount: 0 }));
    await assertFails(update({ pushAlerts: true, lastFavoriteTarget: 'miu' }));
    await assertFails(update({ pushAlerts: true, lastWatchedHandle: 'miu_0312' }));
  });
  it('agrees with the schema on the accepted shapes', () => {
    const at = Timestamp.now();
    expect(userDoc.safeParse({ createdAt: at, alerts: ALERTS, pushAlerts: true, lastFavoritesVisitAt: at }).success).toBe(true);
    expect(userDoc.safeParse({ createdAt: at, alerts: { ...ALERTS, ads: true } }).success).toBe(false);
    expect(userDoc.safeParse({ createdAt: at, alerts: { ...ALERTS, blog: 'yes' } }).success).toBe(false);
    expect(userDoc.safeParse({ createdAt: at, pushAlerts: 'true' }).success).toBe(false);
  });
});
