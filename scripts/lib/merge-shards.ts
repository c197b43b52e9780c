/**
 * The merge of a full build across machines (docs/decisions/sharded-builds.md):
 * the folders the shards built (`build --shard k/N`, each with its manifest,
 * ./shard-manifest.ts) become one site, as a one-machine full build writes
 * it: the client bundle and public files (in every shard alike) and every
 * shard's pages, hard-linked; the sitemap and the hosting headers from the
 * union of the shards' page records; and the full-text index, part by part,
 * from the merged searchable pages (the writer the full build feeds,
 * ./search-index-writer.ts). The new site goes live in `outDir` as a build's
 * does (a new generation, ./site-generations.ts); it carries no state, so
 * the next build in that folder is a full one.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { SEARCH_INDEX_DIR, searchPartFolder, type IndexPartKind, type SearchPart } from '../../src/lib/search/index-parts';
import {
  buildEnvironment,
  HEADERS_FILE,
  headersFileBytes,
  searchFiles,
  siteHeaders,
  type SiteBuildOptions,
  type SiteHeaders,
} from '../build-site';
import { pageText } from './page-text';
import { SearchIndexWriter, writeSearchPartList } from './search-index-writer';
import { checkShards, readShardManifest, SHARD_MANIFEST_FILE, type LoadedShard } from './shard-manifest';
import { filesUnder, linkFiles, linkTree, writeNewFile } from './site-files';
import { keepSpare, newGeneration, pointAt } from './site-generations';
import { HashSets, stateDirOf, unionOfHashes } from './site-state';
import { SitemapListing } from './sitemap-files';
import { stepTimer } from './step-timer';

export interface MergeOptions extends Pick<SiteBuildOptions, 'firebaseProjectId' | 'analyticsEndpoint'> {
  /** The shards' folders, one per shard of one build, in any order. */
  shardDirs: readonly string[];
  outDir: string;
  /** The most pages of each kind in one part of the full-text index, as the one-machine build takes it (SiteBuildOptions). */
  searchPartPages?: Readonly<Record<IndexPartKind, number>>;
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
  const pages = checkShards(shards, siteUrl);
  step('read manifests');

  const outDir = path.resolve(options.outDir);
  const stateDir = stateDirOf(outDir);
  await mkdir(stateDir, { recursive: true });
  const staging = newGeneration(stateDir);
  let live = false;
  try {
    await linkShards(shards, staging);
    step('link pages');
    const folders = new Set<string>();
    const sitemapFiles = [...pages.values()].flatMap((page) => (page.sitemap ? [page.file] : []));
    for (const sitemap of new SitemapListing(siteUrl).files(sitemapFiles))
      await writeNewFile(staging, sitemap.path.slice(1), sitemap.bytes, folders);
    const headers = siteHeaders(
      unionOfHashes(shards.map(({ manifest }) => new HashSets(manifest.hashSets).union(manifest.pages.map(([, record]) => record)))),
      env,
    );
    await writeNewFile(staging, HEADERS_FILE, headersFileBytes(headers.headers), folders);
    step('sitemap and headers');
    const searchable = searchFiles(pages, options.searchPartPages);
    for (const [part, files] of searchable) {
      await writeIndexPart(staging, part, files);
      step(`index ${part}`);
    }
    await writeSearchPartList(
      path.join(staging, SEARCH_INDEX_DIR),
      [...searchable].map(([part, files]) => [part, files.length]),
    );
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
 * The first shard's folder whole (client bundle, public files, its pages),
 * then the other shards' pages; every shard must hold the same files
 * besides its pages (the same client bundle).
 */
async function linkShards(shards: readonly LoadedShard[], staging: string): Promise<void> {
  const [first, ...others] = shards;
  const pageFiles = ({ manifest }: LoadedShard) => new Set(manifest.pages.map(([, record]) => record.file));
  const otherFiles = async (shard: LoadedShard) => {
    const own = pageFiles(shard);
    return (await filesUnder(shard.dir)).filter((file) => file !== SHARD_MANIFEST_FILE && !own.has(file)).join('\n');
  };
  const common = await otherFiles(first!);
  await linkTree(first!.dir, staging, { skip: [SHARD_MANIFEST_FILE] });
  for (const shard of others) {
    if ((await otherFiles(shard)) !== common)
      throw new Error(`${shard.dir} holds other client files than ${first!.dir} (another code version?).`);
    await linkFiles(shard.dir, staging, [...pageFiles(shard)]);
  }
}

/** One part of the full-text index, from its pages' files in the site `root` (a part without pages is an empty index). */
async function writeIndexPart(root: string, part: SearchPart, files: readonly string[]): Promise<void> {
  const writer = await SearchIndexWriter.open();
  try {
    for (const file of files) await writer.add(file, pageText(await readFile(path.join(root, file))));
    await writer.write(path.join(root, SEARCH_INDEX_DIR, searchPartFolder(part)));
  } finally {
    await writer.discard();
  }
}
