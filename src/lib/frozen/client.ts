/**
 * My former (frozen) handles in Firestore, with the lite SDK:
 * frozenAccounts/{platform}_{handle} = {userId, platform, handle, frozenOn,
 * note, createdAt}. A create succeeds only when the doc is missing (one
 * owner per handle); the transaction reads it first to tell 「already
 * yours」 from 「claimed by another account」. Only the owner edits the
 * date and note, or removes the entry (firestore.rules).
 */
import {
  collection,
  deleteDoc,
  doc,
  getDocs,
  query,
  runTransaction,
  serverTimestamp,
  updateDoc,
  where,
  type Timestamp,
} from 'firebase/firestore/lite';
import { X_HANDLE_PATTERN } from '../handles';
import { clientDb } from '../firebase/db';
import { isDateKey } from '../tokyo-date';
import { frozenAccountId, type FrozenEntry, type FrozenPlatform } from './entry';
import { HandleAlreadyYoursError, HandleClaimedError } from './errors';

const COLLECTION = 'frozenAccounts';

/** One of my entries as the editor lists it. */
export interface FrozenHandle {
  id: string;
  platform: FrozenPlatform;
  handle: string;
  frozenOn: string | null;
  note: string;
  createdAt: Date | null;
}

function toFrozenHandle(id: string, data: Record<string, unknown>): FrozenHandle {
  const frozenOn = typeof data.frozenOn === 'string' && isDateKey(data.frozenOn) ? data.frozenOn : null;
  return {
    id,
    platform: 'x',
    handle: String(data.handle ?? ''),
    frozenOn,
    note: String(data.note ?? ''),
    createdAt: (data.createdAt as Timestamp | undefined)?.toDate?.() ?? null,
  };
}

/** Sorts by handle (a → z), the order the editor shows. */
export function sortByHandle(items: readonly FrozenHandle[]): FrozenHandle[] {
  return [...items].sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
}

/** My entries, sorted by handle (sorted here: no composite index needed). */
export async function listMyFrozenHandles(uid: string): Promise<FrozenHandle[]> {
  const snapshot = await getDocs(query(collection(clientDb(), COLLECTION), where('userId', '==', uid)));
  return sortByHandle(snapshot.docs.map((item) => toFrozenHandle(item.id, item.data())));
}

/**
 * Registers a validated, normalised entry as mine. Throws
 * HandleAlreadyYoursError or HandleClaimedError when the doc exists.
 * Returns the entry as listed (createdAt is the server's, so null here).
 */
export async function claimFrozenHandle(uid: string, entry: FrozenEntry): Promise<FrozenHandle> {
  if (!X_HANDLE_PATTERN.test(entry.handle)) throw new RangeError(`正規化されていないユーザー名です: ${entry.handle}`);
  const db = clientDb();
  const id = frozenAccountId(entry.platform, entry.handle);
  const ref = doc(db, COLLECTION, id);
  await runTransaction(db, async (transaction) => {
    const existing = await transaction.get(ref);
    if (existing.exists()) {
      if (existing.data().userId === uid) throw new HandleAlreadyYoursError(entry.handle);
      throw new HandleClaimedError(entry.handle);
    }
    transaction.set(ref, {
      userId: uid,
      platform: entry.platform,
      handle: entry.handle,
      frozenOn: entry.frozenOn,
      note: entry.note,
      createdAt: serverTimestamp(),
    });
  });
  return { id, ...entry, createdAt: null };
}

/** Changes the date and note of one of my entries (the only fields an owner may change). */
export async function updateFrozenHandle(id: string, change: { frozenOn: string | null; note: string }): Promise<void> {
  await updateDoc(doc(clientDb(), COLLECTION, id), { frozenOn: change.frozenOn, note: change.note });
}

/** Removes one of my entries. */
export async function removeFrozenHandle(id: string): Promise<void> {
  await deleteDoc(doc(clientDb(), COLLECTION, id));
}
