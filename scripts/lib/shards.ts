/**
 * Which machine of a sharded full build renders a URL
 * (docs/decisions/sharded-builds.md): shard k of N (k from 1 to N, as a
 * GitHub Actions matrix counts them), planned by planShards from the
 * site's URLs, which every shard lists alike; the shards of one N
 * partition the site's URLs and the parts of its full-text index.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fnv1a } from '../../src/lib/fnv1a';
import type { SearchPart, SearchPartition } from '../../src/lib/search/index-parts';
import { EXPORT_META_FILE, exportMeta } from '../../src/schema/public';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Past this many machines the merge's download costs more than the render saves (and a typo shows). */
export const MAX_SHARDS = 64;

/** Which shard renders each URL of a site, and which parts of its full-text index each shard writes. */
export interface ShardPlan {
  /** The shard (1 to N) that renders `url`. */
  shardOf(url: string): number;
  /** The parts of the index that shard `index` writes (each part in exactly one shard), as a partition of its pages. */
  partitionOf(index: number): SearchPartition;
}

/**
 * Plans a full build of the site whose URLs are `urls` as `count` shards.
 * Each part of the full-text index (`partition`) goes whole to one shard,
 * which indexes it as it renders (the merge then only links the parts):
 * the parts are dealt largest first, each to the shard with the fewest
 * pages so far. The other URLs go by FNV-1a hash, each shard taking a
 * share of the hash range as large as what it lacks of an even share of
 * the site, so the shards render about as many pages each and a URL stays
 * in its shard while the site's counts barely move. A pure function of the
 * set of URLs: every shard, and the merge, plan alike.
 */
export function planShards(urls: Iterable<string>, count: number, partition: SearchPartition): ShardPlan {
  const sizes = new Map(partition.parts.map((part) => [part, 0]));
  let total = 0;
  for (const url of urls) {
    total++;
    const part = partition.partOf(url);
    if (part) sizes.set(part, sizes.get(part)! + 1);
  }
  const loads = new Array<number>(count).fill(0);
  const shardOfPart = new Map<SearchPart, number>();
  // A stable sort: parts of one size keep the partition's order.
  for (const part of [...partition.parts].sort((a, b) => sizes.get(b)! - sizes.get(a)!)) {
    const lightest = loads.indexOf(Math.min(...loads));
    shardOfPart.set(part, lightest + 1);
    loads[lightest]! += sizes.get(part)!;
  }
  const lacks = loads.map((load) => Math.max(0, total / count - load));
  const lacking = lacks.reduce((sum, lack) => sum + lack, 0);
  let covered = 0;
  // The upper end of each shard's share of the 32-bit hash range (the last one's is the range's end).
  const ends = lacks.map((lack) => (covered += lacking > 0 ? lack / lacking : 1 / count) * 2 ** 32);
  return {
    shardOf(url) {
      const part = partition.partOf(url);
      if (part) return shardOfPart.get(part)!;
      const hash = fnv1a(url);
      const at = ends.findIndex((end) => hash < end);
      return (at === -1 ? count - 1 : at) + 1;
    },
    partitionOf: (index) => ({
      parts: partition.parts.filter((part) => shardOfPart.get(part) === index),
      partOf: (url) => {
        const part = partition.partOf(url);
        return part && shardOfPart.get(part) === index ? part : undefined;
      },
    }),
  };
}

/** `k/N` (as `--shard 2/3`) as a Shard; throws a message saying what is wrong. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`--shard takes k/N (for example 2/3), not "${text}".`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) throw new Error(`--shard ${text}: N is from 1 to ${MAX_SHARDS}.`);
  if (index < 1 || index > count) throw new Error(`--shard ${text}: k is from 1 to N (shards count from 1).`);
  return { index, count };
}

/** `k/N`, as parseShard reads it. */
export const shardName = (shard: Shard) => `${shard.index}/${shard.count}`;

/**
 * The clock every shard of a build renders with unless told another (pages
 * show "today" and an "as of" time, and the merge refuses shards of two
 * clocks): the time of the export `dir`, the one moment the shards of an
 * export share without being told.
 */
export async function exportClock(dir: string): Promise<Date> {
  const meta = exportMeta.parse(JSON.parse(await readFile(path.join(dir, EXPORT_META_FILE), 'utf8')));
  return new Date(meta.exportedAt);
}
