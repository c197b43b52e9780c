/**
 * `npm run publisher -- [--site ID] [--api URL] [--allow-production]`: the
 * long-running publisher. The same loop as `npm start` (Firestore
 * listeners, a cycle 250 ms after the last change, an incremental export,
 * a build of what the change affects, the 推し alerts, the ranking and the
 * midnight turnover; scripts/lib/live-site.ts), with a deploy of what
 * changed to Firebase Hosting after each build (scripts/deploy.ts), so a
 * save is live in seconds instead of at the next scheduled workflow run.
 * The full-text index follows at most every 5 minutes (scripts/deploy/deploy-schedule.ts).
 *
 * It keeps its state (export mirror, built site, renderer, cards, deploy
 * hash cache) under the working directory: on a disk of its own it starts
 * warm; without one, its first cycle reads, builds and deploys everything
 * once. The scheduled workflow (.github/workflows/rebuild.yml) stays the
 * reconciler and the fallback. Packaged by the Dockerfile; docs/publisher.md
 * says how to run it (Cloud Run with one always-on instance, or a small VM).
 *
 * Against the emulators (FIRESTORE_EMULATOR_HOST set, or a running
 * `npm run emulators`) and the local Hosting stand-in (`--api
 * http://127.0.0.1:5070`) it needs no flag; a real project and Google's
 * Hosting API need --allow-production. PORT (Cloud Run's) serves /healthz.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { deployRefusal, deploySite, describeDeploy } from './deploy';
import { DEPLOY_RETRY_MS, DeploySchedule } from './deploy/deploy-schedule';
import { HOSTING_API_ORIGIN } from './deploy/hosting-api';
import { exitOnSignals } from './lib/emulator-process';
import { startLiveSite, type LiveSite } from './lib/live-site';
import { projectId } from './lib/project';
import { chooseWriteTarget } from './lib/write-target';
import { runWithTunedMalloc } from './lib/malloc-tuning';

await runWithTunedMalloc();

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    api: { type: 'string' },
    'allow-production': { type: 'boolean', default: false },
  },
});
const origin = values.api ?? process.env.FIREBASE_HOSTING_API_URL ?? HOSTING_API_ORIGIN;
const site = values.site ?? process.env.FIREBASE_HOSTING_SITE ?? projectId();
const refused = deployRefusal(origin, site, values['allow-production']);
if (refused) {
  console.error(refused);
  process.exit(2);
}
await chooseWriteTarget(values['allow-production']);

const status = { started: new Date().toISOString(), lastDeploy: '', lastDeployError: '' };

/**
 * Deploys the site just built: its pages, and its full-text index when
 * the schedule says (scripts/deploy/deploy-schedule.ts). A failure does
 * not fail the cycle (the alerts still run on the new export): the
 * schedule tries again every minute until it goes, and each try sends
 * whatever differs from the last release by then, since the hash cache is
 * saved only after a release.
 */
const deploys = new DeploySchedule(async ({ holdSearchIndex, changedPaths }) => {
  try {
    const report = await deploySite({ origin, site, holdSearchIndex, changedPaths, log: (line) => console.log(`[deploy] ${line}`) });
    console.log(`[deploy] ${describeDeploy(site, report).replaceAll('\n', '\n[deploy] ')}`);
    status.lastDeploy = new Date().toISOString();
    status.lastDeployError = '';
  } catch (error) {
    status.lastDeployError = (error as Error).message;
    console.error(
      `[deploy] failed; the live site keeps its last release, tried again in ${DEPLOY_RETRY_MS / 1000} s.\n${status.lastDeployError}`,
    );
    throw error;
  }
});

/** The running loop, once its first build is done (the health check answers before that, as Cloud Run asks). */
const running: { site?: LiveSite } = {};
const health = createServer((request, response) => {
  const ok = running.site !== undefined && status.lastDeployError === '';
  response.writeHead(request.url === '/healthz' && ok ? 200 : request.url === '/healthz' ? 503 : 404, {
    'Content-Type': 'application/json',
  });
  response.end(JSON.stringify({ ready: running.site !== undefined, ...status }));
});
exitOnSignals(async () => {
  deploys.stop();
  // Not waited for: a background index at 10,000 therapists takes minutes, and the next start removes a killed build's leftovers.
  void running.site?.stop();
  health.close();
});
health.listen(Number(process.env.PORT ?? 8081));

console.log(`Publishing project ${projectId()} to Hosting site ${site} (${origin}).`);
running.site = await startLiveSite({
  afterBuild: (built) => deploys.afterBuild(built.changedFiles),
  afterSearchIndex: () => deploys.afterSearchIndex(),
});
console.log('The publisher is running: every published change is exported, built and deployed.');
