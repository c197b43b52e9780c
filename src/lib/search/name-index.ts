/**
 * The exact name index: every public therapist's and store's name, folded
 * (src/lib/search/rank.ts) and hashed into a fixed number of small static
 * files, so the search page can put the page whose name *is* the query
 * first without relying on where full-text search happens to rank it. A
 * fixed shard count keeps a change to one name a change to one file.
 */
import type { NameRanked } from './name-rank';
import { foldForMatch } from './rank';
import { nameShardPath } from '../routes';
import { shardOf } from './shard-hash';

export const NAME_SHARD_COUNT = 1024;

/**
 * One page, with the card fields and the filter values full-text search
 * would give it, and the public facts its name group is ranked by (./name-rank.ts).
 */
export interface NameEntry extends NameRanked {
  /** The folded name the page answers to. */
  key: string;
  /** The card fields; uid is for the card's 推し button. */
  meta: { uid: string; title: string; kind: string; area: string; store: string; image: string; illustration: string; x: string };
  filters: { kind: string; area: string; store: string };
}

export type NameShard = NameEntry[];

/** The shard (three hex digits) a name lives in. */
export function nameShard(name: string): string {
  return shardOf(foldForMatch(name), NAME_SHARD_COUNT);
}

export function nameShardUrl(name: string): string {
  return nameShardPath(nameShard(name));
}

/** Entries whose name is exactly the query and that pass the search's filters (in index order: rank them with ./name-rank.ts). */
export function lookUpName(shard: NameShard, query: string, filters: Partial<Record<keyof NameEntry['filters'], string>>): NameEntry[] {
  const key = foldForMatch(query);
  return shard.filter(
    (entry) =>
      entry.key === key && Object.entries(filters).every(([name, value]) => entry.filters[name as keyof NameEntry['filters']] === value),
  );
}
