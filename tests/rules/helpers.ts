/** Shared pieces of the rules tests: the two profile kinds, roles, seeds and outcome helpers. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, Timestamp, writeBatch } from 'firebase/firestore';
import { addDays, tokyoDateKey } from '../../src/lib/tokyo-date';
import { membershipDocFor, SEEDED_AT, storeDocFor, storeRequestDocFor, therapistDoc } from '../factories/documents';

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
  {
    collectionName: 'accounts',
    kind: 'therapist',
    make: therapistDoc,
    otherCollection: 'stores',
    otherKind: 'store',
    makeOther: storeDocFor,
  },
  {
    collectionName: 'stores',
    kind: 'store',
    make: storeDocFor,
    otherCollection: 'accounts',
    otherKind: 'therapist',
    makeOther: therapistDoc,
  },
];

export type Db = ReturnType<RulesTestContext['firestore']>;

export interface Role {
  role: string;
  /** True for the role that owns alice's documents. */
  owner: boolean;
  db: () => Db;
}

/** The three roles every collection is tested as: signed out, alice (the owner) and bob. */
export function ownerAndOthers(env: () => RulesTestEnvironment): Role[] {
  return [
    { role: 'signed out', owner: false, db: () => env().unauthenticatedContext().firestore() },
    { role: 'owner', owner: true, db: () => env().authenticatedContext('alice').firestore() },
    { role: 'other user', owner: false, db: () => env().authenticatedContext('bob').firestore() },
  ];
}

/** A signed-in user's Firestore; `verified` gives her a verified email. */
export function signedIn(env: () => RulesTestEnvironment, uid: string, verified = false): Db {
  return env()
    .authenticatedContext(uid, verified ? { email_verified: true } : {})
    .firestore();
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
 * The five roles of the self-service collections: alice is a confirmed
 * therapist at store `shop`; bob at `shop2`. seedDirectory writes them.
 */
export interface DirectoryRole {
  role: 'signed out' | 'owner therapist' | 'other therapist' | 'store' | 'other store';
  uid: string | null;
  db: () => Db;
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

/**
 * A therapist's profile and her store request naming `storeId` (requested
 * at SEEDED_AT; null: she asks none), as seed docs; `account` and
 * `request` override fields of each.
 */
export function memberDocs(
  uid: string,
  storeId: string | null,
  overrides: { account?: Record<string, unknown>; request?: Record<string, unknown> } = {},
): Record<string, Record<string, unknown>> {
  return {
    [`accounts/${uid}`]: therapistDoc(uid, overrides.account),
    [`storeRequests/${uid}`]: storeRequestDocFor(uid, storeId, overrides.request),
  };
}

/**
 * alice (at shop), bob (at shop2) and both stores, all published; both
 * therapists confirmed by their store unless `aliceStore` says otherwise
 * (null: alice asked no store; `aliceConfirmed: false`: asked, not answered).
 */
export function directoryProfiles(overrides: { aliceStore?: string | null; aliceConfirmed?: boolean } = {}) {
  const aliceStore = overrides.aliceStore === undefined ? 'shop' : overrides.aliceStore;
  const docs: Record<string, Record<string, unknown>> = {
    ...memberDocs('alice', aliceStore),
    ...memberDocs('bob', 'shop2'),
    'stores/shop': storeDocFor('shop'),
    'stores/shop2': storeDocFor('shop2'),
    'memberships/shop2_bob': membershipDocFor('shop2', 'bob'),
  };
  if (aliceStore !== null && overrides.aliceConfirmed !== false) {
    docs[`memberships/${aliceStore}_alice`] = membershipDocFor(aliceStore, 'alice');
  }
  return docs;
}

const seededAt = SEEDED_AT;

/** A stored former handle (id: x_{handle}) in `slot`, self-declared. */
export function frozenDoc(uid: string, handle = 'miu_0312', overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    platform: 'x',
    handle,
    frozenOn: '2025-06-01',
    note: '凍結されました',
    verification: 'self',
    confirmedBy: null,
    slot: 0,
    createdAt: seededAt,
    updatedAt: seededAt,
    ...overrides,
  };
}

/** A former handle as the client writes it (server createdAt and updatedAt). */
export function newFrozen(uid: string, handle = 'miu_0312', overrides: Record<string, unknown> = {}) {
  return frozenDoc(uid, handle, { createdAt: serverTimestamp(), updatedAt: serverTimestamp(), ...overrides });
}

/** The tombstone a client writes with a delete of collection/docId (src/schema/deletions.ts). */
export function tombstoneFor(collection: string, docId: string) {
  return [`deletions/${collection}:${docId}`, { collection, docId, deletedAt: serverTimestamp() }] as const;
}

/** Deletes a document with its tombstone in one batch, as the app's clients do. */
export function deleteTombstoned(db: Db, path: string, ...segments: string[]): Promise<void> {
  const target = doc(db, path, ...segments);
  const [tombstonePath, tombstone] = tombstoneFor(target.parent.id, target.id);
  const batch = writeBatch(db);
  batch.delete(target);
  batch.set(doc(db, tombstonePath), tombstone);
  return batch.commit();
}

/** Tokyo today and `days` away from it, as date keys (the rules count Tokyo days). */
export function tokyoDay(days = 0): string {
  return addDays(tokyoDateKey(new Date()), days);
}

/** The day the shift tests use: tomorrow (always within yesterday..60 days ahead). */
export const SHIFT_DAY = tokyoDay(1);

/** schedules/{userId}_{date}_{slot}. */
export function shiftId(uid: string, date = SHIFT_DAY, slot = 0): string {
  return `${uid}_${date}_${slot}`;
}

/** A stored shift; the default passes midnight. */
export function shiftDoc(uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) {
  return { userId: uid, storeId, date: SHIFT_DAY, start: '20:00', end: '02:00', note: '', updatedAt: seededAt, ...overrides };
}

/** A shift as the client writes it (server updatedAt). */
export function newShift(uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) {
  return shiftDoc(uid, storeId, { updatedAt: serverTimestamp(), ...overrides });
}

/** A Timestamp `days` days before now (negative: ahead). */
export function daysAgo(days: number): Timestamp {
  return Timestamp.fromMillis(Date.now() - days * 24 * 60 * 60 * 1000);
}
