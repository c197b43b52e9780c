import { z } from './zod';
import { X_HANDLE_PATTERN } from '../lib/handles';
import { dateKey, timestamp, uid, xHandle } from './common';

/**
 * How far a handle claim is verified (SPEC "Trust and safety"): the owner
 * declared it, her confirmed store confirmed it, or the operator did.
 */
export const VERIFICATION_LEVELS = ['self', 'store', 'operator'] as const;
export const verificationLevel = z.enum(VERIFICATION_LEVELS);
export type VerificationLevel = z.infer<typeof verificationLevel>;

/** At most this many former handles per account (slots 0..MAX-1). */
export const MAX_FORMER_HANDLES = 10;
export const handleSlot = z
  .number()
  .int()
  .min(0)
  .max(MAX_FORMER_HANDLES - 1);

/**
 * frozenAccounts/{platform}_{handle}: a former (frozen) handle, registered
 * by its owner. `slot` names her users/{uid}/handleSlots/{slot} doc, which
 * bounds how many she holds. `confirmedBy` is the store that raised it to
 * 'store' (its uid, written by that store in the same update) and null at
 * every other level: a store badge always names the store behind it, so
 * the export shows it only while that store is operator-verified
 * (docs/decisions/store-verification.md).
 */
export const frozenAccountDoc = z
  .object({
    userId: uid,
    platform: z.literal('x'),
    handle: xHandle,
    frozenOn: dateKey.nullable(),
    note: z.string().max(200),
    verification: verificationLevel,
    confirmedBy: uid.nullable(),
    slot: handleSlot,
    createdAt: timestamp,
    /** Every write sets it to the server's time: the incremental export reads what changed after its cursor. */
    updatedAt: timestamp,
  })
  .strict()
  .refine((doc) => (doc.verification === 'store') === (doc.confirmedBy !== null), {
    message: "confirmedBy names the confirming store exactly when verification is 'store'",
    path: ['confirmedBy'],
  });
export type FrozenAccountDoc = z.infer<typeof frozenAccountDoc>;

/** users/{uid}/handleSlots/{slot}: which of her handle docs holds this slot. */
export const handleSlotDoc = z.object({ handleId: z.string().min(3).max(20) }).strict();
export type HandleSlotDoc = z.infer<typeof handleSlotDoc>;

/**
 * currentHandles/{platform}_{handle}: who lists this handle as her current
 * X account. Reserved and released with the profile write, so no two
 * accounts (and no impostor) can show the same current handle.
 */
export const currentHandleDoc = z.object({ userId: uid }).strict();
export type CurrentHandleDoc = z.infer<typeof currentHandleDoc>;

/** The doc id of a handle: `x_miu_0312`. */
export function handleDocId(handle: string, platform = 'x'): string {
  return `${platform}_${handle}`;
}

/** The X handle a doc id names (handleDocId's inverse for X), or null when it names none. */
export function xHandleOfDocId(id: string): string | null {
  const handle = id.startsWith('x_') ? id.slice(2) : '';
  return X_HANDLE_PATTERN.test(handle) ? handle : null;
}
