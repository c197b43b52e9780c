import { z } from 'zod';
import { uid } from './common';

/** slugs/{slug}: which uid owns a profile slug, across therapists and stores. */
export const slugDoc = z
  .object({
    userId: uid,
    kind: z.enum(['therapist', 'store']),
  })
  .strict();
export type SlugDoc = z.infer<typeof slugDoc>;
