/**
 * What a shard of a sharded full build hands the merge besides its page
 * files (docs/decisions/sharded-builds.md): the records of the pages it
 * rendered (what the sitemap, the CSP and the search index need of each,
 * as the site state keeps them: ./site-state.ts) and what makes the shards
 * one build: the renderer, the export as rendered (after screening), the
 * clock, the site URL and the listing of every URL of the site. Written as
 * a dot file in the shard's folder (the merge does not copy it).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageRecord, SitePages } from './site-state';
import type { IndexPartKind, SearchPartition } from '../../src/lib/search/index-parts';
import { planShards, shardName, type Shard, type ShardPlan } from './shards';
import { searchPartitionOf } from './search-files';

export const SHARD_MANIFEST_FILE = '.shard.json';

export interface ShardManifest {
  version: 2;
  shard: Shard;
  rendererKey: string;
  /** The export the shard rendered, as screened (./screen-export.ts): shards that left out other records differ here. */
  exportVersion: string;
  /** The build's clock (ISO). */
  now: string;
  siteUrl: string;
  /** The records the shard's build left out (`collection/key`: screened out or quarantined), sorted. */
  leftOut: string[];
  /** Every URL of the site as the shard's renderer listed it: how many, and a hash of the list. */
  listing: { urls: number; sha256: string };
  /** The bound of each part of the full-text index: the parts (and so the shards' pages) follow from it and the listing. */
  searchPartPages: Readonly<Record<IndexPartKind, number>>;
  /** The distinct inline-hash sets its pages use (HashSets), which PageRecord.hashes index. */
  hashSets: string[];
  /** Its pages' records, by URL. */
  pages: [url: string, record: PageRecord][];
}

/** A shard's folder and its manifest. */
export interface LoadedShard {
  dir: string;
  manifest: ShardManifest;
}

/** A hash of a listing of URLs (in the listing's order: every shard's renderer lists them alike). */
export function listingHash(urls: readonly string[]): string {
  const hash = createHash('sha256');
  for (const url of urls) hash.update(`${url}\n`);
  return hash.digest('hex');
}

/** The manifest of a shard's build. */
export function shardManifest(
  build: Omit<ShardManifest, 'version' | 'listing' | 'pages'>,
  urls: readonly string[],
  pages: SitePages,
): ShardManifest {
  return { version: 2, ...build, listing: { urls: urls.length, sha256: listingHash(urls) }, pages: [...pages.entries()] };
}

export async function writeShardManifest(dir: string, manifest: ShardManifest): Promise<void> {
  await writeFile(path.join(dir, SHARD_MANIFEST_FILE), JSON.stringify(manifest));
}

/** The manifest of the shard folder `dir`; throws a message naming the folder when there is none. */
export async function readShardManifest(dir: string): Promise<ShardManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, SHARD_MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${dir} is not the output of a shard build (no ${SHARD_MANIFEST_FILE}; build it with --shard k/N).`);
  }
  const manifest = JSON.parse(text) as ShardManifest;
  if (manifest.version !== 2) throw new Error(`${dir}: a shard manifest of another version (${String(manifest.version)}).`);
  return manifest;
}

/** The shards' pages, and the plan they were cut by. */
export interface CheckedShards {
  pages: Map<string, PageRecord>;
  partition: SearchPartition;
  plan: ShardPlan;
}

/**
 * Checks that the shards are the N shards of one build (same renderer,
 * export, clock, site URL, listing and parts of the index; each shard once)
 * and that their pages partition the listing (each URL in the shard
 * planShards names, none missing); returns every page's record and the plan.
 */
export function checkShards(shards: readonly LoadedShard[], siteUrl: string): CheckedShards {
  if (shards.length === 0) throw new Error('--merge needs the folders of the shards.');
  const [first] = shards;
  const count = first!.manifest.shard.count;
  const seen = new Set<number>();
  for (const { dir, manifest } of shards) {
    if (manifest.shard.count !== count) throw new Error(`${dir} is shard ${shardName(manifest.shard)}, of another N than ${count}.`);
    if (seen.has(manifest.shard.index)) throw new Error(`Shard ${shardName(manifest.shard)} is given twice (${dir}).`);
    seen.add(manifest.shard.index);
    for (const key of ['rendererKey', 'exportVersion', 'now', 'siteUrl'] as const) {
      if (manifest[key] === first!.manifest[key]) continue;
      const disagreeing = key === 'exportVersion' ? leftOutByOneOnly(manifest, first!.manifest) : [];
      if (disagreeing.length > 0) throw new ShardsLeftOutDifferentRecords(disagreeing, first!.manifest.now);
      throw new Error(
        `${dir} was built with another ${key} than ${first!.dir} (${manifest[key]} ≠ ${first!.manifest[key]}): ` +
          (key === 'exportVersion'
            ? 'another export; build every shard from one export.'
            : 'the shards of one build share the code, the export, the clock and PUBLIC_SITE_URL.'),
      );
    }
    if (manifest.listing.sha256 !== first!.manifest.listing.sha256) throw new Error(`${dir} listed other URLs than ${first!.dir}.`);
    if (JSON.stringify(manifest.searchPartPages) !== JSON.stringify(first!.manifest.searchPartPages))
      throw new Error(`${dir} cut the search index by other bounds than ${first!.dir}.`);
  }
  if (seen.size !== count) throw new Error(`The merge has ${seen.size} of the ${count} shards: every shard's folder is needed.`);
  if (first!.manifest.siteUrl !== siteUrl)
    throw new Error(`The shards were built for ${first!.manifest.siteUrl}, this merge for ${siteUrl} (PUBLIC_SITE_URL).`);
  const pages = new Map<string, PageRecord>();
  for (const { manifest } of shards) for (const [url, record] of manifest.pages) pages.set(url, record);
  if (pages.size !== first!.manifest.listing.urls)
    throw new Error(`The shards rendered ${pages.size} of the ${first!.manifest.listing.urls} URLs of the site.`);
  const partition = searchPartitionOf(pages, first!.manifest.searchPartPages);
  const plan = planShards(pages.keys(), count, partition);
  for (const { dir, manifest } of shards)
    for (const [url] of manifest.pages)
      if (plan.shardOf(url) !== manifest.shard.index) throw new Error(`${dir} rendered ${url}, which is not its shard's.`);
  return { pages, partition, plan };
}

/** The records one shard left out and the other did not, sorted. */
function leftOutByOneOnly(a: ShardManifest, b: ShardManifest): string[] {
  const onlyIn = (x: ShardManifest, y: ShardManifest) => x.leftOut.filter((key) => !y.leftOut.includes(key));
  return [...onlyIn(a, b), ...onlyIn(b, a)].sort();
}

/**
 * Shards of one export that left out different records: a page of theirs
 * failed in its shard, which quarantined them, while the other shards
 * rendered the pages that list them. Only a build that sees every page
 * leaves them out everywhere (scripts/lib/merge-or-build.ts).
 */
export class ShardsLeftOutDifferentRecords extends Error {
  constructor(
    readonly records: string[],
    /** The shards' clock, for a build of the whole site to render as they did. */
    readonly now: string,
  ) {
    super(
      `records left out by one shard only (a page of theirs failed there and was quarantined): ${records.join(', ')}. ` +
        'Fix or hide them (npm run moderate), or build on one machine (npm run build), which leaves them out everywhere.',
    );
  }
}
