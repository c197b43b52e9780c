import { z } from './zod';
import { imageSlot } from './blogs';
import { timestamp, uid } from './common';

/** At most this many timeline posts a day per account (ids {uid}_{yyyymmdd}_{0..19}). */
export const MAX_POSTS_PER_DAY = 20;
export const MAX_POST_IMAGES = 4;
export const POST_TEXT_MAX = 500;

/**
 * posts/{uid}_{yyyymmdd}_{0..19}: a short timeline post. Pictures are
 * Storage slots posts/{uid}/{postId}/{slot}.webp. Never edited; deleted
 * by its author, hidden by the operator.
 */
export const postDoc = z
  .object({
    userId: uid,
    text: z.string().min(1).max(POST_TEXT_MAX),
    images: z.array(imageSlot(MAX_POST_IMAGES)).max(MAX_POST_IMAGES),
    createdAt: timestamp,
    /** createdAt at first; moved by the operator's hide / unhide (the incremental export's cursor). */
    updatedAt: timestamp,
    hidden: z.boolean(),
  })
  .strict()
  .refine((post) => new Set(post.images).size === post.images.length, { message: '画像の番号が重複しています', path: ['images'] });
export type PostDoc = z.infer<typeof postDoc>;
