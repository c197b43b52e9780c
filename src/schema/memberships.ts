import { z } from 'zod';
import { timestamp, uid } from './common';

/**
 * memberships/{storeId}_{therapistUid}: the store's answer to a therapist's
 * request to join (storeRequests/{uid}). Written only by the store; read only
 * by that store and that therapist. It counts as a confirmed membership only
 * while status is 'confirmed', her request still names the store, and
 * requestedAt equals her request's requestedAt (so leaving and asking again
 * needs a new confirmation).
 */
export const MEMBERSHIP_STATUSES = ['confirmed', 'declined', 'removed'] as const;
export const membershipDoc = z
  .object({
    storeId: uid,
    userId: uid,
    status: z.enum(MEMBERSHIP_STATUSES),
    requestedAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type MembershipDoc = z.infer<typeof membershipDoc>;

export function membershipDocId(storeId: string, therapistId: string): string {
  return `${storeId}_${therapistId}`;
}
