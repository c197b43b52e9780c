/**
 * What /favoriteRanking and /favoriteRanking/area/{area} show, from the
 * export's rankings.json (numbers only, computed daily by
 * scripts/ranking.ts) and the public profiles: each ranked therapist's
 * card, store, count and the week's change. The same input the
 * incremental build compares (src/data/site-pages.ts).
 */
import { RANKING_PATH, rankingPath } from '../lib/routes';
import { compareAreas, isArea, type Area } from '../lib/areas';
import { therapistCard, type ProfileCard } from '../lib/owners';
import { storeDisplayName } from '../lib/store-name';
import type { RankingEntry } from '../schema/rankings';
import { perExport, type Directory } from './directory';

/** The week's change of a rank: up or down by some places, the same, or new to the list. */
export type RankChange = { kind: 'up'; by: number } | { kind: 'down'; by: number } | { kind: 'same' } | { kind: 'new' };

/** Compared with last week's rank (null: not ranked then); null when there is no week-old ranking to compare with. */
export function rankChange(rank: number, previousRank: number | null, compared: boolean): RankChange | null {
  if (!compared) return null;
  if (previousRank === null) return { kind: 'new' };
  if (previousRank > rank) return { kind: 'up', by: previousRank - rank };
  if (previousRank < rank) return { kind: 'down', by: rank - previousRank };
  return { kind: 'same' };
}

export interface RankingRow {
  uid: string;
  rank: number;
  count: number;
  change: RankChange | null;
  card: ProfileCard;
  /** Her confirmed store's name, or null. */
  storeName: string | null;
}

export interface RankingArea {
  area: Area;
  href: string;
  rows: RankingRow[];
}

export interface RankingView {
  /** When it was computed (ISO), or null before the first ranking. */
  computedAt: string | null;
  /** The Tokyo date the change is measured from, or null. */
  comparedWith: string | null;
  overall: RankingRow[];
  /** Areas with ranked therapists, in the site's area order. */
  areas: RankingArea[];
}

function rowsOf(site: Directory, entries: readonly RankingEntry[], compared: boolean): RankingRow[] {
  return entries.flatMap((entry) => {
    const therapist = site.therapistsById.get(entry.uid);
    if (!therapist) return [];
    const store = therapist.storeId ? site.storesById.get(therapist.storeId) : undefined;
    return [
      {
        uid: entry.uid,
        rank: entry.rank,
        count: entry.count,
        change: rankChange(entry.rank, entry.previousRank, compared),
        card: therapistCard(therapist),
        storeName: store ? storeDisplayName(store) : null,
      },
    ];
  });
}

/** The ranking as the pages show it (empty before the first ranking). */
export function rankingView(site: Directory): RankingView {
  const ranking = site.rankings[0];
  if (!ranking) return { computedAt: null, comparedWith: null, overall: [], areas: [] };
  const compared = ranking.comparedWith !== null;
  // The schema admits only areas of the vocabulary; the filter says so to the type checker.
  const areas = Object.keys(ranking.areas)
    .filter(isArea)
    .sort(compareAreas)
    .map((area) => ({ area, href: rankingPath(area), rows: rowsOf(site, ranking.areas[area]!, compared) }))
    .filter((area) => area.rows.length > 0);
  return { computedAt: ranking.computedAt, comparedWith: ranking.comparedWith, overall: rowsOf(site, ranking.overall, compared), areas };
}

export const loadRankingView = perExport(rankingView);

/** Each ranking page with what it shows: the overall list, or one area's, with the times and the area links. */
export function rankingPages(site: Directory): { url: string; area: Area | null; input: unknown }[] {
  const view = rankingView(site);
  const shared = {
    computedAt: view.computedAt,
    comparedWith: view.comparedWith,
    areas: view.areas.map(({ area, href }) => ({ area, href })),
  };
  return [
    { url: RANKING_PATH, area: null, input: { ...shared, rows: view.overall } },
    ...view.areas.map(({ area, href, rows }) => ({ url: href, area, input: { ...shared, rows } })),
  ];
}
