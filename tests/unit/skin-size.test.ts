import { describe, expect, it } from 'vitest';
import { fitWithin, orientedSize } from '../../src/lib/skin/size';

describe('fitWithin', () => {
  it('brings the long side down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 512)).toEqual({ width: 512, height: 384 });
    expect(fitWithin({ width: 9000, height: 12000 }, 1280)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin({ width: 12000, height: 9000 }, 512)).toEqual({ width: 512, height: 384 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin({ width: 300, height: 200 }, 512)).toEqual({ width: 300, height: 200 });
  });

  it('keeps at least one pixel on a very thin image', () => {
    expect(fitWithin({ width: 100_000, height: 10 }, 512)).toEqual({ width: 512, height: 1 });
  });
});

describe('orientedSize', () => {
  it('swaps the sides for the quarter-turn orientations 5–8 only', () => {
    const stored = { width: 4000, height: 3000 };
    for (const o of [1, 2, 3, 4]) expect(orientedSize(stored, o)).toEqual(stored);
    for (const o of [5, 6, 7, 8]) expect(orientedSize(stored, o)).toEqual({ width: 3000, height: 4000 });
  });
});
