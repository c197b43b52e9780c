/**
 * An item keyed by what it points at (a 推し, a watched handle), added or
 * removed in one transaction with its counter on users/{uid}: the rules let
 * the item change only while the counter moves by one and names it
 * (docs/decisions/favorites-and-handle-watches.md). Adding an
 * existing item or removing a missing one writes nothing.
 */
import {
  doc,
  getDoc,
  runTransaction,
  serverTimestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase/firestore/lite';
import { errorCode } from '../firebase/error-code';

export interface Counter {
  /** users/{uid} field counting the items. */
  countKey: 'favoriteCount' | 'watchCount';
  /** users/{uid} field naming the item the counter last moved with. */
  markerKey: 'lastFavoriteTarget' | 'lastWatchedHandle';
  max: number;
}

/** Tries before a refusal caused by another tab's change in between is passed on. */
const ATTEMPTS = 5;

/** The stored count, or null when users/{uid} does not exist. */
function countOf(user: DocumentSnapshot, counter: Counter): number | null {
  if (!user.exists()) return null;
  const value: unknown = user.get(counter.countKey);
  return typeof value === 'number' ? value : 0;
}

/**
 * Runs `change` (given users/{uid}'s count and whether the item exists) in a
 * transaction. Another tab committing between its reads and its commit makes
 * the rules, which see the newer counter, refuse it (permission-denied,
 * which the SDK does not retry): when the counter did move meanwhile, it is
 * tried again with fresh reads.
 */
async function runCounted(
  db: Firestore,
  uid: string,
  counter: Counter,
  item: DocumentReference,
  change: (transaction: Transaction, count: number | null, exists: boolean) => void,
): Promise<void> {
  const userRef = doc(db, 'users', uid);
  for (let attempt = 1; ; attempt += 1) {
    const seen: { count?: number | null } = {};
    try {
      await runTransaction(
        db,
        async (transaction) => {
          const [user, existing] = await Promise.all([transaction.get(userRef), transaction.get(item)]);
          seen.count = countOf(user, counter);
          change(transaction, seen.count, existing.exists());
          // Two tries, not the SDK's five: offline, the optimistic button rolls back in a second or two, not eight.
        },
        { maxAttempts: 2 },
      );
      return;
    } catch (error) {
      if (errorCode(error) !== 'permission-denied' || attempt >= ATTEMPTS || !('count' in seen)) throw error;
      const now = await getDoc(userRef).then(
        (user) => countOf(user, counter),
        () => seen.count,
      );
      if (now === seen.count) throw error;
    }
  }
}

/**
 * Writes `data` (+ createdAt) at `item` and raises the counter; calls
 * `onFull` (which throws) when the counter is at its cap.
 */
export function addCounted(
  db: Firestore,
  uid: string,
  counter: Counter,
  item: DocumentReference,
  data: Record<string, unknown>,
  onFull: () => never,
): Promise<void> {
  const userRef = doc(db, 'users', uid);
  return runCounted(db, uid, counter, item, (transaction, count, exists) => {
    if (exists) return;
    if ((count ?? 0) >= counter.max) onFull();
    transaction.set(item, { ...data, createdAt: serverTimestamp() });
    const move = { [counter.countKey]: (count ?? 0) + 1, [counter.markerKey]: item.id };
    if (count === null) transaction.set(userRef, { createdAt: serverTimestamp(), ...move });
    else transaction.update(userRef, move);
  });
}

/** Deletes `item` and lowers the counter. */
export function removeCounted(db: Firestore, uid: string, counter: Counter, item: DocumentReference): Promise<void> {
  const userRef = doc(db, 'users', uid);
  return runCounted(db, uid, counter, item, (transaction, count, exists) => {
    if (!exists) return;
    transaction.delete(item);
    transaction.update(userRef, { [counter.countKey]: (count ?? 0) - 1, [counter.markerKey]: item.id });
  });
}
