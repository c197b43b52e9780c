/**
 * One deploy cycle: plan against the hash cache (./plan.ts), then on the
 * Hosting API clone the last released version without the paths that
 * changed or went, populate the changed and new ones, upload the gzips
 * Hosting asks for, finalize with firebase.json's config and release. The
 * cache is saved only after the release, so a cycle that fails anywhere
 * leaves the live site and the cache as they were, and the next cycle
 * plans the same change again.
 *
 * Without a cache (the first deploy, or a lost one), when the cached
 * version cannot be cloned (deleted meanwhile), or when more paths changed
 * than a clone's filter should carry, it makes a new version and
 * populates every path instead: the hashes Hosting holds already are not
 * uploaded again, so only the calls grow with the site.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SEARCH_INDEX_DIR } from '../../src/lib/search/index-parts';
import { loadDeployState, saveDeployState, type DeployState } from './deploy-state';
import { gzipForHosting } from './file-digest';
import type { HostingConfig } from './hosting-config';
import { HostingApiError, type HostingClient } from './hosting-client';
import { ignoreMatcher } from './ignore-globs';
import { planDeploy, type DeployPlan } from './plan';
import { eachAtMost } from '../../src/lib/each-at-most';

/** Paths a clone's exclude filter carries at most (one regex each; past this a cycle populates a new version). */
export const MAX_EXCLUDED = 1000;
/** Uploads at once. */
const UPLOAD_CONCURRENCY = 8;

export interface DeployOptions {
  client: HostingClient;
  site: string;
  hosting: HostingConfig;
  /** The hash cache's file. */
  statePath: string;
  /** Plan only: no API call, the cache is not written. */
  dryRun?: boolean;
  log?: (line: string) => void;
  maxExcluded?: number;
  /**
   * Leaves the full-text index (the site's `pagefind/` folder, whole) as
   * released: the publisher sends pages at each save and the index at most
   * every few minutes (docs/decisions/index-deploys.md). A first deploy sends it all the same.
   */
  holdSearchIndex?: boolean;
  /**
   * Every path the builds since the last release wrote or removed (their
   * SiteBuild.changedFiles): the plan looks at these alone instead of
   * walking the site. Omitted: the whole site is walked.
   */
  changedPaths?: ReadonlySet<string>;
}

export interface DeployReport {
  /** nothing: no change to send; clone / full: how the new version was made; dry-run: planned only. */
  mode: 'nothing' | 'clone' | 'full' | 'dry-run';
  /** The released version. */
  version?: string;
  files: number;
  added: number;
  changed: number;
  removed: number;
  /** Paths whose identity the plan looked up, and whether it walked the site for them (else: DeployOptions.changedPaths). */
  looked: number;
  walked: boolean;
  /** Files opened (identity changed or new). */
  read: number;
  /** Files gzipped and hashed (new bytes). */
  hashed: number;
  /** Paths of the full-text index that changed but were held back (holdSearchIndex). */
  held: number;
  /** Files Hosting asked for and got. */
  uploaded: number;
  bytesUploaded: number;
  /** HTTP requests to the API (retries and polls included). */
  calls: number;
  configChanged: boolean;
  /** The planned paths. */
  paths: { added: string[]; changed: string[]; removed: string[] };
  planSeconds: number;
  seconds: number;
}

/** A file of the full-text index: its folder is replaced whole by a build, so it is sent whole or not at all. */
const isSearchIndexPath = (relativePath: string) => relativePath.startsWith(`${SEARCH_INDEX_DIR}/`);

/** An RE2 pattern matching exactly one version path. */
export const exactPathRegex = (versionPath: string) => `^${versionPath.replace(/[.+*?^$()|[\]{}\\]/g, '\\$&')}$`;
const versionPath = (relativePath: string) => `/${relativePath}`;

/**
 * Hash caches this process released past without saving: the cache names an older release, which a deploy
 * looking only at its own changed paths would clone, taking back the unsaved release's change. Their next
 * deploy walks the site instead, releases it even when it equals the cache, and saves the cache whole.
 */
const releasedUnsaved = new Set<string>();

