/**
 * `npm run fuzz [-- --values N] [--seed S] [--accounts A]`: the cycle
 * fuzzer (tests/fuzz/cycle.ts) at size: cycles of A hostile accounts
 * (default 40) until at least N field values (default 10,000) went through
 * the rules, each cycle exported and built incrementally and in full. Starts
 * the emulators (or uses running ones; its project is its own). Prints what
 * it tried and exits non-zero when a cycle failed, with the seed and path
 * that replay it. `npm test` runs the same fuzzer small.
 */
import { parseArgs } from 'node:util';
import { runFuzz } from '../tests/fuzz/cycle';
import { describeStartFailure, startEmulators } from './lib/emulator-process';

const { values } = parseArgs({
  options: {
    values: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '38' },
    accounts: { type: 'string', default: '40' },
  },
});
const wanted = Number(values.values);
const accountsPerCycle = Number(values.accounts);
const seed = Number(values.seed);
if (![wanted, accountsPerCycle, seed].every(Number.isInteger) || wanted < 1 || accountsPerCycle < 1) {
  console.error('--values, --accounts and --seed are whole numbers (values and accounts at least 1).');
  process.exit(2);
}
// About 25 field values an account (tests/fuzz/hostile-accounts.ts valuesOf): enough cycles for `wanted`, and one more.
const cycles = Math.ceil(wanted / (accountsPerCycle * 25)) + 1;

let emulators;
try {
  emulators = await startEmulators(['auth', 'firestore']);
} catch (error) {
  console.error(describeStartFailure(error));
  process.exit(1);
}
Object.assign(process.env, emulators.env);
const started = performance.now();
const report = await runFuzz({ project: 'demo-theralink-fuzz-large', cycles, accountsPerCycle, seed });
await emulators.stop();
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(
  [
    `cycles: ${report.cycles} (${report.cyclesFailed} failed)`,
    `hostile accounts: ${report.accounts}`,
    `documents written: ${report.documents} (${report.refused} refused by the rules)`,
    `field values tried: ${report.values}`,
    `records left out after the last cycle: ${JSON.stringify(report.leftOut)}`,
    `time: ${minutes} min, seed ${seed}`,
  ].join('\n'),
);
if (report.failure) console.error(`A cycle failed:\n${report.failure}`);
process.exit(report.failure || report.values < wanted ? 1 : 0);
