/**
 * The blog limits the editor needs, mirroring src/schema/blogs.ts (the
 * unit tests hold them equal) instead of importing it: zod would add about
 * 13 KB gzip to the island for a few numbers.
 */

/** Blogs created per Tokyo day (ids {uid}_{yyyymmdd}_{0..9}). */
export const MAX_BLOGS_PER_DAY = 10;
/** Pictures per blog: Storage slots 0..9. */
export const MAX_BLOG_IMAGES = 10;
export const BLOG_TITLE_MAX = 100;
export const BLOG_BODY_MAX = 20000;

/** Long side of an uploaded blog or timeline picture, in pixels. */
export const CONTENT_IMAGE_MAX_SIDE = 1600;
/** Uploaded pictures stay under this (storage.rules: WebP, < 2 MB). */
export const MAX_CONTENT_IMAGE_BYTES = 2 * 1024 * 1024;

/** How many of her blogs the editor lists (the newest by creation). */
export const BLOG_LIST_SIZE = 100;
