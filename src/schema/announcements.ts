import { z } from './zod';
import { ALERT_KINDS } from './users';
import { dateKey, timeOfDay, timestamp, uid, xHandle } from './common';

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

const name = z.string().min(1).max(500);

/**
 * What an alert says, as facts: one shape per kind (docs/decisions/alert-wording.md).
 * The alerts job stores them with the announcement; src/lib/alerts/wording.ts
 * words them (the stored title and body, the push, and the list again at
 * view time, so 本日 read tomorrow says the date). A new kind is one more
 * member here and one more entry in ALERT_WORDING.
 */
export const alertFacts = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('shift'), name, date: dateKey, start: timeOfDay, end: timeOfDay, store: z.string().max(500).nullable() })
    .strict(),
  z.object({ kind: z.literal('blog'), name, title: z.string().min(1).max(100), teaser: z.string().max(400) }).strict(),
  z.object({ kind: z.literal('post'), name, excerpt: z.string().max(500) }).strict(),
  z.object({ kind: z.literal('former-handle'), name, handle: xHandle }).strict(),
  z.object({ kind: z.literal('moved'), name, handle: xHandle }).strict(),
  z.object({ kind: z.literal('watch'), name, handle: xHandle }).strict(),
  /** 今すぐ案内可: a window she (or her store) opened, ending at `until` (an ISO time). */
  z.object({ kind: z.literal('available-now'), name, until: z.iso.datetime() }).strict(),
  z
    .object({
      kind: z.literal('digest'),
      name,
      date: dateKey,
      /** The day's news folded into the digest, by the fan setting's kind, in ALERT_KINDS order. */
      counts: z.array(z.object({ kind: z.enum(ALERT_KINDS), count: z.number().int().positive() }).strict()).min(1),
    })
    .strict(),
]);
export type AlertFacts = z.infer<typeof alertFacts>;
export type AlertFactsKind = AlertFacts['kind'];

/** announcements/{id}: written by trusted scripts only, read by its user. */
export const announcementDoc = z
  .object({
    userId: uid,
    createdAt: timestamp,
    title: z.string().min(1).max(100),
    body: z.string().max(1000),
    link: z.string().max(500),
    kind: z.enum(ANNOUNCEMENT_KINDS),
    /** An alert's facts: the list words it from them when present (older alerts and system notices have none). */
    facts: alertFacts.optional(),
  })
  .strict();
export type AnnouncementDoc = z.infer<typeof announcementDoc>;
