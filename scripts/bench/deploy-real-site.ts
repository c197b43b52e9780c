/**
 * A real built site for the deploy bench: the build of an export (the
 * `npm run bench` one at `.build/bench-export` + `.build/bench-site` when
 * present, else any export folder, built here first), and one-profile
 * edits made the way production makes them: a changed therapists.json in
 * the export, an incremental build (scripts/build-site.ts), its background
 * Pagefind run awaited, as `npm run build` awaits it before the deploy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { buildSite } from '../build-site';
import type { HeaderRule } from '../lib/hosting-headers';
import path from 'node:path';

export interface RealSite {
  exportDir: string;
  siteDir: string;
  /** The production-shaped headers of the newest build (firebase.json's, as `npm run build` writes them). */
  headers: HeaderRule[];
}

/** The clock of every build of a bench run: no day turns over between two cycles. */
const NOW = new Date();

/** Builds `exportDir` into `siteDir` (incremental when `siteDir` has a build); the index is in when it resolves. */
async function build(
  exportDir: string,
  siteDir: string,
  full: boolean,
): Promise<{ headers: HeaderRule[]; changedFiles: ReadonlySet<string> }> {
  const built = await buildSite({ exportDir, outDir: siteDir, quiet: true, full, now: NOW });
  await built.searchIndexed;
  // The build moves the old index aside inside the new generation and removes it in the background
  // (scripts/build-site.ts, linkIndex): wait for that, or the deploy would race the removal.
  for (let waited = 0; waited < 30_000 && readdirSync(siteDir).some((name) => name.startsWith('pagefind-old-')); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  // A full build names no file (every one is new); the first deploy walks the site anyway.
  return { headers: built.productionHeaders, changedFiles: built.changedFiles ?? new Set() };
}

/**
 * A site to edit: `siteDir` built from `exportSource` (built here, full,
 * unless `reuseSite` holds a build of it), with a hard-link copy of the
 * export in `work` that the edits change (the source export is never written).
 */
export async function prepareRealSite(exportSource: string, work: string, reuseSite?: string): Promise<RealSite> {
  const exportDir = path.join(work, 'export');
  await rm(exportDir, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  execFileSync('cp', ['-al', exportSource, exportDir]);
  const siteDir = reuseSite ?? path.join(work, 'site');
  if (!reuseSite) {
    await rm(siteDir, { recursive: true, force: true });
    await rm(`${siteDir}.state`, { recursive: true, force: true });
  }
  const { headers } = await build(exportDir, siteDir, !reuseSite);
  return { exportDir, siteDir, headers };
}

interface Therapist {
  id: string;
  bio?: string;
  updatedAt?: string;
}

/** Edits one therapist's bio in the export (a new file renamed in), rebuilds, and returns the new headers and the files changed. */
export async function editOneProfile(
  site: RealSite,
  cycle: number,
): Promise<{ therapist: string; headers: HeaderRule[]; changedFiles: ReadonlySet<string> }> {
  const file = path.join(site.exportDir, 'therapists.json');
  if (!existsSync(file)) throw new Error(`${file} not found: the bench edits a therapist there.`);
  const therapists = JSON.parse(await readFile(file, 'utf8')) as Therapist[];
  const therapist = therapists[(cycle * 7919) % therapists.length]!;
  therapist.bio = `${therapist.bio ?? ''} 今週は${cycle + 1}回目のお知らせです。`;
  therapist.updatedAt = new Date(NOW.getTime() + cycle * 1000).toISOString();
  await writeFile(`${file}.new`, JSON.stringify(therapists));
  await rename(`${file}.new`, file);
  return { therapist: therapist.id, ...(await build(site.exportDir, site.siteDir, false)) };
}
