/** Shared pieces of the rules tests: the two profile kinds and outcome helpers. */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
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
