import { z } from 'zod';
import { timestamp, uid } from './common';

/**
 * What an announcement is about: the operator's `system` notices, and the
 * alerts of issue 15 (docs/decisions/oshi-alerts.md): a 推し's new or changed handle
 * (「@… に移転しました」), blog, timeline post or shift, the digest of her
 * day past the daily bound, and a watched handle being registered.
 */
export const ANNOUNCEMENT_KINDS = [
  'system',
  'favorite-blog',
  'favorite-post',
  'favorite-schedule',
  'favorite-handle',
  'favorite-digest',
  'handle-watch',
] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/** announcements/{id}: written by trusted scripts only, read by its user. */
export const announcementDoc = z
  .object({
    userId: uid,
    createdAt: timestamp,
    title: z.string().min(1).max(100),
    body: z.string().max(1000),
    link: z.string().max(500),
    kind: z.enum(ANNOUNCEMENT_KINDS),
  })
  .strict();
export type AnnouncementDoc = z.infer<typeof announcementDoc>;
