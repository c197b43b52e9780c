import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCulprits, NotARecordError } from '../../scripts/lib/find-culprits';

/** A step over items 0..n-1 that fails while any of `bad` is in, naming the lowest one. */
function stepFailingOn(bad: ReadonlySet<number>) {
  let probes = 0;
  const fails = async (without: ReadonlySet<number>) => {
    probes++;
    const present = [...bad].filter((item) => !without.has(item)).sort((a, b) => a - b);
    return present.length > 0 ? `fails on ${present[0]}` : null;
  };
  return { fails, probes: () => probes };
}

describe('findCulprits', () => {
  it('finds every bad item, and only those, among many (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 400 })
          .chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 5 }))),
        async ([n, badList]) => {
          const bad = new Set(badList);
          const step = stepFailingOn(bad);
          const candidates = Array.from({ length: n }, (_, i) => i);
          const found = await findCulprits({ candidates, fails: step.fails }, `fails on ${Math.min(...bad)}`);
          expect(new Set(found.map((culprit) => culprit.item))).toEqual(bad);
          // Each culprit is named with the failure it caused.
          for (const culprit of found) expect(culprit.message).toBe(`fails on ${culprit.item}`);
          // Halving: about log2(n) + 2 probes per culprit, not n.
          expect(step.probes()).toBeLessThanOrEqual(bad.size * (Math.ceil(Math.log2(n)) + 3) + 1);
        },
      ),
      { seed: 38, numRuns: 200 },
    );
  });

  it('tries the guesses first: a right guess costs two probes', async () => {
    const step = stepFailingOn(new Set([7]));
    const candidates = Array.from({ length: 1000 }, (_, i) => i);
    const found = await findCulprits({ candidates, guesses: [7], fails: step.fails }, 'fails on 7');
    expect(found).toEqual([{ item: 7, message: 'fails on 7' }]);
    expect(step.probes()).toBe(1);
  });

  it('passes over wrong guesses', async () => {
    const step = stepFailingOn(new Set([3]));
    const found = await findCulprits({ candidates: [0, 1, 2, 3, 4, 5], guesses: [5, 1], fails: step.fails }, 'fails on 3');
    expect(found.map((culprit) => culprit.item)).toEqual([3]);
  });

  it('blames no record when the step fails without any', async () => {
    const fails = async () => 'broken code';
    await expect(findCulprits({ candidates: [1, 2, 3], fails }, 'broken code')).rejects.toThrow(NotARecordError);
  });

  it('stops at `max` culprits', async () => {
    const step = stepFailingOn(new Set([1, 2, 3, 4]));
    const found = await findCulprits({ candidates: [0, 1, 2, 3, 4, 5], fails: step.fails, max: 2 }, 'fails on 1');
    expect(found).toHaveLength(2);
  });
});
