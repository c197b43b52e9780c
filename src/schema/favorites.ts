import { z } from './zod';
import { timestamp, uid, xHandle } from './common';

/**
 * 推し and handle watches (docs/decisions/favorites-and-handle-watches.md). Both are private to their owner and never exported
 * row by row; their ids are the target and the handle, so a toggle is one
 * read, and users/{uid}.favoriteCount / watchCount bound how many she keeps.
 */
export const MAX_FAVORITES = 500;
export const MAX_HANDLE_WATCHES = 20;

/** What can be 推し'd: a therapist (accounts/{uid}) or a store (stores/{uid}). */
export const FAVORITE_KINDS = ['therapist', 'store'] as const;
export const favoriteKind = z.enum(FAVORITE_KINDS);
export type FavoriteKind = z.infer<typeof favoriteKind>;

/**
 * favorites/{uid}/items/{targetUid}: one 推し. targetUid repeats the id so
 * trusted code finds a target's fans with one collection-group query.
 */
export const favoriteDoc = z
  .object({
    targetUid: uid,
    targetKind: favoriteKind,
    createdAt: timestamp,
  })
  .strict();
export type FavoriteDoc = z.infer<typeof favoriteDoc>;

/**
 * handleWatches/{uid}/handles/{handle}: a fan waiting for an X handle
 * (stored form, as frozenAccounts) to be registered; handle == the id.
 */
export const handleWatchDoc = z
  .object({
    handle: xHandle,
    createdAt: timestamp,
  })
  .strict();
export type HandleWatchDoc = z.infer<typeof handleWatchDoc>;
