/**
 * Which machine of a sharded full build renders a URL
 * (docs/decisions/sharded-builds.md): shard k of N (k from 1 to N, as a
 * GitHub Actions matrix counts them) renders the URLs whose FNV-1a hash
 * (src/lib/fnv1a.ts, the hash that places everything by name) is k - 1
 * modulo N. The same URL lands in the same shard on every machine and in
 * every version; the shards of one N partition the site's URLs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fnv1a } from '../../src/lib/fnv1a';
import { EXPORT_META_FILE, exportMeta } from '../../src/schema/public';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Past this many machines the merge's download costs more than the render saves (and a typo shows). */
export const MAX_SHARDS = 64;

/** The shard (1 to `count`) that renders `url`. */
export function shardOf(url: string, count: number): number {
  return (fnv1a(url) % count) + 1;
}

/** Whether `shard` renders `url`. */
export const inShard = (url: string, shard: Shard) => shardOf(url, shard.count) === shard.index;

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
