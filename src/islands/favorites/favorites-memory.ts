/**
 * What /favorites remembers in this browser: the chosen order, and the X
 * handle each 推し had at my last visit (the export keeps no time for a
 * channel change, so a changed X handle is found by comparison). The
 * handles are kept hashed, per signed-in account, so the browser does not
 * hold a readable list of whom she follows.
 */
import { readLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import { shardOf } from '../../lib/search/shard-hash';
import { isFavoriteOrder, type FavoriteOrder } from './favorite-cards';

const ORDER_KEY = 'theralink:favorites:order';
const seenKey = (uid: string) => `theralink:favorites:seen-x:${uid}`;
/** The full 32-bit FNV-1a hash (shardOf over 2^32 "shards"), as hex. */
const hashOf = (text: string) => shardOf(text, 0x1_0000_0000);

export function readOrder(): FavoriteOrder {
  return readLocalDraft(ORDER_KEY, isFavoriteOrder)?.value ?? 'next-shift';
}

export function rememberOrder(order: FavoriteOrder): void {
  writeLocalDraft(ORDER_KEY, order);
}

const isSeenMap = (value: unknown): value is Record<string, string> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((each) => typeof each === 'string');

/** What this browser remembers of the X handles shown at my last visit. */
export interface SeenHandles {
  /** True when `targetUid` was on my list last time with another X handle than `currentX`. */
  xChanged(targetUid: string, currentX: string | null): boolean;
}

export function readSeenHandles(uid: string): SeenHandles {
  // Hashed target uid → hashed X handle ('' for none).
  const seen = readLocalDraft(seenKey(uid), isSeenMap)?.value ?? {};
  return {
    xChanged(targetUid, currentX) {
      const stored = seen[hashOf(targetUid)];
      return currentX !== null && stored !== undefined && stored !== hashOf(currentX);
    },
  };
}

export function rememberSeenHandles(uid: string, people: readonly { uid: string; x: string | null }[]): void {
  writeLocalDraft(seenKey(uid), Object.fromEntries(people.map((person) => [hashOf(person.uid), hashOf(person.x ?? '')])));
}
