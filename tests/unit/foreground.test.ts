import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Foreground } from '../../scripts/lib/foreground';

/** The kernel's state letter of a process: T when stopped. */
const stateOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
/** Waits for the process to have acted on the last signal (delivery is not instant). */
const expectStopped = (pid: number) => expect.poll(() => stateOf(pid), { timeout: 2000 }).toBe('T');
const expectGoingOn = (pid: number) => expect.poll(() => stateOf(pid), { timeout: 2000 }).not.toBe('T');

/** A short settling time, so the tests see the whole pause. */
const SETTLE_MS = 300;
let foreground = new Foreground(SETTLE_MS);
const inForeground = <T>(task: () => Promise<T>) => foreground.run(task);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started: ChildProcess[] = [];
/** A background command that sleeps until killed, and its pid. */
async function backgroundSleep(): Promise<{ pid: number; done: Promise<string> }> {
  let child: ChildProcess | undefined;
  const done = foreground.runInBackground('sleep', ['60'], { quiet: true, onSpawn: (spawned) => (child = spawned) });
  done.catch(() => undefined);
  started.push(child!);
  return { pid: child!.pid!, done };
}

afterEach(() => {
  foreground = new Foreground(SETTLE_MS);
  for (const child of started.splice(0)) {
    child.kill('SIGKILL');
  }
});

describe('background commands', () => {
  it('are paused while foreground work runs, and go on after it', async () => {
    const { pid } = await backgroundSleep();
    await expectGoingOn(pid);
    await inForeground(async () => {
      await expectStopped(pid);
    });
    await expectGoingOn(pid);
  });

  it('stay paused until the last of overlapping foreground tasks is done', async () => {
    const { pid } = await backgroundSleep();
    let finishFirst!: () => void;
    const first = inForeground(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    await inForeground(async () => {
      await expectStopped(pid);
      finishFirst();
      await first;
      // Time enough for a wrongly sent SIGCONT to take effect (signals take milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stateOf(pid)).toBe('T');
    });
    await expectGoingOn(pid);
  });

  it('start paused when foreground work is running, and go on when it is done (even if it failed)', async () => {
    let pid = 0;
    await expect(
      inForeground(async () => {
        pid = (await backgroundSleep()).pid;
        await expectStopped(pid);
        throw new Error('the build failed');
      }),
    ).rejects.toThrow('the build failed');
    await expectGoingOn(pid);
  });

  it('finish as usual once no foreground work runs: the output of a command that exits', async () => {
    let done!: Promise<string>;
    await inForeground(async () => {
      done = foreground.runInBackground('echo', ['indexed'], { quiet: true });
    });
    await expect(done).resolves.toBe('indexed\n');
  });

  it('go on only once the machine has been quiet for the settling time', async () => {
    const { pid } = await backgroundSleep();
    await inForeground(() => expectStopped(pid));
    const ended = Date.now();
    await expectGoingOn(pid);
    expect(Date.now() - ended).toBeGreaterThanOrEqual(SETTLE_MS - 50);
  });

  it('stay paused when foreground work comes again within the settling time', async () => {
    const { pid } = await backgroundSleep();
    await inForeground(() => expectStopped(pid));
    await sleep(SETTLE_MS / 2);
    let finish!: () => void;
    const second = inForeground(() => new Promise<void>((resolve) => (finish = resolve)));
    // Past the first task's settling time: the second one keeps it paused.
    await sleep(SETTLE_MS);
    expect(stateOf(pid)).toBe('T');
    finish();
    await second;
    await expectGoingOn(pid);
  });

  it('start paused within the settling time, and go on when it has passed', async () => {
    await inForeground(async () => undefined);
    const { pid } = await backgroundSleep();
    await expectStopped(pid);
    await expectGoingOn(pid);
  });
});

describe('the settling time', () => {
  it('is none in a one-shot process: the background goes on as the task ends', async () => {
    foreground = new Foreground(0);
    const { pid } = await backgroundSleep();
    await inForeground(() => expectStopped(pid));
    const ended = Date.now();
    await expectGoingOn(pid);
    expect(Date.now() - ended).toBeLessThan(SETTLE_MS);
  });

  it('is what the live loop asks for once it starts', async () => {
    foreground = new Foreground(0);
    foreground.settleAfterEachTask(SETTLE_MS);
    await inForeground(async () => undefined);
    const ended = Date.now();
    await foreground.quiet(10_000);
    expect(Date.now() - ended).toBeGreaterThanOrEqual(SETTLE_MS - 50);
  });
});

describe('quiet()', () => {
  it('resolves at once on a quiet machine', async () => {
    const started = Date.now();
    await foreground.quiet(10_000);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('waits for the foreground work and the settling time after it', async () => {
    let finish!: () => void;
    const task = inForeground(() => new Promise<void>((resolve) => (finish = resolve)));
    let quiet = false;
    const waiting = foreground.quiet(10_000).then(() => (quiet = true));
    await sleep(SETTLE_MS * 2);
    expect(quiet).toBe(false);
    finish();
    await task;
    const ended = Date.now();
    await waiting;
    expect(Date.now() - ended).toBeGreaterThanOrEqual(SETTLE_MS - 50);
  });

  it('gives up after maxMs under a steady stream of foreground work', async () => {
    let finish!: () => void;
    const task = inForeground(() => new Promise<void>((resolve) => (finish = resolve)));
    const started = Date.now();
    await foreground.quiet(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(SETTLE_MS * 3);
    finish();
    await task;
  });
});
