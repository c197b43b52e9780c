/**
 * `npm run bench:deploy [-- --synthetic | --export DIR] [--files N] [--cycles 5]`:
 * what a deploy cycle costs for a one-profile edit on a large site, against
 * the local Hosting stand-in (scripts/deploy/hosting-stand-in.ts): files
 * hashed, bytes uploaded and API calls, median and worst of 5 cycles
 * (plus seconds and the hash cache's size). Exits non-zero past the goal
 * (≤ 50 files hashed, ≤ 200 KB uploaded, ≤ 20 API calls per edit).
 * Each edit deploys as the publisher deploys a save, the full-text index
 * held; their index goes in deploys printed apart (`index_deploy`): one
 * after the first edit (the first index after the site's full build: the
 * parts the edit changed, made again by the CLI, which numbers their pages otherwise),
 * one for all the others (and per edit), as the publisher sends it every
 * 5 minutes.
 *
 * The site, said in the output:
 *  - a real build when one is at hand: `npm run bench -- --therapists 10000
 *    --blogs-per-therapist 20` leaves `.build/bench-export` and
 *    `.build/bench-site`, used in place; `--export DIR` builds DIR first
 *    (e.g. tests/fixtures/export for a small real run). Each edit changes a
 *    bio in a copy of the export and rebuilds incrementally, Pagefind included.
 *  - else a synthetic tree of 274,291 files (`--files`), the 10,000 × 20
 *    shape (scripts/bench/deploy-synthetic-site.ts), kept in
 *    `.cache/deploy-bench/` with its stand-in and hash cache: the first run
 *    lays it down and deploys it whole (minutes: every file gzipped at
 *    level 9), later runs start from there.
 * Not a test: it measures this machine.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeDeploy } from '../deploy';
import { deployCycle, type DeployReport } from '../deploy/deploy-cycle';
import { HostingClient } from '../deploy/hosting-client';
import { readHostingConfig, type HostingSection } from '../deploy/hosting-config';
import { HostingStandIn } from '../deploy/hosting-stand-in';
import type { HeaderRule } from '../lib/hosting-headers';
import { ROOT } from '../lib/project';
import * as synthetic from './deploy-synthetic-site';

const { values } = parseArgs({
  options: {
    synthetic: { type: 'boolean', default: false },
    export: { type: 'string' },
    files: { type: 'string', default: '274291' },
    cycles: { type: 'string', default: '5' },
    verbose: { type: 'boolean', default: false },
  },
});
const GOAL = { hashed: 50, bytes: 200 * 1024, calls: 20 };
const SITE = 'demo-theralink-bench';
const WORK = path.join(ROOT, '.cache', 'deploy-bench');
const BENCH_EXPORT = path.join(ROOT, '.build', 'bench-export');
const BENCH_SITE = path.join(ROOT, '.build', 'bench-site');
const cycles = Number(values.cycles);
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);
const repoHosting = (JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as { hosting: HostingSection }).hosting;

/** The deploy's firebase.json: the repository's hosting section for `siteDir`, with the build's headers when given. */
async function writeConfig(dir: string, siteDir: string, headers?: HeaderRule[]): Promise<string> {
  const file = path.join(dir, 'firebase.json');
  await writeFile(file, JSON.stringify({ hosting: { ...repoHosting, public: siteDir, ...(headers ? { headers } : {}) } }));
  return file;
}

/** One deploy cycle; an edit's (`changedPaths`: what its build changed) holds the index, as the publisher's do. */
async function deploy(
  standIn: HostingStandIn,
  configFile: string,
  statePath: string,
  changedPaths?: ReadonlySet<string>,
): Promise<DeployReport> {
  const client = new HostingClient({ origin: standIn.url });
  const hosting = await readHostingConfig(configFile);
  const holdSearchIndex = changedPaths !== undefined;
  const result = await deployCycle({ client, site: SITE, hosting, statePath, holdSearchIndex, changedPaths, log: console.log });
  if (values.verbose) console.log(describeDeploy(SITE, result));
  return result;
}

