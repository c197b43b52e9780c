import { z } from 'zod';
import { timestamp } from './common';

/** users/{uid}: private to its owner; never exported. */
export const userDoc = z
  .object({
    lastCheckedAnnouncementsAt: timestamp.optional(),
    createdAt: timestamp,
  })
  .strict();
export type UserDoc = z.infer<typeof userDoc>;

/**
 * users/{uid}/fcmTokens/{slot}: push tokens, one per browser, in at most
 * MAX_PUSH_TOKENS slots (0..4; a sixth browser replaces the stalest);
 * never exported.
 */
export const MAX_PUSH_TOKENS = 5;
export const fcmTokenDoc = z
  .object({
    token: z.string().min(1).max(4096),
    createdAt: timestamp,
    refreshedAt: timestamp,
  })
  .strict();
export type FcmTokenDoc = z.infer<typeof fcmTokenDoc>;
