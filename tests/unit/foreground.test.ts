import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { inForeground, runInBackground } from '../../scripts/lib/foreground';

/** The kernel's state letter of a process: T when stopped. */
const stateOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
/** Waits for the process to have acted on the last signal (delivery is not instant). */
const expectStopped = (pid: number) => expect.poll(() => stateOf(pid), { timeout: 2000 }).toBe('T');
const expectGoingOn = (pid: number) => expect.poll(() => stateOf(pid), { timeout: 2000 }).not.toBe('T');

const started: ChildProcess[] = [];
/** A background command that sleeps until killed, and its pid. */
async function backgroundSleep(): Promise<{ pid: number; done: Promise<string> }> {
  let child: ChildProcess | undefined;
  const done = runInBackground('sleep', ['60'], { quiet: true, onSpawn: (spawned) => (child = spawned) });
  done.catch(() => undefined);
  started.push(child!);
  return { pid: child!.pid!, done };
}

afterEach(() => {
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
      done = runInBackground('echo', ['indexed'], { quiet: true });
    });
    await expect(done).resolves.toBe('indexed\n');
  });
});
