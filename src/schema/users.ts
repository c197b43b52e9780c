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

/** users/{uid}/fcmTokens/{token}: push tokens; never exported. */
export const fcmTokenDoc = z
  .object({
    token: z.string().min(1).max(4096),
    createdAt: timestamp,
    refreshedAt: timestamp,
  })
  .strict();
export type FcmTokenDoc = z.infer<typeof fcmTokenDoc>;
