import { describe, expect, it } from 'vitest';
import { failuresText, ownFrames, runFailures, slowestFilesText } from '../setup/run-summary';

type Files = Parameters<typeof runFailures>[0];

/** A finished file as Vitest hands it to reporters, with only the fields the summary reads. */
function file(filepath: string, tasks: unknown[], errors?: unknown[]): NonNullable<Files>[number] {
  return {
    type: 'suite',
    name: filepath,
    filepath: `${process.cwd()}/${filepath}`,
    projectName: 'unit',
    tasks,
    result: { state: errors ? 'fail' : 'pass', errors },
  } as unknown as NonNullable<Files>[number];
}

const test = (name: string, error?: string) => ({
  type: 'test',
  name,
  result: error === undefined ? { state: 'pass' } : { state: 'fail', errors: [{ name: 'AssertionError', message: error }] },
});
const suite = (name: string, tasks: unknown[], error?: string) => ({
  type: 'suite',
  name,
  tasks,
  result:
    error === undefined
      ? { state: tasks.some((t) => (t as ReturnType<typeof test>).result.state === 'fail') ? 'fail' : 'pass' }
      : { state: 'fail', errors: [{ message: error }] },
});

describe('the end-of-run summary', () => {
  it('names each failed test by its file and suites, with its error’s first line, and no passed test', () => {
    const failures = runFailures([
      file('tests/unit/a.test.ts', [
        suite('outer', [test('passes'), suite('inner', [test('fails', 'expected 1 to be 2\n  at a.test.ts:3')])]),
        test('top-level fails', 'boom'),
      ]),
      file('tests/unit/b.test.ts', [test('passes too')]),
    ]);
    expect(failures).toEqual([
      { where: 'unit: tests/unit/a.test.ts > outer > inner > fails', error: 'expected 1 to be 2' },
      { where: 'unit: tests/unit/a.test.ts > top-level fails', error: 'boom' },
    ]);
  });

  it('counts a suite whose hook failed, a file that failed to load, and an error outside any file', () => {
    const failures = runFailures(
      [
        file('tests/unit/hook.test.ts', [suite('built once', [test('skipped by the hook')], 'Hook timed out in 300000ms.')]),
        file('tests/unit/broken.test.ts', [], [{ message: 'Cannot find module ./gone' }]),
      ],
      [{ name: 'Error', message: '[vitest-worker]: Timeout calling "onTaskUpdate"' }],
    );
    expect(failures).toEqual([
      { where: 'unit: tests/unit/hook.test.ts > built once', error: 'Hook timed out in 300000ms.' },
      { where: 'unit: tests/unit/broken.test.ts', error: 'Cannot find module ./gone' },
      { where: '(outside any test)', error: '[vitest-worker]: Timeout calling "onTaskUpdate"' },
    ]);
  });

  it('shortens a long error line and prints one entry per failure', () => {
    const [failure] = runFailures([file('tests/unit/long.test.ts', [test('long', 'x'.repeat(1000))])]);
    expect(failure?.error.length).toBeLessThanOrEqual(301);
    expect(failuresText([failure!, failure!]).split('\n')).toHaveLength(1 + 2 * 2);
    expect(failuresText([])).toBe('');
  });

  it('says which lines of the project threw: its own frames, innermost first, none from dependencies', () => {
    const root = '/work/app';
    const stack = [
      'Error: locator.waitFor: Timeout 30000ms exceeded.',
      '    at file:///work/app/node_modules/playwright-core/lib/client/locator.js:20:5',
      '    at untilBellDot (/work/app/tests/e2e/favorite-journeys.test.ts:93:9)',
      '    at /work/app/tests/e2e/favorite-journeys.test.ts:186:7',
      '    at file:///work/app/node_modules/@vitest/runner/dist/chunk-hooks.js:752:20',
      '    at /elsewhere/tests/outside.ts:1:1',
    ].join('\n');
    expect(ownFrames(stack, root)).toBe('tests/e2e/favorite-journeys.test.ts:93:9 ← tests/e2e/favorite-journeys.test.ts:186:7');
    expect(ownFrames('Error: boom\n    at node:internal/timers:1:1', root)).toBeUndefined();
    expect(ownFrames(undefined, root)).toBeUndefined();

    const deep = Array.from({ length: 5 }, (_, i) => `    at ${root}/tests/e2e/deep.ts:${i + 1}:1`).join('\n');
    expect(ownFrames(deep, root)?.split(' ← ')).toHaveLength(3);
  });

  it('prints a failure’s frames on a line of their own', () => {
    const [failure] = runFailures([
      file('tests/unit/where.test.ts', [
        {
          type: 'test',
          name: 'waits',
          result: {
            state: 'fail',
            errors: [{ message: 'locator.waitFor: Timeout', stack: `Error: x\n    at ${process.cwd()}/tests/unit/where.test.ts:7:3` }],
          },
        },
      ]),
    ]);
    expect(failure).toEqual({
      where: 'unit: tests/unit/where.test.ts > waits',
      error: 'locator.waitFor: Timeout',
      at: 'tests/unit/where.test.ts:7:3',
    });
    expect(failuresText([failure!]).split('\n')).toEqual([
      'Failed (1):',
      '  ✗ unit: tests/unit/where.test.ts > waits',
      '      locator.waitFor: Timeout',
      '      at tests/unit/where.test.ts:7:3',
    ]);
  });

  it('lists the slowest files first, ten at most', () => {
    const times = Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, ms: i * 1000 }));
    const lines = slowestFilesText(times).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toContain('f11');
    expect(lines[10]).toContain('f2');
  });
});