/** A deploy with the index, reported as `index_deploy` with `what` it carries. */
async function deployIndex(standIn: HostingStandIn, configFile: string, statePath: string, what: string): Promise<DeployReport> {
  const result = await deploy(standIn, configFile, statePath);
  report(
    'index_deploy',
    `${what}: files hashed ${result.hashed} (+${result.added} ~${result.changed} -${result.removed}), ` +
      `bytes uploaded ${result.bytesUploaded} (${result.uploaded} files), API calls ${result.calls}, ${result.seconds.toFixed(1)} s`,
  );
  return result;
}

const useReal = !values.synthetic && (values.export !== undefined || (existsSync(BENCH_EXPORT) && existsSync(BENCH_SITE)));
const dir = path.join(WORK, useReal ? 'real' : 'synthetic');
const statePath = path.join(dir, 'deploy-state.gz');
let standIn: HostingStandIn | undefined;
const measured: DeployReport[] = [];
let indexDeploy: DeployReport | undefined;
try {
  let editOne: (cycle: number) => Promise<{ configFile: string; what: string; changedPaths: ReadonlySet<string> }>;
  let configFile: string;
  if (useReal) {
    const source = values.export ? path.resolve(values.export) : BENCH_EXPORT;
    report(
      'site',
      `real build of ${path.relative(ROOT, source) || source}${values.export ? ' (built here first)' : ` (${path.relative(ROOT, BENCH_SITE)})`}`,
    );
    await rm(dir, { recursive: true, force: true });
    // Imported only here: the build brings the renderer and Astro with it.
    const real = await import('./deploy-real-site');
    const site = await real.prepareRealSite(source, dir, values.export ? undefined : BENCH_SITE);
    configFile = await writeConfig(dir, site.siteDir, site.headers);
    editOne = async (cycle) => {
      const { therapist, headers, changedFiles } = await real.editOneProfile(site, cycle);
      return { configFile: await writeConfig(dir, site.siteDir, headers), what: `bio of ${therapist}`, changedPaths: changedFiles };
    };
    standIn = await HostingStandIn.start({ dir: path.join(dir, 'stand-in') });
  } else {
    const files = Number(values.files);
    const siteDir = path.join(dir, 'site');
    const readyFile = path.join(dir, 'ready.json');
    const ready = existsSync(readyFile) && (JSON.parse(await readFile(readyFile, 'utf8')) as { files: number }).files === files;
    report('site', `synthetic tree of ${files} files, the 10,000 × 20 shape (${ready ? 'kept from an earlier run' : 'laid down now'})`);
    if (!ready) {
      await rm(dir, { recursive: true, force: true });
      let started = performance.now();
      report('synthetic_files_written', synthetic.writeSyntheticSite(siteDir, files));
      report('synthetic_write_seconds', ((performance.now() - started) / 1000).toFixed(1));
      configFile = await writeConfig(dir, siteDir);
      standIn = await HostingStandIn.start({ dir: path.join(dir, 'stand-in') });
      started = performance.now();
      const first = await deploy(standIn, configFile, statePath);
      report(
        'first_deploy',
        `files hashed ${first.hashed}, bytes uploaded ${first.bytesUploaded}, API calls ${first.calls}, ${first.seconds.toFixed(1)} s`,
      );
      await writeFile(readyFile, JSON.stringify({ files }));
    } else {
      configFile = await writeConfig(dir, siteDir);
      standIn = await HostingStandIn.start({ dir: path.join(dir, 'stand-in') });
    }
    editOne = async (cycle) => {
      const edit = synthetic.editOneProfile(siteDir, (Date.now() % 100_000) + cycle);
      return {
        configFile,
        what: `${edit.rewritten.length} files rewritten, ${edit.replaced.length} index files replaced`,
        changedPaths: new Set(edit.rewritten),
      };
    };
  }
  if (useReal) {
    const first = await deploy(standIn, configFile, statePath);
    report(
      'first_deploy',
      `files hashed ${first.hashed}, bytes uploaded ${first.bytesUploaded}, API calls ${first.calls}, ${first.seconds.toFixed(1)} s`,
    );
  }

  // Each edit deploys as the publisher deploys a save: its pages, the index held (scripts/deploy/deploy-schedule.ts).
  let lastConfig = configFile;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const { configFile: config, what, changedPaths } = await editOne(cycle);
    lastConfig = config;
    const result = await deploy(standIn, config, statePath, changedPaths);
    // The first background index after the full build: the parts it makes again differ in every chunk. Deployed apart.
    if (cycle === 0) await deployIndex(standIn, config, statePath, 'after edit 1, the first index after the full build');
    measured.push(result);
    report(
      `cycle_${cycle + 1}`,
      `${what}: files hashed ${result.hashed} (read ${result.read}; +${result.added} ~${result.changed} -${result.removed}; ` +
        `${result.held} index files held), bytes uploaded ${result.bytesUploaded} (${result.uploaded} files), API calls ${result.calls}, ` +
        `${result.seconds.toFixed(1)} s (plan ${result.planSeconds.toFixed(1)} s, ${result.looked} paths looked at)`,
    );
  }
  // Then the index's turn: one deploy for the indexes of every edit since the last, as the publisher sends it every 5 minutes.
  indexDeploy = await deployIndex(standIn, lastConfig, statePath, `after edits 2 to ${cycles}`);
} finally {
  await standIn?.close();
}

