/** /h/{shard}.json: one shard of the exact handle index (src/lib/search/handle-index.ts). */
import { handleIndex } from '../../data/handle-index';
import { shardEndpoints } from '../../data/shard-endpoint';

export const { getStaticPaths, GET } = shardEndpoints(handleIndex);
