import { describe, expect, it } from 'vitest';
import { stableFeed } from '../../src/lib/stable-feed';

const items = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('stable feed pages', () => {
  it('shows the newest on top and counts archive pages from the oldest', () => {
    const feed = stableFeed(items(7), 3);
    expect(feed.latest).toEqual([7, 6, 5]);
    expect(feed.archive).toEqual([
      { page: 1, items: [3, 2, 1] },
      { page: 2, items: [6, 5, 4] },
      { page: 3, items: [7] },
    ]);
    // Below the top page comes item 4, on archive page 2.
    expect(feed.continueAt).toBe(2);
    expect(feed.pages).toBe(3);
  });

  it('makes only the newest `keep` archive pages, numbered as before, and still continues from the top page', () => {
    const whole = stableFeed(items(20), 3);
    const kept = stableFeed(items(20), 3, 2);
    expect(kept.archive).toEqual(whole.archive.slice(-2));
    expect(kept.archive.map((page) => page.page)).toEqual([6, 7]);
    expect(kept.pages).toBe(7);
    expect(kept.latest).toEqual(whole.latest);
    expect(kept.continueAt).toBe(whole.continueAt);
    expect(kept.archive.some((page) => page.page === kept.continueAt)).toBe(true);
    expect(() => stableFeed(items(20), 3, 1)).toThrow(/at least 2/);
  });

  it('leaves every full archive page as it was when an item is added', () => {
    const before = stableFeed(items(7), 3);
    const after = stableFeed(items(8), 3);
    expect(after.archive.slice(0, 2)).toEqual(before.archive.slice(0, 2));
    expect(after.archive[2]).toEqual({ page: 3, items: [8, 7] });
  });

  it('has nothing to continue to when everything fits on top', () => {
    expect(stableFeed(items(3), 3).continueAt).toBeNull();
    expect(stableFeed([], 3)).toEqual({ latest: [], archive: [], pages: 0, continueAt: null });
  });
});
