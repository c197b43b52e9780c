import { describe, expect, it } from 'vitest';
import { eachAtMost } from '../../src/lib/each-at-most';

/** A task that waits for the test to let it end, recording how many run at once. */
function gatedTasks() {
  const started: number[] = [];
  const release = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  const task = async (item: number) => {
    started.push(item);
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => release.set(item, resolve));
    running--;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { task, started, release, most: () => most, settle };
}

describe('eachAtMost', () => {
  it('runs at most `limit` tasks at once, starting each in order as an earlier one ends', async () => {
    const { task, started, release, most, settle } = gatedTasks();
    const done = eachAtMost([0, 1, 2, 3, 4], 2, task);
    await settle();
    expect(started).toEqual([0, 1]);
    release.get(1)!();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const item of [0, 2, 3, 4]) {
      await settle();
      release.get(item)!();
    }
    await done;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most()).toBe(2);
  });

  it('gives each task its index, and ends at once for no items', async () => {
    const seen: [string, number][] = [];
    await eachAtMost(['a', 'b', 'c'], 5, async (item, index) => {
      seen.push([item, index]);
    });
    expect(seen).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    await expect(eachAtMost([], 3, () => Promise.reject(new Error('never called')))).resolves.toBeUndefined();
  });

  it('rejects with the first failure and starts no task after it', async () => {
    const started: number[] = [];
    const failing = eachAtMost([0, 1, 2, 3], 1, async (item) => {
      started.push(item);
      if (item === 1) throw new Error('task 1 failed');
    });
    await expect(failing).rejects.toThrow('task 1 failed');
    expect(started).toEqual([0, 1]);
  });
});
