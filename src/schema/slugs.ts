import { z } from 'zod';
import { timestamp, uid } from './common';

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
