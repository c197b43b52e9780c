import fc from 'fast-check';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { shareRepeatedStrings } from '../../src/data/shared-strings';
import { collectGarbage } from '../../scripts/renderer/live-heap';

/** This thread's heap in bytes after a full collection. */
function liveBytes(): number {
  collectGarbage();
  return getHeapStatistics().used_heap_size;
}

describe('shareRepeatedStrings', () => {
  it('changes no value, and returns the records it was given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const before = structuredClone(value);
        expect(shareRepeatedStrings(value)).toBe(value);
        expect(value).toEqual(before);
      }),
    );
  });

  it('keeps one string for each repeated short value (the only way to see it is the heap)', () => {
    // 20 characters: longer than any value JSON.parse shares itself on Node 20, so this holds on 20 and 22 alike.
    const text = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ date: `2026-12-05T${String(i % 100).padStart(9, '0')}` })));
    const heldBy = (share: boolean): number => {
      const before = liveBytes();
      const records: unknown = JSON.parse(text);
      if (share) shareRepeatedStrings(records);
      const held = liveBytes() - before;
      expect(records).toHaveLength(100_000);
      return held;
    };
    const unshared = heldBy(false);
    const shared = heldBy(true);
    // Unshared, an element holds about 80 bytes: its slot (8), its object (32) and its own string (40). Shared, 40.
    expect(shared).toBeLessThan(unshared * 0.6);
  });
});
