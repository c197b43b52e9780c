import { z } from './zod';
import { MAX_DECLINE_REASON } from '../lib/membership/decline-reason';
import { timestamp, uid } from './common';

/**
 * memberships/{storeId}_{therapistUid}: the store's answer to a therapist's
 * request to join (storeRequests/{uid}). Written only by the store; read only
 * by that store and that therapist. It counts as a confirmed membership only
 * while status is 'confirmed', her request still names the store, and
 * requestedAt equals her request's requestedAt (so leaving and asking again
 * needs a new confirmation). A decline may carry a short reason she reads
 * on her profile editor.
 */
export const MEMBERSHIP_STATUSES = ['confirmed', 'declined', 'removed'] as const;
export const membershipDoc = z
  .object({
    storeId: uid,
    userId: uid,
    status: z.enum(MEMBERSHIP_STATUSES),
    requestedAt: timestamp,
    updatedAt: timestamp,
    /** Why the store declined, for her only (never exported); absent unless declined with a reason. */
    reason: z
      .string()
      .min(1, '理由を入力するか、欄を空にしてください。')
      .max(MAX_DECLINE_REASON, `理由は${MAX_DECLINE_REASON}文字以内で入力してください。`)
      .optional(),
  })
  .strict()
  .refine((answer) => answer.reason === undefined || answer.status === 'declined', {
    message: '理由を添えられるのはお断りするときだけです。',
    path: ['reason'],
  });
export type MembershipDoc = z.infer<typeof membershipDoc>;

export function membershipDocId(storeId: string, therapistId: string): string {
  return `${storeId}_${therapistId}`;
}
