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
/** What each deploy that started was told to look at: the paths, or 'walk' (the whole site). */
let looked: (string[] | 'walk')[];
let failNext = 0;
let running = 0;
let overlapped = false;
let schedule: DeploySchedule;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sent = [];
  looked = [];
  failNext = 0;
  running = 0;
  overlapped = false;
  schedule = new DeploySchedule(
    async ({ holdSearchIndex, changedPaths }) => {
      looked.push(changedPaths ? [...changedPaths].sort() : 'walk');
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

/** A build's deploy, run to its end on the fake clock; `changed`: the build's changedFiles (null: a full build). */
async function build(changed: string[] | null = []): Promise<void> {
  const done = schedule.afterBuild(changed && new Set(changed));
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
    const first = schedule.afterBuild(new Set());
    const second = schedule.afterBuild(new Set());
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

  it('has a page deploy look at the paths the builds changed since the last deploy started, and walk the site when that is not known', async () => {
    // At start nothing is known of what the last release holds.
    await build(['a.html']);
    await build(['b.html']);
    // Two builds before their deploys start: the first deploy looks at both, the second at nothing new.
    const first = schedule.afterBuild(new Set(['c.html']));
    const second = schedule.afterBuild(new Set(['d.html', 'c.html']));
    await vi.advanceTimersByTimeAsync(6_000);
    await Promise.all([first, second]);
    // A full build: every file may be new.
    await build(null);
    await build(['e.html']);
    expect(looked).toEqual(['walk', ['b.html'], ['c.html', 'd.html'], [], 'walk', ['e.html']]);
    expect(sent.map(({ index }) => index)).toEqual([true, false, false, false, false, false]);
  });

  it('walks the site after a failed deploy, and the index deploy walks it too', async () => {
    await build(['a.html']);
    failNext = 1;
    await build(['b.html']);
    await build(['c.html']);
    await vi.advanceTimersByTimeAsync(EVERY);
    schedule.afterSearchIndex();
    await vi.advanceTimersByTimeAsync(3_000);
    await build(['d.html']);
    // The failed deploy looked at b.html; the next one cannot know what the release lacks (it went before the retry,
    // which it makes needless), and the index deploy walks the site whatever is known.
    expect(looked).toEqual(['walk', ['b.html'], 'walk', 'walk', ['d.html']]);
    expect(sent.map(({ index }) => index)).toEqual([true, false, true, false]);
  });
});
