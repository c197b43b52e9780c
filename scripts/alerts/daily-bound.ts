/**
 * The daily bound: a 推し's first ALERTS_PER_DAY events of a Tokyo day
 * alert her fans one by one; from the next on, each fan has one digest
 * announcement for her and that day, rewritten with the count. Ordinals are
 * given when an event is found and kept in the state with it, so a rerun
 * decides exactly as the first run did.
 *
 * Every delivery reads and writes once per fan, and a 推し can make events
 * without end (delete and post again, change her X handle back and forth):
 * past DIGEST_UPDATES_PER_DAY digest updates her day's further events are
 * not delivered at all, so what one account can cost a day is bounded.
 */
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import type { FoundEvent } from './events';
import { emptyKindCounts, type AlertState, type PendingEvent } from './state';

/** Events of one 推し a day that alert one by one. */
export const ALERTS_PER_DAY = 3;
/** Events of one 推し a day, past ALERTS_PER_DAY, that update her fans' digest. */
export const DIGEST_UPDATES_PER_DAY = 10;

/**
 * Adds the found events to the state's pending list (an event already
 * pending is not added twice, one past the day's digest updates not at all),
 * each with its detection time, its Tokyo day and its ordinal in the 推し's
 * day; forgets the counts of other days.
 */
export function addPending(state: AlertState, events: readonly FoundEvent[], now: Date): PendingEvent[] {
  const date = tokyoDateKey(now);
  for (const [uid, day] of Object.entries(state.days)) if (day.date !== date) delete state.days[uid];
  const pendingIds = new Set(state.pending.map((event) => event.id));
  const added: PendingEvent[] = [];
  for (const event of events) {
    if (pendingIds.has(event.id)) continue;
    pendingIds.add(event.id);
    let ordinal: number | null = null;
    let digest: PendingEvent['digest'] = null;
    // A handle watch is what the fan asked for: never bounded.
    if (event.alert) {
      const day = (state.days[event.target] ??= { date, count: 0, digest: emptyKindCounts() });
      ordinal = ++day.count;
      if (ordinal > ALERTS_PER_DAY + DIGEST_UPDATES_PER_DAY) continue;
      if (ordinal > ALERTS_PER_DAY) {
        day.digest[event.alert] += 1;
        digest = { ...day.digest };
      }
    }
    added.push({ ...event, detectedAt: now.toISOString(), date, ordinal, digest, cursor: null });
  }
  state.pending.push(...added);
  return added;
}

/** A digest's document key part: one per 推し and day. */
export function digestKey(event: Pick<PendingEvent, 'target' | 'date'>): string {
  return `${event.target}~${event.date}`;
}
