/** Shared pieces of the rules tests: the two profile kinds and outcome helpers. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { serverTimestamp } from 'firebase/firestore';
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
