/**
 * A Vitest reporter that ends the run with what whoever waits for `npm test`
 * needs first: the tests that failed (with the first line of each error) and
 * the 10 slowest test files (time spent collecting, in setup hooks and in
 * tests). Under scripts/test.ts, which runs several Vitest processes, each
 * writes its summary to TEST_SUMMARY_FILE instead, and the runner prints
 * those of all at its very end, where a CI log's tail shows them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'vitest/reporters';

type Finished = Parameters<NonNullable<Reporter['onFinished']>>;
type Task = NonNullable<Finished[0]>[number]['tasks'][number];

/** A test file and the milliseconds it took. */
export interface FileTime {
  name: string;
  ms: number;
}

/** A failed test, hook or file, or an error outside any test: where, the first line of its error, and the lines that threw it. */
export interface Failure {
  where: string;
  error: string;
  /** The project's own frames of its stack, innermost first ("tests/e2e/x.test.ts:155:20 ← …"), when it has any. */
  at?: string;
}

/** What one Vitest process writes for the runner. */
export interface RunSummary {
  times: FileTime[];
  failures: Failure[];
}

const SHOWN = 10;
const ERROR_CHARS = 300;
/** Enough frames to tell a helper's wait from the test line that called it. */
const FRAMES = 3;

/** The slowest files, as the end of a run prints them. */
export function slowestFilesText(times: readonly FileTime[]): string {
  const rows = [...times].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
  if (rows.length === 0) return '';
  return [`Slowest ${rows.length} test files:`, ...rows.map(({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`)].join(
    '\n',
  );
}

/** The failures, one line each, as the end of a run prints them. */
export function failuresText(failures: readonly Failure[]): string {
  if (failures.length === 0) return '';
  return [
    `Failed (${failures.length}):`,
    ...failures.map(({ where, error, at }) => `  ✗ ${where}\n      ${error}${at ? `\n      at ${at}` : ''}`),
  ].join('\n');
}

/**
 * The frames of a stack in this project's files (not its dependencies), as
 * paths relative to `root` with line and column: which of a test's many
 * waits timed out, where the first line alone ("locator.waitFor: Timeout
 * 30000ms exceeded.") does not say.
 */
export function ownFrames(stack: unknown, root = process.cwd()): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames: string[] = [];
  for (const [, file, line, column] of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    const relative = path.relative(root, file!);
    if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) continue;
    frames.push(`${relative}:${line}:${column}`);
    if (frames.length === FRAMES) break;
  }
  return frames.length > 0 ? frames.join(' ← ') : undefined;
}

type ErrorLike = { message?: unknown; name?: unknown; stack?: unknown } | undefined;

/** A failure at `where` from a serialised error: its first line, and its own frames when the stack has any. */
function failureOf(where: string, error: ErrorLike): Failure {
  const at = ownFrames(error?.stack);
  return { where, error: firstLine(error), ...(at && { at }) };
}

function firstLine(error: ErrorLike): string {
  const message = typeof error?.message === 'string' && error.message.trim() ? error.message : String(error?.name ?? 'Error');
  const line = message.trim().split('\n')[0] ?? '';
  return line.length > ERROR_CHARS ? `${line.slice(0, ERROR_CHARS)}…` : line;
}

/** Every failed test or hook under a task, named by its path of suites; a suite that failed in its own hooks counts too. */
function failedTasks(task: Task, prefix: string): Failure[] {
  const where = `${prefix} > ${task.name}`;
  const own = task.result?.state === 'fail' && (task.result.errors?.length ?? 0) > 0 ? [failureOf(where, task.result.errors?.[0])] : [];
  return task.type === 'suite' ? [...own, ...task.tasks.flatMap((child) => failedTasks(child, where))] : own;
}

/** What failed in a run: tests and hooks by their names, files that failed outside any test, and errors outside any file. */
export function runFailures(files: Finished[0] = [], errors: Finished[1] = []): Failure[] {
  const inFiles = files.flatMap((file) => {
    const name = fileName(file);
    const tests = file.tasks.flatMap((task) => failedTasks(task, name));
    const fileErrors = (file.result?.errors ?? []).map((error) => failureOf(name, error));
    return [...fileErrors, ...tests];
  });
  const outside = (errors as ErrorLike[]).map((error) => failureOf('(outside any test)', error));
  return [...inFiles, ...outside];
}

function fileName(file: NonNullable<Finished[0]>[number]): string {
  return `${file.projectName ? `${file.projectName}: ` : ''}${path.relative(process.cwd(), file.filepath)}`;
}

export default class RunSummaryReporter implements Reporter {
  onFinished(files: Finished[0] = [], errors: Finished[1] = []): void {
    const times = files.map((file) => ({
      name: fileName(file),
      ms: (file.collectDuration ?? 0) + (file.setupDuration ?? 0) + (file.result?.duration ?? 0),
    }));
    const summary: RunSummary = { times, failures: runFailures(files, errors) };
    const out = process.env.TEST_SUMMARY_FILE;
    if (out) writeFileSync(out, JSON.stringify(summary));
    else if (times.length > 0) console.log(`\n${slowestFilesText(times)}`);
  }
}
