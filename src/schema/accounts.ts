import { z } from './zod';
import { area, channels, photoPath, slug, tags, timestamp, uid } from './common';

/**
 * accounts/{uid}: a therapist's profile. Public once `published`, so it holds
 * public fields only: the store she asked to join is in storeRequests/{uid}.
 */
export const accountDoc = z
  .object({
    userId: uid,
    displayName: z.string().min(1).max(40),
    profileSlug: slug,
    bio: z.string().max(2000),
    photo: photoPath,
    area: area,
    tags: tags,
    channels: channels,
    published: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type AccountDoc = z.infer<typeof accountDoc>;
