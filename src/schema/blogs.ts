import { z } from './zod';
import { tags, timestamp, uid } from './common';

/** At most this many blogs a day per account (ids {uid}_{yyyymmdd}_{0..9}). */
export const MAX_BLOGS_PER_DAY = 10;
/** Pictures per blog: slots 0..9, each blogs/{uid}/{blogId}/{slot}.webp in Storage. */
export const MAX_BLOG_IMAGES = 10;
export const BLOG_TITLE_MAX = 100;
export const BLOG_BODY_MAX = 20000;

export const imageSlot = (count: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(count - 1);

/**
 * blogs/{uid}_{yyyymmdd}_{0..9} (写メ日記): a Markdown body, rendered
 * sanitised (src/lib/markdown/render.ts). Pictures are never URLs: `images`
 * lists the Storage slots in use, the body names them as `image:N`, `cover`
 * is one of them. Public once `published` and `publishAt` has come, unless
 * the operator `hidden` it. The id's day (Tokyo, the day it was created)
 * caps creation at 10 a day.
 */
export const blogDoc = z
  .object({
    userId: uid,
    title: z.string().min(1).max(BLOG_TITLE_MAX),
    body: z.string().max(BLOG_BODY_MAX),
    cover: imageSlot(MAX_BLOG_IMAGES).nullable(),
    images: z.array(imageSlot(MAX_BLOG_IMAGES)).max(MAX_BLOG_IMAGES),
    tags: tags,
    published: z.boolean(),
    /** When it goes public: the save's time for 「今すぐ公開」, later for 予約投稿; null for a draft. */
    publishAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    hidden: z.boolean(),
  })
  .strict()
  .refine((blog) => new Set(blog.images).size === blog.images.length, { message: '画像の番号が重複しています', path: ['images'] })
  .refine((blog) => blog.cover === null || blog.images.includes(blog.cover), { message: '表紙が画像にありません', path: ['cover'] })
  .refine((blog) => blog.published === (blog.publishAt !== null), { message: '公開と公開日時が合いません', path: ['publishAt'] });
export type BlogDoc = z.infer<typeof blogDoc>;
