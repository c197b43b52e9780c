/**
 * What /favorites shows of each 推し, worked out from her row (Firestore)
 * and her people-index entry (static): whether she is still public, what is
 * new since the last visit, and the two orders of the list. Pure.
 */
import type { FavoriteRow } from '../../lib/favorites/client';
import type { PersonEntry } from '../../lib/favorites/people-index';
import { tokyoInstant } from '../../lib/tokyo-date';

/** A row with her public entry; null when her page is gone (unpublished, suspended, deleted). */
export interface FavoriteCard {
  row: FavoriteRow;
  person: PersonEntry | null;
  /** Handles she registered since my last visit (the 「新しいアカウント」 mark). */
  newHandles: string[];
}

export const FAVORITE_ORDERS = {
  'next-shift': '次の出勤が近い順',
  latest: '最新の更新順',
} as const;
export type FavoriteOrder = keyof typeof FAVORITE_ORDERS;

export function isFavoriteOrder(value: unknown): value is FavoriteOrder {
  return typeof value === 'string' && Object.hasOwn(FAVORITE_ORDERS, value);
}

/**
 * Her handles registered after `previousVisit`: former handles by their
 * createdAt (a disputed claim is not news yet), and her current X handle
 * when this browser showed another one at that visit (`xChanged`: the
 * export keeps no time for a channel change). Nothing on a first visit.
 */
export function newHandlesOf(person: PersonEntry, previousVisit: Date | null, xChanged: boolean): string[] {
  if (!previousVisit) return [];
  const since = previousVisit.getTime();
  const handles = person.formerHandles
    .filter((entry) => !entry.disputed && Date.parse(entry.createdAt) > since)
    .map((entry) => entry.handle);
  if (person.x && xChanged && !handles.includes(person.x)) handles.unshift(person.x);
  return handles;
}

/** When her latest news came (ms): a blog, a post or a handle registration; 0 when she has none. */
export function latestActivity(person: PersonEntry): number {
  const times = [person.latestBlog?.publishedAt, person.latestPost?.createdAt, ...person.formerHandles.map((entry) => entry.createdAt)];
  return Math.max(0, ...times.map((at) => (at ? Date.parse(at) : 0)));
}

/** Where she sorts in `order`, smaller first: her next shift's start, or her latest news (negated); null for neither. */
function rank(person: PersonEntry, order: FavoriteOrder): number | null {
  if (order === 'next-shift') return person.nextShift ? tokyoInstant(person.nextShift.date, person.nextShift.start).getTime() : null;
  const latest = latestActivity(person);
  return latest ? -latest : null;
}

/**
 * The list in `order`: those with a next shift (soonest first) or with news
 * (newest first), then the rest by when I added them (newest first), and
 * the ones whose page is gone last.
 */
export function sortCards(cards: readonly FavoriteCard[], order: FavoriteOrder): FavoriteCard[] {
  const keyed = cards.map((card) => ({ card, gone: !card.person, rank: card.person ? rank(card.person, order) : null }));
  keyed.sort(
    (a, b) =>
      Number(a.gone) - Number(b.gone) ||
      Number(a.rank === null) - Number(b.rank === null) ||
      (a.rank ?? 0) - (b.rank ?? 0) ||
      b.card.row.createdAt.getTime() - a.card.row.createdAt.getTime(),
  );
  return keyed.map(({ card }) => card);
}
