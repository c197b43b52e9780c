/** Shared pieces of the rules tests: the two profile kinds and outcome helpers. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { serverTimestamp, Timestamp } from 'firebase/firestore';
import { storeDocFor, therapistDoc } from '../factories/documents';

type Make = (uid: string, overrides?: Record<string, unknown>) => Record<string, unknown>;

export interface ProfileCase {
  collectionName: 'accounts' | 'stores';
  kind: 'therapist' | 'store';
  make: Make;
  /** The other profile collection: a uid is never in both. */
  otherCollection: 'accounts' | 'stores';
  otherKind: 'therapist' | 'store';
  makeOther: Make;
}

export const PROFILE_CASES: ProfileCase[] = [
  { collectionName: 'accounts', kind: 'therapist', make: therapistDoc, otherCollection: 'stores', otherKind: 'store', makeOther: storeDocFor },
  { collectionName: 'stores', kind: 'store', make: storeDocFor, otherCollection: 'accounts', otherKind: 'therapist', makeOther: therapistDoc },
];

export interface Role {
  role: string;
  /** True for the role that owns alice's documents. */
  owner: boolean;
  db: () => ReturnType<RulesTestContext['firestore']>;
}

/** The three roles every collection is tested as: signed out, alice (the owner) and bob. */
export function ownerAndOthers(env: () => RulesTestEnvironment): Role[] {
  return [
    { role: 'signed out', owner: false, db: () => env().unauthenticatedContext().firestore() },
    { role: 'owner', owner: true, db: () => env().authenticatedContext('alice').firestore() },
    { role: 'other user', owner: false, db: () => env().authenticatedContext('bob').firestore() },
  ];
}

/** A profile as the client first writes it: unpublished, server timestamps. */
export function newProfile(make: Make, uid: string, overrides: Record<string, unknown> = {}) {
  return make(uid, { published: false, createdAt: serverTimestamp(), updatedAt: serverTimestamp(), ...overrides });
}

/** assertSucceeds when the role may, assertFails when it may not. */
export function allowedIf(allowed: boolean): (request: Promise<unknown>) => Promise<unknown> {
  return allowed ? assertSucceeds : assertFails;
}

/** The same document without one key. */
export function without(data: Record<string, unknown>, key: string) {
  const { [key]: _dropped, ...rest } = data;
  return rest;
}

/**
 * The five roles of the self-service collections: alice is a therapist at
 * store `shop`; bob a therapist at `shop2`. seedDirectory writes them.
 */
export interface DirectoryRole {
  role: 'signed out' | 'owner therapist' | 'other therapist' | 'store' | 'other store';
  uid: string | null;
  db: () => ReturnType<RulesTestContext['firestore']>;
}

export function directoryRoles(env: () => RulesTestEnvironment): DirectoryRole[] {
  const as = (uid: string) => () => env().authenticatedContext(uid).firestore();
  return [
    { role: 'signed out', uid: null, db: () => env().unauthenticatedContext().firestore() },
    { role: 'owner therapist', uid: 'alice', db: as('alice') },
    { role: 'other therapist', uid: 'bob', db: as('bob') },
    { role: 'store', uid: 'shop', db: as('shop') },
    { role: 'other store', uid: 'shop2', db: as('shop2') },
  ];
}

/** alice (at shop), bob (at shop2) and both stores, all published. */
export function directoryProfiles(overrides: { aliceStore?: string | null } = {}) {
  return {
    'accounts/alice': therapistDoc('alice', { storeId: overrides.aliceStore === undefined ? 'shop' : overrides.aliceStore }),
    'accounts/bob': therapistDoc('bob', { storeId: 'shop2' }),
    'stores/shop': storeDocFor('shop'),
    'stores/shop2': storeDocFor('shop2'),
  };
}

const seededAt = Timestamp.fromDate(new Date('2026-11-01T03:00:00Z'));

/** A stored former handle (id: x_{handle}). */
export function frozenDoc(uid: string, handle = 'miu_0312', overrides: Record<string, unknown> = {}) {
  return { userId: uid, platform: 'x', handle, frozenOn: '2025-06-01', note: '凍結されました', createdAt: seededAt, ...overrides };
}

/** A former handle as the client writes it (server createdAt). */
export function newFrozen(uid: string, handle = 'miu_0312', overrides: Record<string, unknown> = {}) {
  return frozenDoc(uid, handle, { createdAt: serverTimestamp(), ...overrides });
}

/** A stored shift; the default passes midnight. */
export function shiftDoc(uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) {
  return { userId: uid, storeId, date: '2026-11-22', start: '20:00', end: '02:00', note: '', updatedAt: seededAt, ...overrides };
}

/** A shift as the client writes it (server updatedAt). */
export function newShift(uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) {
  return shiftDoc(uid, storeId, { updatedAt: serverTimestamp(), ...overrides });
}
