/**
 * My former (frozen) handles in Firestore, with the lite SDK:
 * frozenAccounts/x_{handle} = {userId, platform, handle, frozenOn, note,
 * verification, confirmedBy, slot, createdAt}, created in one batch with
 * users/{uid}/handleSlots/{slot} = {handleId}, the slot being the first
 * free one of 0..MAX_FORMER_HANDLES-1 among her own (so the rules can cap
 * her at 10). Before the batch, the handle is looked up: already hers, or
 * someone else's former or current handle (an unreadable one counts as
 * someone else's). She edits only the date and note; removing deletes the
 * handle and its slot together. Only her confirmed (operator-verified)
 * store or the operator raises `verification`.
 */
import { collection, doc, getDocs, query, serverTimestamp, updateDoc, where, writeBatch, type Timestamp } from 'firebase/firestore/lite';
import { deleteWithTombstone } from '../firebase/tombstone';
import type { VerificationLevel } from '../../schema/frozen-accounts';
import { firstFreeSlot, MAX_FORMER_HANDLES } from '../caps';
import { X_HANDLE_PATTERN } from '../handles';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { isDateKey } from '../tokyo-date';
import { frozenAccountId, type FrozenEntry, type FrozenPlatform } from './entry';
import { FrozenLimitError, HandleAlreadyYoursError, HandleClaimedError } from './errors';
import { handleHolder, otherClaimOn } from './handle-holders';

const COLLECTION = 'frozenAccounts';
const LEVELS: readonly string[] = ['self', 'store', 'operator'];

/** One of my entries as the editor lists it. */
export interface FrozenHandle {
  id: string;
  platform: FrozenPlatform;
  handle: string;
  frozenOn: string | null;
  note: string;
  verification: VerificationLevel;
  /** Her handleSlots/{slot} for it; null for an entry older than slots. */
  slot: number | null;
  createdAt: Date | null;
}

function toFrozenHandle(id: string, data: Record<string, unknown>): FrozenHandle {
  const frozenOn = typeof data.frozenOn === 'string' && isDateKey(data.frozenOn) ? data.frozenOn : null;
  const slot = typeof data.slot === 'number' && Number.isInteger(data.slot) ? data.slot : null;
  return {
    id,
    platform: 'x',
    handle: String(data.handle ?? ''),
    frozenOn,
    note: String(data.note ?? ''),
    verification: LEVELS.includes(String(data.verification)) ? (data.verification as VerificationLevel) : 'self',
    slot,
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

/** The slot a new handle takes, given her entries; null at MAX_FORMER_HANDLES. */
export function freeHandleSlot(mine: readonly Pick<FrozenHandle, 'slot'>[]): number | null {
  if (mine.length >= MAX_FORMER_HANDLES) return null;
  return firstFreeSlot(
    mine.flatMap((item) => (item.slot === null ? [] : [item.slot])),
    MAX_FORMER_HANDLES,
  );
}

/**
 * Registers a validated, normalised entry as mine. `mine` is her list as
 * loaded (for the slot). Throws FrozenLimitError at the cap,
 * HandleAlreadyYoursError, or HandleClaimedError (naming whose claim: a
 * former or a current handle) when someone else holds it. Returns the
 * entry as listed (createdAt is the server's, so null here).
 */
export async function claimFrozenHandle(uid: string, entry: FrozenEntry, mine: readonly FrozenHandle[]): Promise<FrozenHandle> {
  if (!X_HANDLE_PATTERN.test(entry.handle)) throw new RangeError(`正規化されていないユーザー名です: ${entry.handle}`);
  const id = frozenAccountId(entry.platform, entry.handle);
  if (mine.some((item) => item.id === id)) throw new HandleAlreadyYoursError(entry.handle);
  const slot = freeHandleSlot(mine);
  if (slot === null) throw new FrozenLimitError();
  const [former, current] = await Promise.all([handleHolder('former', entry.handle, uid), handleHolder('current', entry.handle, uid)]);
  if (former === 'mine') throw new HandleAlreadyYoursError(entry.handle);
  if (current === 'other' || current === 'hidden') throw new HandleClaimedError(entry.handle, 'current');
  if (former === 'other') throw new HandleClaimedError(entry.handle, 'former');
  // 'hidden' (unreadable) is tried: the create is refused when the doc exists, which then counts as taken.
  const db = clientDb();
  const batch = writeBatch(db);
  batch.set(doc(db, COLLECTION, id), {
    userId: uid,
    platform: entry.platform,
    handle: entry.handle,
    frozenOn: entry.frozenOn,
    note: entry.note,
    verification: 'self',
    confirmedBy: null,
    slot,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  });
  batch.set(doc(db, 'users', uid, 'handleSlots', String(slot)), { handleId: id });
  try {
    await batch.commit();
  } catch (error) {
    if (errorCode(error) === 'permission-denied') {
      if (former === 'hidden') throw new HandleClaimedError(entry.handle, 'former');
      // Free when looked up a moment ago: someone may have claimed it meanwhile.
      const other = await otherClaimOn(entry.handle, uid).catch(() => null);
      if (other) throw new HandleClaimedError(entry.handle, other);
    }
    throw error;
  }
  return { id, ...entry, verification: 'self', slot, createdAt: null };
}

/** Changes the date and note of one of my entries (the only fields an owner may change). */
export async function updateFrozenHandle(id: string, change: { frozenOn: string | null; note: string }): Promise<void> {
  await updateDoc(doc(clientDb(), COLLECTION, id), {
    frozenOn: change.frozenOn,
    note: change.note,
    updatedAt: serverTimestamp(),
  });
}

/** Removes one of my entries and frees its slot, in one batch. */
export async function removeFrozenHandle(uid: string, item: Pick<FrozenHandle, 'id' | 'slot'>): Promise<void> {
  const db = clientDb();
  const batch = writeBatch(db);
  deleteWithTombstone(db, batch, COLLECTION, item.id);
  if (item.slot !== null) batch.delete(doc(db, 'users', uid, 'handleSlots', String(item.slot)));
  await batch.commit();
}
