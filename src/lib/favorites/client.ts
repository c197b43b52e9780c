/**
 * The signed-in fan's 推し, handle watches and alert settings, with the
 * lite SDK (one-shot reads and transactions). Every function takes the
 * Firestore instance (islands pass clientDb()) and throws only
 * FavoriteError, whose message is Japanese the UI shows as is.
 * Data model: docs/decisions/favorites-and-handle-watches.md.
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  type Firestore,
  type Timestamp,
} from 'firebase/firestore/lite';
import type { FavoriteKind } from '../../schema/favorites';
import { MAX_FAVORITES, MAX_HANDLE_WATCHES } from '../caps';
import { errorCode } from '../firebase/error-code';
import { handleProblem, normalizeHandle } from '../handles';
import { alertSettingsOf, type AlertSettings } from './alert-settings';
import { addCounted, removeCounted, type Counter } from './counted-items';
import { invalidHandleError, limitError, missingTargetError, selfFavoriteError, toFavoriteError, type FavoriteAction } from './errors';

export type { AlertSettings } from './alert-settings';
export { DEFAULT_ALERT_SETTINGS } from './alert-settings';
export { FavoriteError, type FavoriteErrorReason } from './errors';
export type { FavoriteKind };

export interface FavoriteRow {
  targetUid: string;
  targetKind: FavoriteKind;
  createdAt: Date;
}

export interface FavoriteTarget {
  uid: string;
  kind: FavoriteKind;
}

const FAVORITES: Counter = { countKey: 'favoriteCount', markerKey: 'lastFavoriteTarget', max: MAX_FAVORITES };
const WATCHES: Counter = { countKey: 'watchCount', markerKey: 'lastWatchedHandle', max: MAX_HANDLE_WATCHES };

const favoriteRef = (db: Firestore, uid: string, targetUid: string) => doc(db, 'favorites', uid, 'items', targetUid);
const watchRef = (db: Firestore, uid: string, handle: string) => doc(db, 'handleWatches', uid, 'handles', handle);

/** Runs `work`, turning whatever it throws into a FavoriteError for `action`. */
async function withErrors<T>(action: FavoriteAction, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toFavoriteError(error, action);
  }
}

/** Her 推し, newest first: one query on favorites/{uid}/items. */
export function listMyFavorites(db: Firestore, uid: string): Promise<FavoriteRow[]> {
  return withErrors('list-favorites', async () => {
    const snapshot = await getDocs(query(collection(db, 'favorites', uid, 'items'), orderBy('createdAt', 'desc')));
    return snapshot.docs.map((item) => ({
      targetUid: item.id,
      targetKind: item.get('targetKind') === 'store' ? 'store' : 'therapist',
      createdAt: (item.get('createdAt') as Timestamp).toDate(),
    }));
  });
}

/**
 * The rules refused a 推し: say "not found" when the target's public
 * profile cannot be read (deleted, unpublished or not of that kind), else
 * pass the refusal on.
 */
async function explainRefusal(db: Firestore, target: FavoriteTarget, refusal: unknown): Promise<never> {
  let found = false;
  try {
    found = (await getDoc(doc(db, target.kind === 'store' ? 'stores' : 'accounts', target.uid))).exists();
  } catch {
    // A profile she may not read counts as not found.
  }
  throw found ? refusal : missingTargetError(refusal);
}

/** 推す: adds target to her 推し (already there: nothing happens). */
export function addFavorite(db: Firestore, uid: string, target: FavoriteTarget): Promise<void> {
  return withErrors('add-favorite', async () => {
    if (target.uid === uid) throw selfFavoriteError();
    const data = { targetUid: target.uid, targetKind: target.kind };
    try {
      await addCounted(db, uid, FAVORITES, favoriteRef(db, uid, target.uid), data, () => {
        throw limitError('add-favorite');
      });
    } catch (error) {
      if (errorCode(error) === 'permission-denied') await explainRefusal(db, target, error);
      throw error;
    }
  });
}

/** Removes targetUid from her 推し (not there: nothing happens). */
export function removeFavorite(db: Firestore, uid: string, targetUid: string): Promise<void> {
  return withErrors('remove-favorite', () => removeCounted(db, uid, FAVORITES, favoriteRef(db, uid, targetUid)));
}

/** The handles she waits for (stored form), newest first. */
export function listMyWatches(db: Firestore, uid: string): Promise<string[]> {
  return withErrors('list-watches', async () => {
    const snapshot = await getDocs(query(collection(db, 'handleWatches', uid, 'handles'), orderBy('createdAt', 'desc')));
    return snapshot.docs.map((item) => item.id);
  });
}

/** Asks to be told when `handle` (as typed: @, full-width and case are folded) is registered. */
export function watchHandle(db: Firestore, uid: string, handle: string): Promise<void> {
  return withErrors('watch', async () => {
    const problem = handleProblem(handle);
    if (problem) throw invalidHandleError(problem);
    const stored = normalizeHandle(handle);
    await addCounted(db, uid, WATCHES, watchRef(db, uid, stored), { handle: stored }, () => {
      throw limitError('watch');
    });
  });
}

/** Stops waiting for `handle` (not watched, or not a handle at all: nothing happens). */
export function unwatchHandle(db: Firestore, uid: string, handle: string): Promise<void> {
  return withErrors('unwatch', async () => {
    if (handleProblem(handle)) return;
    await removeCounted(db, uid, WATCHES, watchRef(db, uid, normalizeHandle(handle)));
  });
}

/** Her alert settings, with the defaults (every kind on, push off) for what she never set. */
export function readAlertSettings(db: Firestore, uid: string): Promise<AlertSettings> {
  return withErrors('read-settings', async () => alertSettingsOf((await getDoc(doc(db, 'users', uid))).data()));
}

/**
 * Writes `changes` to users/{uid} in a transaction (creating the doc for an
 * account made before users docs existed) and returns its data before.
 */
function changeUserDoc(db: Firestore, uid: string, changes: Record<string, unknown>) {
  const ref = doc(db, 'users', uid);
  return runTransaction(db, async (transaction) => {
    const before = await transaction.get(ref);
    if (before.exists()) transaction.update(ref, changes);
    else transaction.set(ref, { createdAt: serverTimestamp(), ...changes });
    return before.data();
  });
}

export function saveAlertSettings(db: Firestore, uid: string, settings: AlertSettings): Promise<void> {
  const { handle, blog, post, schedule } = settings.alerts;
  const changes = { alerts: { handle, blog, post, schedule }, pushAlerts: settings.pushAlerts };
  return withErrors('save-settings', async () => void (await changeUserDoc(db, uid, changes)));
}

/**
 * Records this visit to /favorites (server time) and returns the previous
 * one, or null on her first: handles registered after it are new to her.
 */
export function markFavoritesVisited(db: Firestore, uid: string): Promise<Date | null> {
  return withErrors('visit', async () => {
    const before = await changeUserDoc(db, uid, { lastFavoritesVisitAt: serverTimestamp() });
    return (before?.lastFavoritesVisitAt as Timestamp | undefined)?.toDate() ?? null;
  });
}
