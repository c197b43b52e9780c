/**
 * `npm test`'s first part: the type check (astro check), ESLint and
 * Prettier, side by side. Each is one thread of work for most of its run,
 * so on two cores the three together take about as long as the slowest
 * alone (one after the other they took 97 s, the type check 49 of them).
 * Each one's output is printed as a block when it ends; any failure fails
 * the whole, after all three have said what they found.
 */
import { run } from './lib/run';

/** The package's scripts to run (package.json says what each runs). */
const CHECKS = ['check', 'lint', 'format:check'];

const started = Date.now();
const results = await Promise.all(
  CHECKS.map(async (name) => {
    const began = Date.now();
    try {
      const output = await run('npm', ['run', '--silent', name], { quiet: true });
      return { name, ok: true, output, seconds: (Date.now() - began) / 1000 };
    } catch (error) {
      return { name, ok: false, output: (error as Error).message, seconds: (Date.now() - began) / 1000 };
    }
  }),
);
for (const { name, ok, output, seconds } of results) {
  console.log(`── ${name}: ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(0)} s)`);
  if (!ok || process.env.CHECKS_VERBOSE) console.log(output.trimEnd());
}
console.log(`Static checks: ${((Date.now() - started) / 1000).toFixed(0)} s wall time.`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
