/**
 * The exact name index: every public therapist's and store's name, folded
 * (src/lib/search/rank.ts) and hashed into a fixed number of small static
 * files, so the search page can put the page whose name *is* the query
 * first without relying on where full-text search happens to rank it. A
 * fixed shard count keeps a change to one name a change to one file.
 */
import { foldForMatch } from './rank';

/** Where the shards are served: /n/{00..ff}.json. */
export const NAME_INDEX_PATH = '/n';
export const NAME_SHARD_COUNT = 256;

/** One page, with the card fields and the filter values full-text search would give it. */
export interface NameEntry {
  /** The folded name the page answers to. */
  key: string;
  url: string;
  meta: { title: string; kind: string; area: string; store: string; image: string; illustration: string; x: string };
  filters: { kind: string; area: string; store: string };
}

export type NameShard = NameEntry[];

/** FNV-1a over UTF-16 units: stable, tiny, the same in Node and browsers. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The shard (two hex digits) a name lives in. */
export function nameShard(name: string): string {
  return (fnv1a(foldForMatch(name)) % NAME_SHARD_COUNT).toString(16).padStart(2, '0');
}

export function nameShardUrl(name: string): string {
  return `${NAME_INDEX_PATH}/${nameShard(name)}.json`;
}

/** Entries whose name is exactly the query and that pass the search's filters. */
export function lookUpName(shard: NameShard, query: string, filters: Partial<Record<keyof NameEntry['filters'], string>>): NameEntry[] {
  const key = foldForMatch(query);
  return shard.filter(
    (entry) =>
      entry.key === key && Object.entries(filters).every(([name, value]) => entry.filters[name as keyof NameEntry['filters']] === value),
  );
}
