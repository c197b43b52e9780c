/**
 * The daily bound, per fan: of a 推し's Tokyo day, a fan hears her first
 * ALERTS_PER_DAY events one by one, and from the next on one digest
 * announcement for that 推し and day, rewritten with the counts by kind.
 * Only what a fan would be told counts towards her bound: events of kinds
 * she wants, that happened after her 推し began (an event from before she
 * followed is neither alerted nor counted). Each pending event keeps her
 * day's events up to itself, found when it was found, so a rerun decides
 * exactly as the first run did.
 *
 * Every delivery reads and writes once per fan, and a 推し can make events
 * without end (delete and post again, change her X handle back and forth):
 * past ALERTS_PER_DAY + DIGEST_UPDATES_PER_DAY events a day, her further
 * events are not delivered at all, so what one account can cost a day is
 * bounded.
 */
import type { AlertFacts, AnnouncementKind } from '../../src/schema/announcements';
import { ALERT_KINDS, type AlertKind } from '../../src/schema/users';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import type { FoundEvent } from './events';
import { announcementId, digestId } from './ids';
import type { AlertState, DayEvent, PendingEvent } from './state';

/** Events of one 推し a day that alert a fan one by one. */
export const ALERTS_PER_DAY = 3;
/** Events of one 推し a day, past ALERTS_PER_DAY, that are delivered at all (as digest updates for a fan past her bound). */
export const DIGEST_UPDATES_PER_DAY = 10;

/**
 * Adds the found events to the state's pending list (an event already
 * pending is not added twice, one past the day's bound not at all), each
 * with its detection time, its Tokyo day and her day's events up to it;
 * forgets the days before today.
 */
export function addPending(state: AlertState, events: readonly FoundEvent[], now: Date): PendingEvent[] {
  const date = tokyoDateKey(now);
  const detectedAt = now.toISOString();
  for (const [uid, day] of Object.entries(state.days)) if (day.date !== date) delete state.days[uid];
  const pendingIds = new Set(state.pending.map((event) => event.id));
  const added: PendingEvent[] = [];
  for (const { happenedAt, ...event } of events) {
    if (pendingIds.has(event.id)) continue;
    pendingIds.add(event.id);
    let ordinal: number | null = null;
    let day: DayEvent[] | null = null;
    // A handle watch is what the fan asked for: never bounded.
    if (event.alert) {
      const today = (state.days[event.target] ??= { date, count: 0, events: [] });
      ordinal = ++today.count;
      if (ordinal > ALERTS_PER_DAY + DIGEST_UPDATES_PER_DAY) continue;
      // A record dated after its detection (a clock ahead) counts from its detection.
      const at = happenedAt && happenedAt < detectedAt ? happenedAt : detectedAt;
      today.events.push({ id: event.id, alert: event.alert, at });
      day = [...today.events];
    }
    added.push({ ...event, detectedAt, date, ordinal, day, cursor: null });
  }
  state.pending.push(...added);
  return added;
}

/** What the bound needs of a fan: when her 推し began (null: unknown, everything counts) and the kinds she turned off. */
export interface FanDay {
  since: Date | null;
  off: ReadonlySet<AlertKind>;
}

/** The day's news folded into a fan's digest, by kind, in ALERT_KINDS order. */
export type DigestCounts = { kind: AlertKind; count: number }[];

/** What one fan gets of one bounded event: nothing, the alert itself, or her digest with its counts so far. */
export type FanShare = { type: 'none' } | { type: 'alert' } | { type: 'digest'; counts: DigestCounts };

/** Her share of `event` (the last of its `day`): decided from her own day only (see above). */
export function fanShare(day: readonly DayEvent[], fan: FanDay): FanShare {
  const since = fan.since?.getTime() ?? Number.NEGATIVE_INFINITY;
  const counts = (event: DayEvent) => !fan.off.has(event.alert) && Date.parse(event.at) >= since;
  const last = day.at(-1);
  if (!last || !counts(last)) return { type: 'none' };
  const hers = day.filter(counts);
  if (hers.length <= ALERTS_PER_DAY) return { type: 'alert' };
  const folded = hers.slice(ALERTS_PER_DAY);
  const byKind = ALERT_KINDS.map((kind) => ({ kind, count: folded.filter((event) => event.alert === kind).length }));
  return { type: 'digest', counts: byKind.filter((entry) => entry.count > 0) };
}

/** A group's key: one 推し and day (her bounded events go together, one digest write per fan). */
export function dayKey(event: Pick<PendingEvent, 'target' | 'date'>): string {
  return `${event.target}~${event.date}`;
}

/** One announcement a fan is due: an event's own, or her digest of the day. */
export interface FanDelivery {
  id: string;
  kind: AnnouncementKind;
  facts: AlertFacts;
  link: string;
  detectedAt: string;
}

/**
 * What one fan is due of a group of one 推し's events of one day (in order):
 * each event she hears of one by one, and at most one digest, the latest
 * (its counts are the day's so far).
 */
export function fanDeliveries(events: readonly PendingEvent[], fan: FanDay & { uid: string }): FanDelivery[] {
  const out: FanDelivery[] = [];
  let digest: FanDelivery | null = null;
  for (const event of events) {
    const share = fanShare(event.day ?? [], fan);
    if (share.type === 'alert') {
      out.push({
        id: announcementId(event.id, fan.uid),
        kind: event.kind,
        facts: event.facts,
        link: event.link,
        detectedAt: event.detectedAt,
      });
    } else if (share.type === 'digest') {
      digest = {
        id: digestId(event.target, event.date, fan.uid),
        kind: 'favorite-digest',
        facts: { kind: 'digest', name: event.facts.name, date: event.date, counts: share.counts },
        link: event.profileLink,
        detectedAt: event.detectedAt,
      };
    }
  }
  return digest ? [...out, digest] : out;
}
