/**
 * The static JSON endpoints of a sharded index (/h/{shard}.json,
 * /hc/{prefix}.json, /n/{shard}.json): one file per shard, from one
 * memoised build.
 */
import type { APIRoute, GetStaticPaths } from 'astro';

export function shardEndpoints<T>(load: () => Promise<Map<string, T[]>>): { getStaticPaths: GetStaticPaths; GET: APIRoute } {
  return {
    getStaticPaths: async () => [...(await load()).keys()].map((shard) => ({ params: { shard } })),
    GET: async ({ params }) =>
      new Response(JSON.stringify((await load()).get(params.shard!) ?? []), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  };
}

/** Items grouped by their shard key, in the order given. */
export function groupIntoShards<T>(items: readonly T[], shardOf: (item: T) => string): Map<string, T[]> {
  const shards = new Map<string, T[]>();
  for (const item of items) {
    const key = shardOf(item);
    const shard = shards.get(key);
    if (shard) shard.push(item);
    else shards.set(key, [item]);
  }
  return shards;
}
