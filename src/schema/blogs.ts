import { z } from 'zod';
import { optionalUrl, tags, timestamp, uid } from './common';

/** blogs/{id}: Markdown body, rendered sanitised. Public once `published`. */
export const blogDoc = z
  .object({
    userId: uid,
    title: z.string().min(1).max(100),
    body: z.string().max(20000),
    coverImage: optionalUrl,
    tags: tags,
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .strict();
export type BlogDoc = z.infer<typeof blogDoc>;
