/** /n/{shard}.json: one shard of the exact name index (src/lib/search/name-index.ts). */
import { nameIndex } from '../../data/name-index';
import { shardEndpoints } from '../../data/shard-endpoint';

export const { getStaticPaths, GET } = shardEndpoints(nameIndex);
