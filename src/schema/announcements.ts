import { z } from 'zod';
import { timestamp, uid } from './common';

/** announcements/{id}: written by trusted scripts only, read by its user. */
export const announcementDoc = z
  .object({
    userId: uid,
    createdAt: timestamp,
    title: z.string().min(1).max(100),
    body: z.string().max(1000),
    link: z.string().max(500),
    kind: z.enum(['system', 'favorite-blog', 'favorite-post', 'favorite-schedule']),
  })
  .strict();
export type AnnouncementDoc = z.infer<typeof announcementDoc>;
