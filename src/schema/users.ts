import { z } from './zod';
import { timestamp, uid, xHandle } from './common';
import { MAX_FAVORITES, MAX_HANDLE_WATCHES } from './favorites';

/** Which news of her 推し a fan wants (all on when absent). */
export const ALERT_KINDS = ['handle', 'blog', 'post', 'schedule'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const alertSettings = z.object({ handle: z.boolean(), blog: z.boolean(), post: z.boolean(), schedule: z.boolean() }).strict();
export type AlertSettingsDoc = z.infer<typeof alertSettings>;

/**
 * users/{uid}: private to its owner; never exported. Every field but
 * createdAt is optional, so docs written before a field existed stay valid.
 * favoriteCount / watchCount move by one with a favourite / watch in the
 * same write, which names it in lastFavoriteTarget / lastWatchedHandle (the
 * rules check that item is created or deleted: docs/decisions/favorites-and-handle-watches.md).
 */
export const userDoc = z
  .object({
    lastCheckedAnnouncementsAt: timestamp.optional(),
    favoriteCount: z.number().int().min(0).max(MAX_FAVORITES).optional(),
    lastFavoriteTarget: uid.optional(),
    watchCount: z.number().int().min(0).max(MAX_HANDLE_WATCHES).optional(),
    lastWatchedHandle: xHandle.optional(),
    alerts: alertSettings.optional(),
    /** Push as well as the bell (off when absent). */
    pushAlerts: z.boolean().optional(),
    /** The previous visit to /favorites: a handle registered after it is 「新しいアカウント」. */
    lastFavoritesVisitAt: timestamp.optional(),
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
