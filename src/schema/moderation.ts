import { z } from './zod';
import { timestamp, uid } from './common';

/**
 * Private trust-and-safety records. Clients may create disputes and
 * reports (bounded per user by their ids: {uid}_{slot}); only the
 * operator's trusted script (`npm run moderate`) reads or resolves them.
 */
export const MAX_OPEN_DISPUTES = 3;
export const MAX_OPEN_REPORTS = 20;

/** disputes/{uid}_{0..2}: a second claimant's case for a handle someone holds. */
export const disputeDoc = z
  .object({
    userId: uid,
    handleId: z.string().regex(/^x_[a-z0-9_]{1,15}$/),
    /** A former handle (frozenAccounts) or a current one (currentHandles). */
    kind: z.enum(['former', 'current']),
    evidence: z.string().min(1).max(1000),
    createdAt: timestamp,
  })
  .strict();
export type DisputeDoc = z.infer<typeof disputeDoc>;

export const REPORT_REASONS = ['impersonation', 'spam', 'inappropriate', 'other'] as const;

/**
 * The fields of reports/{uid}_{0..19}, a signed-in user's report about
 * public content. Its schema, reportDoc, is src/registry/reports.ts: what
 * `targetPath` may name comes from the registry of public collections.
 */
export const reportFields = {
  userId: uid,
  targetPath: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().max(1000),
  createdAt: timestamp,
};

/** suspensions/{uid}: trusted code only. A suspended account leaves the site and cannot write. */
export const suspensionDoc = z
  .object({
    reason: z.string().max(500),
    createdAt: timestamp,
  })
  .strict();
export type SuspensionDoc = z.infer<typeof suspensionDoc>;

/**
 * storeVerifications/{storeId}: the operator has verified this store
 * (`npm run moderate -- verify-store <id>`), so its confirmations of its
 * members' former handles show as 店舗確認済み. Trusted code writes it; the
 * store itself may read its own (its member screen says whether its
 * confirmations count); nobody else reads it. Who verified it is kept in
 * moderationLog, not here.
 */
export const storeVerificationDoc = z
  .object({
    /** When the operator verified it (who did is in moderationLog). */
    verifiedAt: timestamp,
  })
  .strict();
export type StoreVerificationDoc = z.infer<typeof storeVerificationDoc>;

/** What a store may tell the operator when it asks to be verified (how to reach it, where to look), in characters. */
export const VERIFICATION_NOTE_MAX = 200;

/**
 * storeVerificationRequests/{storeId}: the store asks the operator to verify
 * it (its editor's 確認を申請する). Private: the store reads and rewrites its
 * own; `npm run moderate -- list` shows the open ones, and verify-store
 * closes one. Asked only while the store is published, its email verified
 * and it is not yet verified (firestore.rules).
 */
export const storeVerificationRequestDoc = z
  .object({
    note: z.string().max(VERIFICATION_NOTE_MAX),
    requestedAt: timestamp,
  })
  .strict();
export type StoreVerificationRequestDoc = z.infer<typeof storeVerificationRequestDoc>;
