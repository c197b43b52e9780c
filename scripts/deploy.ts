/**
 * `npm run deploy [-- --site ID --api URL --config FILE --state FILE --dry-run --allow-production]`:
 * deploys the built site (firebase.json's hosting.public, dist/) to
 * Firebase Hosting over its REST API, sending only what changed since the
 * last deploy (scripts/deploy/deploy-cycle.ts), and prints per cycle the
 * files hashed, the bytes uploaded and the API calls.
 *
 * The API is Google's (https://firebasehosting.googleapis.com, with
 * Application Default Credentials) unless --api or FIREBASE_HOSTING_API_URL
 * names another, such as the local stand-in (`npm run hosting-stand-in`;
 * firebase.local.json's headers then, when `npm start` wrote it).
 * Like the other trusted scripts it refuses a real project without
 * --allow-production. `firebase deploy --only hosting` stays the manual
 * fallback; after one, the next cycle here clones its own last version,
 * so it never builds on a version it did not make.
 */
import { existsSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isMain } from './lib/cli';
import { FIREBASE_JSON, FIREBASE_LOCAL_JSON } from './lib/hosting-headers';
import { projectId, ROOT } from './lib/project';
import { applicationDefaultAuth, noAuth } from './deploy/auth';
import { deployCycle, type DeployReport } from './deploy/deploy-cycle';
import { HOSTING_API_ORIGIN } from './deploy/hosting-api';
import { HostingClient } from './deploy/hosting-client';
import { readHostingConfig } from './deploy/hosting-config';

const USAGE =
  'npm run deploy [-- --site <サイトID>] [--api <URL>] [--config <firebase.json>] [--state <ファイル>] [--dry-run] [--allow-production]';

/** Whether an API origin is this machine (the stand-in): no credentials, no production guard. */
export const isLocalOrigin = (origin: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname);

/** The hash cache of a site: one for Google's API, another for a local stand-in. */
export const deployStatePath = (site: string, local: boolean) =>
  path.join(ROOT, '.data', 'deploy-state', `${site}${local ? '.local' : ''}.gz`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What a cycle did, in a few lines (the figures the bench and the workflow log read). */
export function describeDeploy(site: string, report: DeployReport): string {
  const what = {
    nothing: 'nothing to deploy (no file and no config changed)',
    'dry-run': 'dry run: nothing sent',
    clone: `cloned the last version without the changed and removed paths → released ${report.version}`,
    full: `populated a new version with every path → released ${report.version}`,
  }[report.mode];
  const listed = Object.entries(report.paths).flatMap(([kind, paths]) => [
    ...paths.slice(0, 20).map((p) => `  ${kind}: /${p}`),
    ...(paths.length > 20 ? [`  ${kind}: … ${paths.length - 20} more`] : []),
  ]);
  return [
    `Deploy of site ${site}: ${what}`,
    ...listed,
    `  files: ${report.files} (${report.added} added, ${report.changed} changed, ${report.removed} removed; config ${report.configChanged ? 'changed' : 'unchanged'})`,
    `  files hashed: ${report.hashed} (files read: ${report.read}; ${report.looked} paths looked at${report.walked ? ', the whole site walked' : ', those the builds changed'})`,
    ...(report.held > 0 ? [`  search index: ${report.held} changed files held for the next index deploy`] : []),
    `  bytes uploaded: ${report.bytesUploaded} (${kb(report.bytesUploaded)}, ${report.uploaded} files)`,
    `  API calls: ${report.calls}`,
    `  seconds: ${report.seconds.toFixed(1)} (plan ${report.planSeconds.toFixed(1)})`,
  ].join('\n');
}

/**
 * Why a deploy to `site` at `origin` is refused, in Japanese (null when it
 * may go): a real Hosting API only for a real site and only when the
 * operator said so (`allowed`: --allow-production, or a dry run).
 */
export function deployRefusal(origin: string, site: string, allowed: boolean): string | null {
  if (isLocalOrigin(origin)) return null;
  if (site.startsWith('demo-'))
    return `デモ用のサイト ${site} は本番の Hosting にはデプロイしません（ローカルの代役には --api http://127.0.0.1:5070）。`;
  if (!allowed)
    return `本番の Hosting（${origin}）のサイト ${site} にはデプロイしません（本番にデプロイするときは --allow-production を付けてください）。`;
  return null;
}

/**
 * One deploy cycle of the built site to `site` on the Hosting API at
 * `origin` (Google's with Application Default Credentials, or the local
 * stand-in without); the CLI below and the publisher (scripts/publish.ts)
 * both deploy through it.
 */
export async function deploySite(options: {
  origin: string;
  site: string;
  /** firebase.json by default; firebase.local.json for the stand-in when `npm start` wrote it. */
  config?: string;
  /** The folder deployed, when not the config's `public` (a bench's own build). */
  publicDir?: string;
  statePath?: string;
  dryRun?: boolean;
  /** Send the pages and leave the full-text index as released (the publisher's deploys between two of the index). */
  holdSearchIndex?: boolean;
  /** What the builds since the last release wrote or removed (deployCycle's changedPaths); omitted: the site is walked. */
  changedPaths?: ReadonlySet<string>;
  log?: (line: string) => void;
}): Promise<DeployReport> {
  const local = isLocalOrigin(options.origin);
  // A site deployed to the local stand-in is browsed over http with the emulators: npm start's firebase.local.json
  // (the policy without upgrade-insecure-requests, the emulators allowed) when there is one.
  const config = options.config ?? (local && existsSync(FIREBASE_LOCAL_JSON) ? FIREBASE_LOCAL_JSON : FIREBASE_JSON);
  const hosting = await readHostingConfig(config);
  if (options.publicDir) hosting.publicDir = options.publicDir;
  const client = new HostingClient({ origin: options.origin, auth: local ? noAuth : applicationDefaultAuth() });
  return deployCycle({
    client,
    site: options.site,
    hosting,
    statePath: options.statePath ?? deployStatePath(options.site, local),
    dryRun: options.dryRun,
    holdSearchIndex: options.holdSearchIndex,
    changedPaths: options.changedPaths,
    log: options.log ?? ((line) => console.log(line)),
  });
}

if (isMain(import.meta.url)) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        site: { type: 'string' },
        api: { type: 'string' },
        config: { type: 'string' },
        state: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'allow-production': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`引数を読み取れません（${(error as Error).message}）。\n使い方: ${USAGE}`);
    process.exit(1);
  }
  const origin = values.api ?? process.env.FIREBASE_HOSTING_API_URL ?? HOSTING_API_ORIGIN;
  const site = values.site ?? process.env.FIREBASE_HOSTING_SITE ?? projectId();
  const refused = deployRefusal(origin, site, values['dry-run'] || values['allow-production']);
  if (refused) {
    console.error(refused);
    process.exit(2);
  }
  console.log(`API: ${origin}`);
  try {
    const report = await deploySite({ origin, site, config: values.config, statePath: values.state, dryRun: values['dry-run'] });
    console.log(describeDeploy(site, report));
    if (process.env.GITHUB_OUTPUT)
      await appendFile(process.env.GITHUB_OUTPUT, `deployed=${report.mode === 'clone' || report.mode === 'full'}\n`);
    process.exit(0);
  } catch (error) {
    console.error(
      `Deploy failed; the live site keeps its last release, and the next run sends the change again.\n${(error as Error).message}`,
    );
    process.exit(1);
  }
}
