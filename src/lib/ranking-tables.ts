/**
 * The 推しランキング's tables and how ties rank: what scripts/ranking
 * writes to rankings/current, and what the export publishes of it
 * (src/registry/derive.ts). Pure.
 */
import type { RankingEntry } from '../schema/rankings';

/** The ranking's numbers (rankings/current without its time). */
export interface RankingTables {
  comparedWith: string | null;
  overall: RankingEntry[];
  areas: Record<string, RankingEntry[]>;
}

const byUid = (a: { uid: string }, b: { uid: string }) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/**
 * Most fans first (equal counts by uid, so the order is stable), each with
 * its competition rank: 1 + how many have more fans (10, 8, 8, 5 → 1, 2, 2, 4).
 */
export function withRanks<T extends { uid: string; count: number }>(items: readonly T[]): (T & { rank: number })[] {
  const sorted = [...items].sort((a, b) => b.count - a.count || byUid(a, b));
  let rank = 0;
  return sorted.map((item, index) => {
    if (index === 0 || sorted[index - 1]!.count !== item.count) rank = index + 1;
    return { ...item, rank };
  });
}

/**
 * The tables as the site may show them: therapists no longer public (per
 * `areaOf`, their public area) left out, and the rest ranked again among
 * themselves; an area lists only those whose profile is still in it.
 */
export function publishedTables(tables: RankingTables, areaOf: (uid: string) => string | undefined): RankingTables {
  const rerank = (entries: readonly RankingEntry[], keep: (entry: RankingEntry) => boolean) =>
    withRanks(entries.filter(keep)).map(({ uid, count, rank, previousRank }) => ({ uid, count, rank, previousRank }));
  const areas: Record<string, RankingEntry[]> = {};
  for (const [area, entries] of Object.entries(tables.areas)) {
    const kept = rerank(entries, (entry) => areaOf(entry.uid) === area);
    if (kept.length > 0) areas[area] = kept;
  }
  return { comparedWith: tables.comparedWith, overall: rerank(tables.overall, (entry) => areaOf(entry.uid) !== undefined), areas };
}
