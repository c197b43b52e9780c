/**
 * The writes behind the 推し toggles and handle watches, with the Firestore
 * SDK: loaded on the first tap (see my-ids.ts), then kept.
 */
import { addFavorite, removeFavorite, unwatchHandle, watchHandle } from '../../lib/favorites/client';
import { clientDb } from '../../lib/firebase/db';
import type { FavoriteKind } from './markup';

export const favoriteWrites = (uid: string) => ({
  add: (targetUid: string, kind: FavoriteKind) => addFavorite(clientDb(), uid, { uid: targetUid, kind }),
  remove: (targetUid: string) => removeFavorite(clientDb(), uid, targetUid),
});

export const watchWrites = (uid: string) => ({
  watch: (handle: string) => watchHandle(clientDb(), uid, handle),
  unwatch: (handle: string) => unwatchHandle(clientDb(), uid, handle),
});
