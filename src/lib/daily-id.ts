/**
 * The ids of blogs and timeline posts: {uid}_{yyyymmdd}_{slot}, the Tokyo
 * day of creation and a slot below the day's cap (blogs 10, posts 20).
 * firestore.rules accept a create only in today's Tokyo day
 * (tokyoDayDigits there) and a slot under the cap, so the cap holds
 * without a counter; the client takes the first free slot of today. Pure.
 */
import { freeSlots } from './caps';
import { tokyoDateKey } from './tokyo-date';

/** yyyymmdd of the Tokyo day that contains `at`. */
export function tokyoDayDigits(at: Date = new Date()): string {
  return tokyoDateKey(at).replace(/-/g, '');
}

export function dailyDocId(uid: string, day: string, slot: number): string {
  return `${uid}_${day}_${slot}`;
}

/** The day and slot of one of `uid`'s ids under a cap of `count` a day, or null for any other id. */
export function parseDailyDocId(id: string, uid: string, count: number): { day: string; slot: number } | null {
  const prefix = `${uid}_`;
  if (!uid || !id.startsWith(prefix)) return null;
  const match = /^(\d{8})_(0|[1-9]\d?)$/.exec(id.slice(prefix.length));
  if (!match) return null;
  const slot = Number(match[2]);
  return slot < count ? { day: match[1]!, slot } : null;
}

/** The slots of `day` no id in `known` takes, lowest first. */
export function freeDailySlots(known: Iterable<string>, uid: string, day: string, count: number): number[] {
  const used: number[] = [];
  for (const id of known) {
    const parsed = parseDailyDocId(id, uid, count);
    if (parsed?.day === day) used.push(parsed.slot);
  }
  return freeSlots(used, count);
}

/**
 * Lists are read ordered by document id, descending (an equality on
 * userId plus the id order needs no composite index), fetching twice the
 * number shown. Ids sort by day, but within a day `_9` sorts after `_19`;
 * a day holds at most `perDay` documents, so as long as `fetched` is at
 * least `shown + perDay`, every day that can reach the newest `shown` is in
 * the page whole. Sorting by createdAt then gives the true newest `shown`.
 */
export function fetchCountFor(shown: number, perDay: number): number {
  return shown + perDay;
}

/** The newest `count` by creation time (then by id, for equal times), newest first. */
export function newestByCreation<T extends { id: string; createdAt: Date }>(items: readonly T[], count: number): T[] {
  return [...items]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, count);
}
