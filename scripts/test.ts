/**
 * `npm test`'s Vitest part: the five projects in Vitest processes sharing
 * one set of emulators, in four phases (docs/decisions/test-processes.md).
 * First, two processes side by side: the browser files on the demo site
 * they share (one at a time) and the live-stack browser files on the live
 * project (one at a time), which mostly wait and fill each other's waits.
 * Then, each alone, the phases that compute: the unit files, the
 * integration files (each builds sites) and the rule files. Beside the
 * browser files on two cores they starved them and were starved in turn:
 * builds five times slower than alone, reports past Vitest's limits.
 *
 *   tsx scripts/test.ts [vitest filters…]
 *
 * Each line is prefixed with its process; at the very end, where a CI log's
 * tail shows them, the failures of all (each test with its error's first
 * line) and the 10 slowest files. `npx vitest run …` still runs any file or
 * project by itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { failuresText, slowestFilesText, type RunSummary } from '../tests/setup/run-summary';
import { exitOnSignals, startEmulators, type RunningEmulators } from './lib/emulator-process';
import { ROOT } from './lib/project';

/** The phases, one after the other; in each, its processes side by side: a name for their lines, the Vitest projects each runs, its forks. */
const PHASES = [
  // The browser files spend most of their time waiting (a publishing cycle, a page, an emulator round trip): the
  // two streams fill each other's waits.
  [
    { name: 'browser', projects: ['e2e'], workers: 1 },
    { name: 'browser·live', projects: ['e2e-live'], workers: 1 },
  ],
  // The unit files compute (property runs, Pagefind, key derivation): beside the browser streams they starved them
  // and were starved in turn (CI's run at bd6a20c failed in both).
  [{ name: 'unit', projects: ['unit'], workers: 2 }],
  [{ name: 'integration', projects: ['integration'], workers: 2 }],
  // The rule files in their one fork (their project's singleFork), alone: beside the browser streams and builds,
  // that fork lost a report to Vitest's fixed 60 s limit (`Timeout calling "onTaskUpdate"`) in two runs of four,
  // and its 26 files never ran.
  [{ name: 'rules', projects: ['rules'], workers: 1 }],
];
const STREAMS = PHASES.flat();

const filters = process.argv.slice(2);
const summaries = mkdtempSync(path.join(tmpdir(), 'theralink-test-'));
let emulators: RunningEmulators | undefined;
const children = new Set<ReturnType<typeof spawn>>();

exitOnSignals(async () => {
  for (const child of children) child.kill('SIGINT');
  await emulators?.stop();
});

/** Runs one Vitest process to its end; resolves with its exit code. */
function runStream({ name, projects, workers }: (typeof STREAMS)[number]): Promise<number> {
  const args = [
    'vitest',
    'run',
    '--passWithNoTests',
    `--maxWorkers=${workers}`,
    ...projects.flatMap((project) => ['--project', project]),
    ...filters,
  ];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/vitest'), args.slice(1), {
    cwd: ROOT,
    env: { ...process.env, TEST_SUMMARY_FILE: path.join(summaries, `${name}.json`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

/** What one process's reporter wrote, or undefined if it found no file to run or died before its end. */
function readSummary(name: string): RunSummary | undefined {
  try {
    return JSON.parse(readFileSync(path.join(summaries, `${name}.json`), 'utf8')) as RunSummary;
  } catch {
    return undefined;
  }
}

/** A process's outcome for the summary line; a failed one that reported no failure (killed, or an error its reporter never saw) says so. */
function streamOutcome(code: number | undefined, summary: RunSummary | undefined): string {
  if (code === 0) return 'passed';
  const what = summary === undefined ? 'no report' : `${summary.failures.length} failure${summary.failures.length === 1 ? '' : 's'}`;
  return `failed (exit ${code}, ${what})`;
}

const started = Date.now();
let failed = false;
try {
  // Started once here, so neither process stops them under the other (each one's setup finds them running).
  emulators = await startEmulators(['auth', 'firestore', 'storage']);
  Object.assign(process.env, emulators.env);
  const codes: number[] = [];
  const phaseSeconds: number[] = [];
  for (const phase of PHASES) {
    const phaseStarted = Date.now();
    codes.push(...(await Promise.all(phase.map(runStream))));
    phaseSeconds.push(Math.round((Date.now() - phaseStarted) / 1000));
  }
  failed = codes.some((code) => code !== 0);
  const reports = STREAMS.map(({ name }) => readSummary(name));
  console.log(`\n${slowestFilesText(reports.flatMap((summary) => summary?.times ?? []))}`);
  const failures = reports.flatMap((summary) => summary?.failures ?? []);
  if (failures.length > 0) console.log(`\n${failuresText(failures)}`);
  console.log(
    `\nVitest: ${((Date.now() - started) / 1000).toFixed(0)} s wall time, all processes (phases: ${phaseSeconds.join(' s, ')} s); ` +
      STREAMS.map(({ name }, i) => `${name} ${streamOutcome(codes[i], reports[i])}`).join(', ') +
      '.',
  );
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  await emulators?.stop();
  rmSync(summaries, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
