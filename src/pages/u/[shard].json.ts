/** /u/{shard}.json: one shard of the people index /favorites reads (src/lib/favorites/people-index.ts). */
import { peopleIndex } from '../../data/people-index';
import { shardEndpoints } from '../../data/shard-endpoint';

export const { getStaticPaths, GET } = shardEndpoints(peopleIndex);
