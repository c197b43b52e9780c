import { describe, expect, it } from 'vitest';
import { forget, MemoSlot, memoized, recall, remember } from '../../src/data/export-memo';

describe('the per-export memo', () => {
  const COUNT = new MemoSlot<number>('count');
  const NAME = new MemoSlot<string>('name');

  it('derives a slot once per owner, and keeps slots and owners apart', () => {
    const [a, b] = [{}, {}];
    let calls = 0;
    const derive = () => ++calls;
    expect(memoized(a, COUNT, derive)).toBe(1);
    expect(memoized(a, COUNT, derive)).toBe(1);
    expect(memoized(b, COUNT, derive)).toBe(2);
    expect(recall(a, NAME)).toBeUndefined();
    expect(remember(a, NAME, 'みう')).toBe('みう');
    expect(recall(a, NAME)).toBe('みう');
    expect(recall(b, NAME)).toBeUndefined();
  });

  it('keeps a falsy value as derived, and forgets a slot when asked', () => {
    const owner = {};
    let calls = 0;
    expect(
      memoized(owner, COUNT, () => {
        calls++;
        return 0;
      }),
    ).toBe(0);
    expect(memoized(owner, COUNT, () => ++calls)).toBe(0);
    forget(owner, COUNT);
    expect(recall(owner, COUNT)).toBeUndefined();
    expect(memoized(owner, COUNT, () => 7)).toBe(7);
  });
});
