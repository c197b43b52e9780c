/**
 * The timeline limits the composer needs, mirroring src/schema/posts.ts
 * (the unit tests hold them equal) without shipping zod to the island.
 */

/** Posts per Tokyo day (ids {uid}_{yyyymmdd}_{0..19}). */
export const MAX_POSTS_PER_DAY = 20;
export const MAX_POST_IMAGES = 4;
export const POST_TEXT_MAX = 500;
/** How many of her own posts the composer lists under it. */
export const MY_POSTS_SHOWN = 20;
