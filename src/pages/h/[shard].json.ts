/** /h/{shard}.json: one shard of the exact handle index (src/lib/search/handle-index.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadHandleIndex } from '../../data/handle-index';

export const getStaticPaths = (async () => {
  const shards = await loadHandleIndex();
  return [...shards.keys()].map((shard) => ({ params: { shard } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const shards = await loadHandleIndex();
  return new Response(JSON.stringify(shards.get(params.shard!) ?? []), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