/** Runs one cycle; throws when the API fails (the live release is then untouched). */
export async function deployCycle(options: DeployOptions): Promise<DeployReport> {
  const { client, site, hosting, statePath, log = () => {} } = options;
  const started = performance.now();
  const callsBefore = client.calls;
  const bytesBefore = client.bytesUploaded;
  const state = await loadDeployState(statePath, site);
  const root = await realpath(hosting.publicDir);
  const unsavedRelease = releasedUnsaved.has(statePath);
  const changedPaths = unsavedRelease ? undefined : options.changedPaths;
  const plan = await planDeploy(root, ignoreMatcher(hosting.ignore), state, {
    hold: options.holdSearchIndex ? isSearchIndexPath : undefined,
    only: changedPaths,
  });
  const planSeconds = (performance.now() - started) / 1000;
  const configChanged = state?.configHash !== hosting.configHash;
  const report = (mode: DeployReport['mode'], extra: Partial<DeployReport> = {}): DeployReport => ({
    mode,
    files: plan.files.size,
    added: plan.added.length,
    changed: plan.changed.length,
    removed: plan.removed.length,
    looked: plan.looked,
    walked: !state || !changedPaths,
    read: plan.read,
    hashed: plan.hashed,
    held: plan.held,
    uploaded: 0,
    bytesUploaded: client.bytesUploaded - bytesBefore,
    calls: client.calls - callsBefore,
    configChanged,
    paths: { added: plan.added, changed: plan.changed, removed: plan.removed },
    planSeconds,
    seconds: (performance.now() - started) / 1000,
    ...extra,
  });

  if (options.dryRun) return report('dry-run');
  const unchanged = plan.added.length + plan.changed.length + plan.removed.length === 0 && !configChanged;
  // After an unsaved release the site may equal the cache and not the live release: it is released all the same.
  if (state && unchanged && !unsavedRelease) {
    // Nothing to send; new inodes of the same bytes are remembered, so the next cycle need not read them again.
    if (plan.read > 0 || state.restored || plan.dev !== state.dev)
      await saveDeployState(statePath, nextState(site, state.version, hosting, plan), changedPaths);
    return report('nothing', { version: state.version });
  }

  let mode: 'clone' | 'full' = 'full';
  let version: string | undefined;
  if (state && plan.changed.length + plan.removed.length <= (options.maxExcluded ?? MAX_EXCLUDED)) {
    try {
      version = await client.cloneVersion(site, state.version, [...plan.changed, ...plan.removed].map(versionPath).map(exactPathRegex));
      mode = 'clone';
    } catch (error) {
      if (!(error instanceof HostingApiError) || error.status >= 500 || error.status === 429) throw error;
      log(`Could not clone ${state.version} (${error.message}); populating a new version instead.`);
    }
  }
  version ??= await client.createVersion(site, hosting.config);
  const paths = mode === 'clone' ? [...plan.changed, ...plan.added] : [...plan.files.keys()];
  const populate = new Map(paths.map((relativePath) => [versionPath(relativePath), plan.files.get(relativePath)!.hash]));
  const { uploadUrl, required } = await client.populateFiles(version, populate);
  const uploaded = await uploadRequired(client, root, plan, populate, uploadUrl, required);
  await client.finalize(version, hosting.config);
  await client.release(site, version, `npm run deploy: +${plan.added.length} ~${plan.changed.length} -${plan.removed.length}`);
  try {
    await saveDeployState(statePath, nextState(site, version, hosting, plan), state ? changedPaths : undefined);
    releasedUnsaved.delete(statePath);
  } catch (error) {
    // Released all the same: the next cycle walks the site, clones the cached version and sends this change again.
    releasedUnsaved.add(statePath);
    log(`Released ${version}, but the hash cache could not be saved: ${(error as Error).message}`);
  }
  return report(mode, { version, uploaded });
}

function nextState(site: string, version: string, hosting: HostingConfig, plan: DeployPlan): Omit<DeployState, 'restored'> {
  return { site, version, configHash: hosting.configHash, dev: plan.dev, files: plan.files };
}

/** Uploads the gzip of every required hash: kept from the plan, or made again from a file with that hash (checked). */
async function uploadRequired(
  client: HostingClient,
  root: string,
  plan: DeployPlan,
  populated: ReadonlyMap<string, string>,
  uploadUrl: string | undefined,
  required: ReadonlySet<string>,
): Promise<number> {
  if (required.size === 0) return 0;
  if (!uploadUrl) throw new Error('Hosting asked for uploads without giving an upload URL.');
  const pathOf = new Map<string, string>();
  for (const [versionPathName, hash] of populated) if (!pathOf.has(hash)) pathOf.set(hash, versionPathName.slice(1));
  const hashes = [...required];
  const unknown = hashes.filter((hash) => !pathOf.has(hash));
  if (unknown.length > 0) throw new Error(`Hosting asked for ${unknown.length} hashes this deploy did not send (e.g. ${unknown[0]}).`);
  await eachAtMost(hashes, UPLOAD_CONCURRENCY, async (hash) => {
    const gzipped = plan.gzipped.get(hash) ?? (await gzipAgain(root, pathOf.get(hash)!, hash));
    await client.upload(uploadUrl, hash, gzipped);
  });
  return hashes.length;
}

async function gzipAgain(root: string, relativePath: string, hash: string): Promise<Buffer> {
  const again = await gzipForHosting(await readFile(path.join(root, relativePath)));
  if (again.hash !== hash) throw new Error(`${relativePath} changed while it was being deployed; deploy again once the build is done.`);
  return again.gzipped;
}
