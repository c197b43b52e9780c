import { z } from 'zod';
import { area, channels, photoPath, slug, tags, timestamp, uid } from './common';

/** accounts/{uid}: a therapist's profile. Public once `published`. */
export const accountDoc = z
  .object({
    userId: uid,
    displayName: z.string().min(1).max(40),
    profileSlug: slug,
    bio: z.string().max(2000),
    photo: photoPath,
    /** The store she asked to join: public only once the store confirms (memberships). */
    storeId: uid.nullable(),
    /** When storeId last changed; a confirmation is for this request only. */
    storeRequestedAt: timestamp.nullable(),
    area: area,
    tags: tags,
    channels: channels,
    published: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type AccountDoc = z.infer<typeof accountDoc>;
