/**
 * The merge of a full build across machines (docs/decisions/sharded-builds.md):
 * the folders the shards built (`build --shard k/N`, each with its manifest,
 * ./shard-manifest.ts) become one site, as a one-machine full build writes
 * it: the client bundle and public files (in every shard alike) and every
 * shard's pages, hard-linked; the sitemap and the hosting headers from the
 * union of the shards' page records; and the full-text index, each part
 * linked from the shard that wrote it as it rendered the part's pages
 * (planShards: a part is whole in one shard), and its part list. The new
 * site goes live in `outDir` as a build's does (a new generation,
 * ./site-generations.ts); it carries no state, so the next build in that
 * folder is a full one.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  SEARCH_INDEX_DIR,
  SEARCH_PART_LIST,
  searchPartPath,
  type SearchPart,
  type SearchPartition,
  type SearchPartList,
} from '../../src/lib/search/index-parts';
import { buildEnvironment, type BuildEnvironmentOptions } from './build-environment';
import { searchFilesIn } from './search-files';
import { HEADERS_FILE, headersFileBytes, siteHeaders, type SiteHeaders } from './site-headers';
import { GenerationWriter } from './generation-writer';
import { linkPart, writeSearchPartList } from './search-index-writer';
import { checkShards, readShardManifest, SHARD_MANIFEST_FILE, type LoadedShard } from './shard-manifest';
import type { ShardPlan } from './shards';
import { filesUnder, linkFiles, linkTree } from './site-files';
import { keepSpare, newGeneration, pointAt } from './site-generations';
import { HashSets, stateDirOf, unionOfHashes } from './site-state';
import { SitemapListing } from './sitemap-files';
import { stepTimer } from './step-timer';

export interface MergeOptions extends BuildEnvironmentOptions {
  /** The shards' folders, one per shard of one build, in any order. */
  shardDirs: readonly string[];
  outDir: string;
}

export interface MergedSite extends SiteHeaders {
  pages: number;
  seconds: number;
  /** Milliseconds of each step. */
  timings: Record<string, number>;
}

/** Merges the shards' folders into the site `outDir`; throws, changing nothing there, when they are not one build's. */
export async function mergeShards(options: MergeOptions): Promise<MergedSite> {
  const started = performance.now();
  const { timings, step } = stepTimer();
  const shards = await Promise.all(
    options.shardDirs.map(async (dir) => ({ dir: path.resolve(dir), manifest: await readShardManifest(path.resolve(dir)) })),
  );
  const { env, siteUrl } = buildEnvironment(options);
  const { pages, partition, plan } = checkShards(shards, siteUrl);
  step('read manifests');

  const outDir = path.resolve(options.outDir);
  const stateDir = stateDirOf(outDir);
  await mkdir(stateDir, { recursive: true });
  const staging = newGeneration(stateDir);
  let live = false;
  try {
    await linkShards(shards, staging);
    step('link pages');
    // Every file is new in the merged generation.
    const writer = new GenerationWriter(staging, 'empty');
    const sitemapFiles = [...pages.values()].flatMap((page) => (page.sitemap ? [page.file] : []));
    for (const sitemap of new SitemapListing(siteUrl).files(sitemapFiles)) await writer.write(sitemap.path.slice(1), sitemap.bytes);
    const headers = siteHeaders(
      unionOfHashes(shards.map(({ manifest }) => new HashSets(manifest.hashSets).union(manifest.pages.map(([, record]) => record)))),
      env,
    );
    await writer.write(HEADERS_FILE, headersFileBytes(headers.headers));
    step('sitemap and headers');
    const written = await linkIndexParts(shards, partition, plan, path.join(staging, SEARCH_INDEX_DIR));
    const searchable = searchFilesIn(pages, partition);
    for (const [part, files] of searchable)
      if (written.get(part) !== files.length)
        throw new Error(
          `The ${part} part of the search index holds ${written.get(part) ?? 'no'} pages, not the ${files.length} searchable ones.`,
        );
    await writeSearchPartList(
      path.join(staging, SEARCH_INDEX_DIR),
      partition.parts.map((part) => [part, written.get(part)!]),
    );
    step('search index');
    const replaced = pointAt(outDir, staging);
    live = true;
    await keepSpare(stateDir, replaced, staging, null);
    step('swap');
    return { ...headers, pages: pages.size, seconds: Math.round((performance.now() - started) / 100) / 10, timings };
  } finally {
    if (!live) await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Links every part of the full-text index from the shard that wrote it
 * (planShards names it; the primary part first, at the index's top) into
 * `indexDir`, and returns each part's page count as its shard listed it.
 */
async function linkIndexParts(
  shards: readonly LoadedShard[],
  partition: SearchPartition,
  plan: ShardPlan,
  indexDir: string,
): Promise<Map<SearchPart, number>> {
  const written = new Map<SearchPart, number>();
  for (const part of partition.parts) {
    const shard = shards.find(({ manifest }) => plan.partitionOf(manifest.shard.index).parts.includes(part))!;
    const from = path.join(shard.dir, SEARCH_INDEX_DIR);
    const list = await readFile(path.join(from, SEARCH_PART_LIST), 'utf8').catch(() => undefined);
    const listed = list === undefined ? [] : (JSON.parse(list) as SearchPartList).parts;
    const pages = listed.find((entry) => entry.path === searchPartPath(part))?.pages;
    if (pages === undefined) throw new Error(`${shard.dir} lacks the ${part} part of the search index, which its shard writes.`);
    await linkPart(from, indexDir, part);
    written.set(part, pages);
  }
  return written;
}

/**
 * The first shard's folder whole (client bundle, public files, its pages),
 * then the other shards' pages; every shard must hold the same files
 * besides its pages (the same client bundle).
 */
async function linkShards(shards: readonly LoadedShard[], staging: string): Promise<void> {
  const [first, ...others] = shards;
  const pageFiles = ({ manifest }: LoadedShard) => new Set(manifest.pages.map(([, record]) => record.file));
  const otherFiles = async (shard: LoadedShard) => {
    const own = pageFiles(shard);
    return (await filesUnder(shard.dir))
      .filter((file) => file !== SHARD_MANIFEST_FILE && !file.startsWith(`${SEARCH_INDEX_DIR}/`) && !own.has(file))
      .join('\n');
  };
  const common = await otherFiles(first!);
  // The index's parts are linked from the shards that wrote them (linkIndexParts).
  await linkTree(first!.dir, staging, { skip: [SHARD_MANIFEST_FILE, SEARCH_INDEX_DIR] });
  for (const shard of others) {
    if ((await otherFiles(shard)) !== common)
      throw new Error(`${shard.dir} holds other client files than ${first!.dir} (another code version?).`);
    await linkFiles(shard.dir, staging, [...pageFiles(shard)]);
  }
}
