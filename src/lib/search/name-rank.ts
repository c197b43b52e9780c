/**
 * Orders a name search (docs/decisions/name-search-ranking.md): stage
 * names repeat (140 of 183 seeded therapists share one), so the people
 * named exactly like the query come first, as a group, and within it the
 * one a fan most likely means: working today, then this week, then by how
 * far her handles are verified, her 推し count and how recently she wrote.
 * Everything it reads is public and carried by the name index
 * (src/data/name-index.ts); "today" is the visitor's Tokyo date, so a
 * page built yesterday still ranks by today's shifts.
 */
import { addDays } from '../tokyo-date';
import { rankResults, type RankedFields } from './rank';

/** Days after today that still count as "this week" (today and the six after it). */
export const WEEK_DAYS = 7;

/** What ranks a page among those of the same name: public facts only. */
export interface NameRankFacts {
  /** Tokyo dates (YYYY-MM-DD) of her published shifts from the build's day on, sorted; [] for a store. */
  shiftDays: string[];
  /** Her best claim's level, undisputed: 0 none, 1 本人申告, 2 店舗確認済み, 3 運営確認済み. */
  level: number;
  /** Her counted 推し in the published ranking (0 when unranked). */
  fans: number;
  /** When her newest public diary was published (ISO), or ''. */
  wrote: string;
}

/** A page of the name group: therapist or store, its URL and its facts. */
export interface NameRanked {
  url: string;
  therapist: boolean;
  facts: NameRankFacts;
}

/** Whether she works on `today`, and on a day of the week starting today. */
export function workDays(facts: NameRankFacts, today: string): { today: boolean; week: boolean } {
  const weekEnd = addDays(today, WEEK_DAYS);
  return {
    today: facts.shiftDays.includes(today),
    week: facts.shiftDays.some((day) => day >= today && day < weekEnd),
  };
}

const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order within one name group: therapists before stores, then working
 * today, this week, verification level, 推し count, newest diary; the URL
 * last, so the order never depends on the order the index lists them in.
 */
export function compareNameRanked(a: NameRanked, b: NameRanked, today: string): number {
  const workA = workDays(a.facts, today);
  const workB = workDays(b.facts, today);
  return (
    Number(b.therapist) - Number(a.therapist) ||
    Number(workB.today) - Number(workA.today) ||
    Number(workB.week) - Number(workA.week) ||
    b.facts.level - a.facts.level ||
    b.facts.fans - a.facts.fans ||
    byCodePoints(b.facts.wrote, a.facts.wrote) ||
    byCodePoints(a.url, b.url)
  );
}

/** The name group, best first (a new array). */
export function rankNameGroup<T extends NameRanked>(group: readonly T[], today: string): T[] {
  return [...group].sort((a, b) => compareNameRanked(a, b, today));
}

/**
 * A whole name search: the exact group (from the name index, ranked), then
 * the full-text results without the group's pages, by how their title
 * matches (./rank.ts: a title equal to the query, say a page newer than the
 * index, still comes before every partial match).
 */
export function orderNameSearch<E extends NameRanked, R>(
  query: string,
  exact: readonly E[],
  others: readonly R[],
  fields: (item: R) => RankedFields & { url: string },
  today: string,
): (E | R)[] {
  const inGroup = new Set(exact.map((entry) => entry.url));
  const rest = others.filter((item) => !inGroup.has(fields(item).url));
  return [...rankNameGroup(exact, today), ...rankResults(query, rest, fields)];
}
