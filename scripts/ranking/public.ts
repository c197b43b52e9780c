/**
 * The export's side of the 推しランキング: rankings/current becomes the
 * record of rankings.json, with only therapists who are public in the same
 * export (ranked again among themselves, see ./rank.ts publishedTables).
 */
import type { RankingDoc, PublicRanking } from '../../src/schema/rankings';
import { publishedTables } from './rank';

type AreaOf = (uid: string) => string | undefined;

/** The public record of rankings/current (none before the first ranking). */
export function publicRankings(docs: ReadonlyMap<string, RankingDoc>, areaOf: AreaOf): PublicRanking[] {
  return [...docs].map(([id, doc]) => ({
    id: id as PublicRanking['id'],
    computedAt: doc.computedAt.toDate().toISOString(),
    ...publishedTables(doc, areaOf),
  }));
}

/** The records again without therapists the export left out after all (their public shape failed). */
export function keepPublicTherapists(records: readonly PublicRanking[], areaOf: AreaOf): PublicRanking[] {
  return records.map((record) => ({ id: record.id, computedAt: record.computedAt, ...publishedTables(record, areaOf) }));
}
