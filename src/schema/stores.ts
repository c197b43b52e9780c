import { z } from './zod';
import { area, channels, optionalUrl, photoPath, slug, timestamp, uid } from './common';
import { courseOptions, courses } from './course-menu';

/** stores/{uid}: a store's profile. Public once `published`. */
export const storeDoc = z
  .object({
    userId: uid,
    displayName: z.string().max(40),
    storeName: z.string().min(1).max(60),
    profileSlug: slug,
    description: z.string().max(2000),
    photo: photoPath,
    area: area,
    address: z.string().max(120),
    nearestStation: z.string().max(40),
    hours: z.string().max(60),
    website: optionalUrl,
    channels: channels,
    /** The course menu (./course-menu.ts); absent on a store that never saved one, read as empty. */
    courses: courses.optional(),
    options: courseOptions.optional(),
    published: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type StoreDoc = z.infer<typeof storeDoc>;
