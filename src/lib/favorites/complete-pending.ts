/**
 * Adds the pending 推し (pending-favorite.ts) once her email is verified:
 * addFavorite writes nothing when it is already there, and the pending
 * target is forgotten only after it succeeded, so running this twice (two
 * tabs, a reload) adds it once.
 */
import { forgetPendingFavorite, readPendingFavorite, type PendingFavorite } from './pending-favorite';

export type PendingOutcome =
  | { state: 'none' }
  /** Waits for her to verify her email. */
  | { state: 'waiting'; target: PendingFavorite }
  | { state: 'added'; target: PendingFavorite }
  | { state: 'failed'; target: PendingFavorite; message: string };

export async function completePendingFavorite(user: { uid: string; emailVerified: boolean }): Promise<PendingOutcome> {
  const target = readPendingFavorite();
  if (!target) return { state: 'none' };
  if (target.uid === user.uid) {
    // Nobody 推す herself: a tap on her own ☆ before signing in is dropped.
    forgetPendingFavorite();
    return { state: 'none' };
  }
  if (!user.emailVerified) return { state: 'waiting', target };
  const [{ addFavorite, FavoriteError }, { clientDb }] = await Promise.all([import('./client'), import('../firebase/db')]);
  try {
    await addFavorite(clientDb(), user.uid, target);
  } catch (error) {
    // A target that is gone, or a full list, stays so: forget it. A network failure is tried again next visit.
    if (error instanceof FavoriteError && ['missing-target', 'limit', 'self'].includes(error.reason)) forgetPendingFavorite();
    return { state: 'failed', target, message: error instanceof Error ? error.message : '推しに追加できませんでした。' };
  }
  forgetPendingFavorite();
  return { state: 'added', target };
}
