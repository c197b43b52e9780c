/**
 * From counts to the published 推しランキング: ranks (ties share one),
 * the top RANKING_OVERALL_SIZE overall and RANKING_AREA_SIZE per area,
 * last week's rank from the daily snapshots (how ties rank and what the
 * export keeps of it: src/lib/ranking-tables.ts). Pure; scripts/ranking.ts
 * calls it.
 */
import { withRanks, type RankingTables } from '../../src/lib/ranking-tables';
import { addDays } from '../../src/lib/tokyo-date';
import {
  RANKING_AREA_SIZE,
  RANKING_OVERALL_SIZE,
  RANKING_SNAPSHOT_DAYS,
  type RankingEntry,
  type RankingSnapshotDoc,
} from '../../src/schema/rankings';

/** A therapist with counted fans, in the area her profile names. */
export interface Candidate {
  uid: string;
  count: number;
  area: string;
}

/** The ranks of one day, as its snapshot keeps them. */
export type SnapshotRanks = Pick<RankingSnapshotDoc, 'overall' | 'areas'>;

function table(candidates: readonly Candidate[], size: number, previous: ReadonlyMap<string, number> | undefined): RankingEntry[] {
  return withRanks(candidates)
    .slice(0, size)
    .map(({ uid, count, rank }) => ({ uid, count, rank, previousRank: previous?.get(uid) ?? null }));
}

const ranksOf = (entries: readonly { uid: string; rank: number }[]) => new Map(entries.map((entry) => [entry.uid, entry.rank]));

/** The published tables: top RANKING_OVERALL_SIZE overall, top RANKING_AREA_SIZE per area, with the ranks of `previous`. */
export function rankingTables(candidates: readonly Candidate[], previous: { date: string; ranks: SnapshotRanks } | null): RankingTables {
  const counted = candidates.filter((candidate) => candidate.count > 0);
  const byArea = new Map<string, Candidate[]>();
  for (const candidate of counted) byArea.set(candidate.area, [...(byArea.get(candidate.area) ?? []), candidate]);
  const areas: Record<string, RankingEntry[]> = {};
  for (const area of [...byArea.keys()].sort()) {
    areas[area] = table(byArea.get(area)!, RANKING_AREA_SIZE, previous ? ranksOf(previous.ranks.areas[area] ?? []) : undefined);
  }
  return {
    comparedWith: previous?.date ?? null,
    overall: table(counted, RANKING_OVERALL_SIZE, previous ? ranksOf(previous.ranks.overall) : undefined),
    areas,
  };
}

/** What today's snapshot keeps: the published ranks only. */
export function snapshotRanks(tables: RankingTables): SnapshotRanks {
  const ranks = (entries: readonly RankingEntry[]) => entries.map(({ uid, rank }) => ({ uid, rank }));
  return {
    overall: ranks(tables.overall),
    areas: Object.fromEntries(Object.entries(tables.areas).map(([area, entries]) => [area, ranks(entries)])),
  };
}

/** The snapshot to compare with on `today`: the oldest of the RANKING_SNAPSHOT_DAYS days before it, or null. */
export function comparisonDate(snapshotDates: readonly string[], today: string): string | null {
  const first = addDays(today, -RANKING_SNAPSHOT_DAYS);
  return [...snapshotDates].sort().find((date) => date >= first && date < today) ?? null;
}

/** Snapshots too old to be compared with again (kept: the RANKING_SNAPSHOT_DAYS days before `today`, and today). */
export function expiredSnapshotDates(snapshotDates: readonly string[], today: string): string[] {
  const first = addDays(today, -RANKING_SNAPSHOT_DAYS);
  return snapshotDates.filter((date) => date < first);
}

/** The tables as text that does not depend on key order (Firestore hands map keys back sorted). */
function canonical(tables: RankingTables): string {
  const rows = (entries: readonly RankingEntry[]) => entries.map(({ uid, count, rank, previousRank }) => [uid, count, rank, previousRank]);
  const areas = Object.keys(tables.areas)
    .sort()
    .map((area) => [area, rows(tables.areas[area]!)]);
  return JSON.stringify([tables.comparedWith, rows(tables.overall), areas]);
}

/** Two tables say the same. */
export function sameTables(a: RankingTables, b: RankingTables): boolean {
  return canonical(a) === canonical(b);
}
