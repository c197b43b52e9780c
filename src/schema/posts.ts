import { z } from 'zod';
import { httpsUrl, timestamp, uid } from './common';

/** posts/{id}: a short timeline post. */
export const postDoc = z
  .object({
    userId: uid,
    text: z.string().min(1).max(500),
    images: z.array(httpsUrl).max(4),
    createdAt: timestamp,
  })
  .strict();
export type PostDoc = z.infer<typeof postDoc>;
