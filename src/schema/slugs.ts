import { z } from './zod';
import { slug, timestamp, uid } from './common';

/**
 * slugs/{slug}: which uid owns a profile slug, across therapists and
 * stores. A released slug keeps its doc with `releasedAt` for
 * SLUG_HOLD_DAYS: only its previous owner may take it back meanwhile, and
 * its old URL redirects to her current one.
 */
export const slugDoc = z
  .object({
    userId: uid,
    kind: z.enum(['therapist', 'store']),
    releasedAt: timestamp.nullable(),
  })
  .strict();
export type SlugDoc = z.infer<typeof slugDoc>;

export const SLUG_HOLD_DAYS = 30;

/** At most this many released slugs are held per account at a time (the oldest is released for real first). */
export const MAX_HELD_SLUGS = 2;

/**
 * slugHolds/{uid}: the slugs this account released and still holds,
 * oldest first (docs/decisions/slug-holds.md). Written in the profile
 * save's transaction with the slug docs; the rules check that every slug
 * listed is hers and released, and that a slug leaves the list only once
 * it is no longer held (taken back, released for real, or past
 * SLUG_HOLD_DAYS).
 */
export const slugHoldsDoc = z
  .object({
    slugs: z
      .array(slug)
      .max(MAX_HELD_SLUGS)
      .refine((slugs) => new Set(slugs).size === slugs.length, { message: 'a slug is listed twice' }),
  })
  .strict();
export type SlugHoldsDoc = z.infer<typeof slugHoldsDoc>;
