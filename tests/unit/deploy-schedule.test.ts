/**
 * The publisher's deploy schedule (scripts/deploy/deploy-schedule.ts):
 * pages after every build, the full-text index at most once per interval,
 * one deploy at a time, a failed one tried again with the index.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeploySchedule } from '../../scripts/deploy/deploy-schedule';

const EVERY = 300_000;
const RETRY = 60_000;
let sent: { at: number; index: boolean }[];
let failNext = 0;
let running = 0;
let overlapped = false;
let schedule: DeploySchedule;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sent = [];
  failNext = 0;
  running = 0;
  overlapped = false;
  schedule = new DeploySchedule(
    async ({ holdSearchIndex }) => {
      overlapped ||= running > 0;
      running++;
      // A deploy takes a few seconds.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      running--;
      if (failNext > 0) {
        failNext--;
        throw new Error('503');
      }
      sent.push({ at: Date.now(), index: !holdSearchIndex });
    },
    { everyMs: EVERY, retryMs: RETRY },
  );
});
afterEach(() => {
  schedule.stop();
  vi.useRealTimers();
});

/** A build's deploy, run to its end on the fake clock. */
async function build(): Promise<void> {
  const done = schedule.afterBuild();
  await vi.advanceTimersByTimeAsync(3_000);
  await done;
}

describe('the deploy schedule', () => {
  it('sends the index with the first build, then pages alone until the interval has passed', async () => {
    await build();
    await vi.advanceTimersByTimeAsync(60_000);
    await build();
    await vi.advanceTimersByTimeAsync(EVERY);
    await build();
    expect(sent.map(({ index }) => index)).toEqual([true, false, true]);
  });

  it('sends a new index at its turn with no build after it, once for several indexes', async () => {
    await build();
    await vi.advanceTimersByTimeAsync(30_000);
    schedule.afterSearchIndex();
    await vi.advanceTimersByTimeAsync(60_000);
    schedule.afterSearchIndex();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(sent).toEqual([
      { at: 3_000, index: true },
      // The first deploy started at 0: the index's turn comes at 300 s, and that deploy ends 3 s later.
      { at: EVERY + 3_000, index: true },
    ]);
  });

  it('runs one deploy at a time, in the order asked', async () => {
    const first = schedule.afterBuild();
    const second = schedule.afterBuild();
    await vi.advanceTimersByTimeAsync(6_000);
    await Promise.all([first, second]);
    expect(overlapped).toBe(false);
    expect(sent).toEqual([
      { at: 3_000, index: true },
      { at: 6_000, index: false },
    ]);
  });

  it('tries a failed deploy again, with the index, and the build that asked is not failed', async () => {
    await build();
    await vi.advanceTimersByTimeAsync(10_000);
    failNext = 1;
    await expect(build()).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RETRY + 3_000);
    expect(sent.at(-1)).toEqual({ at: 3_000 + 10_000 + 3_000 + RETRY + 3_000, index: true });
  });
});
