/**
 * The static JSON endpoints of a sharded index (/h/{shard}.json,
 * /hc/{prefix}.json, /n/{shard}.json, /u/{shard}.json): one file per
 * shard of an index derived from the export.
 *
 * The listing asks only for the shards' names, which come from a key per
 * entry (a handle, a name, a uid), not from the entries: an entry holds a
 * card (channels, store, next shift, latest diary), and deriving every card
 * of the site took about 0.6 s of the render worker's CPU in each save's
 * build at 10,000 therapists, for the three or four shards the save
 * changed. So a shard asked alone derives only its own entries; once one
 * export has been asked for more than SHARDS_ALONE shards (a full build
 * renders every one), the whole index is derived once and serves the rest.
 * Either way a shard holds the same entries in the same order: the whole
 * index is its entries sorted, then grouped; a shard alone is its own
 * entries sorted by the same order (tests/unit/shard-endpoint.test.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadDirectory, perExport, type Directory } from './directory';

/** How to derive one sharded index from the export. */
export interface ShardedIndexSource<T> {
  /** Names the memo slots. */
  name: string;
  /**
   * The sort key of every entry the index will hold (duplicates allowed):
   * the key its entries are sorted by first, of which the shard is a
   * function. Cheap: no cards.
   */
  sortKeys: (directory: Directory) => string[];
  /** The shard of a sort key; undefined for an entry in no shard. */
  shardOf: (sortKey: string) => string | undefined;
  /** The entries of the shards `only` keeps, sorted (by their sort key first). */
  entries: (directory: Directory, only: (shard: string) => boolean) => T[];
  /** An entry's sort key (its shard is shardOf of it). */
  sortKeyOf: (entry: T) => string;
}

export interface ShardedIndex<T> {
  /** Every shard's name, in the order of the sorted entries (the whole index's keys). */
  names(): Promise<string[]>;
  /** One shard's entries ([] for a name with none). */
  shard(name: string): Promise<T[]>;
  /** The whole index, by shard (tests, the worker-heap bench). */
  whole(): Promise<Map<string, T[]>>;
}

/** Shards of one export derived each from its own entries; past this the whole index is derived once. */
export const SHARDS_ALONE = 8;

/** A sharded index of the export (see the top of this file), its parts memoised per loaded export. */
export function shardedIndex<T>(source: ShardedIndexSource<T>): ShardedIndex<T> {
  const names = perExport(
    (directory) => {
      const seen = new Set<string>();
      for (const key of source.sortKeys(directory).sort()) {
        const shard = source.shardOf(key);
        if (shard !== undefined) seen.add(shard);
      }
      return [...seen];
    },
    { endpointsOnly: true, name: `${source.name}: shard names` },
  );
  const entryShard = (entry: T) => source.shardOf(source.sortKeyOf(entry));
  const whole = perExport(
    (directory) =>
      groupIntoShards(
        source.entries(directory, () => true),
        entryShard,
      ),
    {
      endpointsOnly: true,
      name: `${source.name}: whole`,
    },
  );
  const asked = perExport(() => ({ alone: 0 }), { endpointsOnly: true, name: `${source.name}: shards asked alone` });
  return {
    names,
    whole,
    async shard(name) {
      const count = await asked();
      if (++count.alone > SHARDS_ALONE) return (await whole()).get(name) ?? [];
      return source.entries(await loadDirectory(), (shard) => shard === name);
    },
  };
}

/** A `[shard].json` route's listing and answer: a file per shard of `index`. */
export function shardEndpoints<T>(index: ShardedIndex<T>): { getStaticPaths: GetStaticPaths; GET: APIRoute } {
  return {
    getStaticPaths: async () => (await index.names()).map((shard) => ({ params: { shard } })),
    GET: async ({ params }) =>
      new Response(JSON.stringify(await index.shard(params.shard!)), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  };
}

/** Items grouped by their shard key (none: left out), in the order given. */
function groupIntoShards<T>(items: readonly T[], shardOf: (item: T) => string | undefined): Map<string, T[]> {
  const shards = new Map<string, T[]>();
  for (const item of items) {
    const key = shardOf(item);
    if (key === undefined) continue;
    const shard = shards.get(key);
    if (shard) shard.push(item);
    else shards.set(key, [item]);
  }
  return shards;
}
