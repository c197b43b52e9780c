/**
 * The one memo of what the site derives from a loaded export: every input
 * computed once per export (lookups, feeds, lists, cards, the link to the
 * export loaded before) is kept here in its slot, for as long as the
 * export's objects are alive, instead of a WeakMap per module. A derivation
 * may start from the same slot of the export loaded before
 * (predecessorOf in ./directory.ts): that is how the incremental build
 * reuses a feed whose diaries did not move.
 */

/** A named place in the memo for one kind of derived value. */
export class MemoSlot<T> {
  declare readonly valueType: T;
  constructor(readonly name: string) {}
}

const memos = new WeakMap<object, Map<MemoSlot<unknown>, unknown>>();

/** What `owner` (a Directory, or another per-export object) holds in `slot`, if anything. */
export function recall<T>(owner: object, slot: MemoSlot<T>): T | undefined {
  return memos.get(owner)?.get(slot) as T | undefined;
}

/** Keeps `value` in `slot` for `owner`, and returns it. */
export function remember<T>(owner: object, slot: MemoSlot<T>, value: T): T {
  let memo = memos.get(owner);
  if (!memo) memos.set(owner, (memo = new Map()));
  memo.set(slot, value);
  return value;
}

/** Drops what `owner` holds in `slot`. */
export function forget(owner: object, slot: MemoSlot<unknown>): void {
  memos.get(owner)?.delete(slot);
}

/** The value of `slot` for `owner`, derived on first use. */
export function memoized<T>(owner: object, slot: MemoSlot<T>, derive: () => T): T {
  const memo = memos.get(owner);
  return memo?.has(slot) ? (memo.get(slot) as T) : remember(owner, slot, derive());
}
