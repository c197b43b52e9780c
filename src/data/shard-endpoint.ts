/**
 * The static JSON endpoints of a sharded index (/h/{shard}.json,
 * /n/{shard}.json): one file per shard, from one memoised build.
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
