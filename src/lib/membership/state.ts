/**
 * Store membership as both sides see it (docs/decisions/private-store-requests.md):
 * the therapist asks by naming a store in storeRequests/{uid} (storeId,
 * requestedAt), which only she and that store read; the store answers in
 * memberships/{storeId}_{uid}. An answer counts only for the request it was
 * given to (the same requestedAt): without one the request is pending. Pure.
 */

export type MembershipStatus = 'confirmed' | 'declined' | 'removed';
export type MembershipState = 'none' | 'pending' | MembershipStatus;

/** A Firestore Timestamp as compared here (the exact instant, to the nanosecond). */
export interface Instant {
  seconds: number;
  nanoseconds: number;
}

/** Her request (storeRequests/{uid}): the store she asks to join and when, or none. */
export interface StoreRequest {
  storeId: string | null;
  requestedAt: Instant | null;
}

export const NO_STORE_REQUEST: StoreRequest = { storeId: null, requestedAt: null };

export interface MembershipAnswer {
  status: MembershipStatus;
  requestedAt: Instant | null;
  /** Why the store declined ('' when it gave no reason). */
  reason: string;
}

export const MEMBERSHIP_LABELS: Record<Exclude<MembershipState, 'none'>, string> = {
  pending: '承認待ち',
  confirmed: '所属中',
  declined: '承認されませんでした',
  removed: '所属を解除されました',
};

export function membershipDocId(storeId: string, therapistId: string): string {
  return `${storeId}_${therapistId}`;
}

export function sameInstant(a: Instant | null | undefined, b: Instant | null | undefined): boolean {
  return !!a && !!b && a.seconds === b.seconds && a.nanoseconds === b.nanoseconds;
}

/** The value as an Instant when it looks like a Timestamp, else null. */
export function asInstant(value: unknown): Instant | null {
  const { seconds, nanoseconds } = (value ?? {}) as Partial<Instant>;
  return typeof seconds === 'number' && typeof nanoseconds === 'number' ? (value as Instant) : null;
}

const STATUSES: readonly string[] = ['confirmed', 'declined', 'removed'];

/** The request a storeRequests doc's data holds (none for a missing or odd one). */
export function storeRequestFrom(data: Record<string, unknown> | undefined): StoreRequest {
  const storeId = typeof data?.storeId === 'string' && data.storeId !== '' ? data.storeId : null;
  return storeId ? { storeId, requestedAt: asInstant(data?.requestedAt) } : NO_STORE_REQUEST;
}

/** The store's answer recorded in a memberships doc's data, or null. */
export function answerFrom(data: Record<string, unknown> | undefined): MembershipAnswer | null {
  if (!data || typeof data.status !== 'string' || !STATUSES.includes(data.status)) return null;
  const reason = data.status === 'declined' && typeof data.reason === 'string' ? data.reason : '';
  return { status: data.status as MembershipStatus, requestedAt: asInstant(data.requestedAt), reason };
}

/**
 * Where her request stands: none without a store; the store's answer when
 * it was given to this very request; pending otherwise (also while the
 * time of a just-saved request is not known yet: requestedAt null).
 */
export function membershipState(storeId: string | null, requestedAt: Instant | null, answer: MembershipAnswer | null): MembershipState {
  if (!storeId) return 'none';
  if (!answer || !sameInstant(answer.requestedAt, requestedAt)) return 'pending';
  return answer.status;
}

/**
 * The store a shift is shown under (docs/decisions/membership-requests.md):
 * her confirmed store when the shift names it or no store (so the shifts
 * she entered while her request waited join the store that confirms her),
 * else none (a store she left, or none confirmed). The export's
 * derivation and the editors use this one rule, so her profile, /today and
 * the store's schedule agree.
 */
export function shiftStoreOf(shiftStoreId: string | null, confirmedStoreId: string | null): string | null {
  return confirmedStoreId !== null && (shiftStoreId === null || shiftStoreId === confirmedStoreId) ? confirmedStoreId : null;
}
