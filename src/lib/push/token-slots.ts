/**
 * Which of her MAX_PUSH_TOKENS slots this browser's token goes to. Pure.
 * - already stored: refreshed when older than PUSH_TOKEN_REFRESH_DAYS;
 * - new: into the slot of the token this browser stored before (it
 *   changed), else a free slot, else over the stalest one (a sixth browser
 *   replaces the one seen longest ago).
 * Slots still holding this browser's previous token are cleared.
 */
import { firstFreeSlot, MAX_PUSH_TOKENS } from '../caps';
import { tokenNeedsRefresh } from './token-age';
import type { StoredToken } from './token-store';

export interface TokenSlotPlan {
  /** touch: refresh the slot's refreshedAt; write: store the token there as new. */
  write: { kind: 'touch' | 'write'; slot: number } | null;
  /** Slots to delete (this browser's previous token). */
  remove: number[];
}

const seenAt = (token: StoredToken) => token.refreshedAt?.getTime() ?? -Infinity;

export function planTokenSlot(stored: readonly StoredToken[], token: string, previous: string | null, now: Date): TokenSlotPlan {
  const mine = stored.find((item) => item.token === token);
  const old = previous && previous !== token ? stored.filter((item) => item.token === previous) : [];
  if (mine) {
    const stale = mine.refreshedAt === null || tokenNeedsRefresh(mine.refreshedAt, now);
    return { write: stale ? { kind: 'touch', slot: mine.slot } : null, remove: old.map((item) => item.slot) };
  }
  const stalest = [...stored].sort((a, b) => seenAt(a) - seenAt(b) || a.slot - b.slot)[0];
  const slot =
    old[0]?.slot ??
    firstFreeSlot(
      stored.map((item) => item.slot),
      MAX_PUSH_TOKENS,
    ) ??
    stalest?.slot ??
    0;
  return { write: { kind: 'write', slot }, remove: old.slice(1).map((item) => item.slot) };
}
