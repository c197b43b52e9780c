/**
 * `build --merge`'s way past a record that stops the merge (no record stops
 * a cycle: docs/decisions/quarantine.md). A record whose page fails is
 * quarantined by the one shard that renders that page, while the other
 * shards render the pages that list it; their sites cannot be joined
 * (checkShards throws ShardsLeftOutDifferentRecords). With the export at
 * hand, the whole site is then built on this machine, which finds the
 * record, leaves it out everywhere and builds the rest: slower than the
 * merge, once, and the site is published.
 */
import { buildSite, type SiteBuild, type SiteBuildOptions } from '../build-site';
import { mergeShards, type MergedSite, type MergeOptions } from './merge-shards';
import { ShardsLeftOutDifferentRecords } from './shard-manifest';

export interface MergeOrBuildOptions extends MergeOptions, Pick<SiteBuildOptions, 'renderer' | 'quiet'> {
  /** The export the shards were built from; without it a disagreement stops the merge, as before. */
  exportDir?: string;
}

export type MergedOrBuilt = ({ how: 'merged' } & MergedSite) | ({ how: 'built'; disagreeing: string[] } & SiteBuild);

export async function mergeOrBuild(options: MergeOrBuildOptions): Promise<MergedOrBuilt> {
  const { exportDir, renderer, quiet, ...merge } = options;
  try {
    return { how: 'merged', ...(await mergeShards(merge)) };
  } catch (error) {
    if (!(error instanceof ShardsLeftOutDifferentRecords) || !exportDir) throw error;
    if (!quiet) console.warn(`${error.message}\nBuilding the whole site on this machine instead of merging the shards.`);
    const { firebaseProjectId, analyticsEndpoint, outDir } = merge;
    const built = await buildSite({
      exportDir,
      outDir,
      full: true,
      now: new Date(error.now),
      renderer,
      quiet,
      firebaseProjectId,
      analyticsEndpoint,
    });
    await built.searchIndexed;
    return { how: 'built', disagreeing: error.records, ...built };
  }
}
