#!/usr/bin/env node
/**
 * Mutation check of firestore.rules (issue 10): applies each mutant of
 * mutants.mjs to a temporary copy of the rules and runs rules tests against
 * it (RULES_FILE, in a project id of its own per lane, stopping at the first
 * failure). firestore.rules is only read, never written.
 * Pass 1 runs the mutant's first test file; a survivor is run again with
 * all its files, then with every rules test file. A mutant is caught when a
 * test fails; it survives when every rules test passes.
 * Usage: node tests/rules/mutation/run.mjs [name filter] [--lanes=2] [--only=3,17]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MUTANTS } from './mutants.mjs';

const args = process.argv.slice(2);
const filter = args.find((arg) => !arg.startsWith('--')) ?? '';
const lanes = Number(args.find((arg) => arg.startsWith('--lanes='))?.slice(8) ?? 2);
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',')
  .map(Number);
const original = readFileSync('firestore.rules', 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'rules-mutants-'));

function runTests(rulesFile, lane, files) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'rules', '--bail=1', ...files], {
      env: { ...process.env, RULES_FILE: rulesFile, RULES_PROJECT_ID: `demo-theralink-rules-mutant-${lane}` },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

const jobs = [];
for (const [index, [name, files, find, replace]] of MUTANTS.entries()) {
  if (filter && !name.includes(filter)) continue;
  if (only && !only.includes(index)) continue;
  const count = original.split(find).length - 1;
  if (count !== 1) {
    jobs.push({ index, name, outcome: `INVALID (found ${count}×)` });
    continue;
  }
  const rulesFile = path.join(dir, `mutant-${index}.rules`);
  writeFileSync(
    rulesFile,
    original.replace(find, () => replace),
  );
  const list = files.split(' ').map((file) => `tests/rules/${file}`);
  jobs.push({ index, name, rulesFile, passes: [[list[0]], list, []] });
}

async function judge(job, lane) {
  for (const files of job.passes) {
    const started = Date.now();
    const { status, output } = await runTests(job.rulesFile, lane, files);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (/Error compiling rules|rules compilation|INVALID_ARGUMENT: .*compil/i.test(output)) return `INVALID (rules do not compile)`;
    if (status !== 0) {
      const failed = output.match(/FAIL .*?(tests\/rules\/[^ ]+) > (.*)/);
      return `caught (${seconds} s) by ${failed ? `${failed[1]} > ${failed[2].slice(0, 140)}` : 'a failing run'}`;
    }
  }
  return 'SURVIVED';
}

let next = 0;
await Promise.all(
  Array.from({ length: lanes }, async (_, lane) => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job.outcome) job.outcome = await judge(job, lane);
      console.log(`#${job.index} ${job.name}: ${job.outcome}`);
    }
  }),
);

const caught = jobs.filter((job) => job.outcome.startsWith('caught')).length;
const others = jobs.filter((job) => !job.outcome.startsWith('caught'));
console.log(
  `\n${jobs.length} mutants: ${caught} caught, ${others.filter((job) => job.outcome === 'SURVIVED').length} survived, ${others.filter((job) => job.outcome.startsWith('INVALID')).length} invalid`,
);
for (const job of others) console.log(`  ${job.outcome}: #${job.index} ${job.name}`);
writeFileSync(
  path.join(dir, 'results.json'),
  JSON.stringify(
    jobs.map(({ index, name, outcome }) => ({ index, name, outcome })),
    null,
    2,
  ),
);
console.log(`results: ${path.join(dir, 'results.json')}`);