const sorted = (pick: (r: DeployReport) => number) => measured.map(pick).sort((a, b) => a - b);
const medianAndWorst = (pick: (r: DeployReport) => number) => {
  const xs = sorted(pick);
  return { median: xs[Math.floor((xs.length - 1) / 2)]!, worst: xs.at(-1)! };
};
const figures = {
  files_hashed: medianAndWorst((r) => r.hashed),
  bytes_uploaded: medianAndWorst((r) => r.bytesUploaded),
  api_calls: medianAndWorst((r) => r.calls),
  deploy_seconds: medianAndWorst((r) => r.seconds),
};
report('files_in_site', measured.at(-1)?.files ?? 0);
for (const [name, { median, worst }] of Object.entries(figures))
  report(
    `${name}_median_worst`,
    `${name === 'deploy_seconds' ? median.toFixed(1) : median} / ${name === 'deploy_seconds' ? worst.toFixed(1) : worst}`,
  );
report('hash_cache_bytes', statSync(statePath).size);
if (indexDeploy && cycles > 1)
  report(
    'index_deploy_per_edit',
    `files hashed ${(indexDeploy.hashed / (cycles - 1)).toFixed(1)}, bytes uploaded ${Math.round(indexDeploy.bytesUploaded / (cycles - 1))}, ` +
      `API calls ${(indexDeploy.calls / (cycles - 1)).toFixed(1)}`,
  );

const failures = [
  ...(figures.files_hashed.worst > GOAL.hashed ? [`files hashed ${figures.files_hashed.worst} > ${GOAL.hashed}`] : []),
  ...(figures.bytes_uploaded.worst > GOAL.bytes ? [`bytes uploaded ${figures.bytes_uploaded.worst} > ${GOAL.bytes}`] : []),
  ...(figures.api_calls.worst > GOAL.calls ? [`API calls ${figures.api_calls.worst} > ${GOAL.calls}`] : []),
];
if (failures.length > 0) {
  console.error(`Past the goal for a one-profile edit: ${failures.join('; ')}.`);
  process.exit(1);
}
console.log(
  `Within the goal for a one-profile edit (≤ ${GOAL.hashed} files hashed, ≤ ${GOAL.bytes / 1024} KB uploaded, ≤ ${GOAL.calls} API calls).`,
);
process.exit(0);
