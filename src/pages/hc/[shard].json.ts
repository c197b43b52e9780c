/** /hc/{prefix}.json: registered handles by their first five characters, for completions (src/lib/search/handle-index.ts). */
import { completionIndex } from '../../data/handle-index';
import { shardEndpoints } from '../../data/shard-endpoint';

export const { getStaticPaths, GET } = shardEndpoints(completionIndex);
