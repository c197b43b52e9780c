import { describe, expect, it } from 'vitest';
import { workersWithin } from '../../scripts/renderer/pool';

describe('how many render workers a full build runs within its memory', () => {
  it('runs one per core while they fit', () => {
    // 10,000 × 0: a worker holds about 100 MB.
    expect(workersWithin(2048, 100, 2)).toBe(2);
    expect(workersWithin(2048, 100, 4)).toBe(4);
  });

  it('runs fewer when one more would not fit, the budget counting what each may grow to', () => {
    // Two workers of 400 MB live may reach 1,200 MB together: with what runs beside them, past 2 GB.
    expect(workersWithin(2048, 400, 2)).toBe(1);
    expect(workersWithin(4096, 400, 2)).toBe(2);
    expect(workersWithin(3000, 400, 4)).toBe(3);
  });

  it('runs two at 10,000 × 20 and one at 100,000 × 0 within 2 GB (as the listing worker measured there)', () => {
    expect(workersWithin(2048, 248, 2)).toBe(2);
    expect(workersWithin(2048, 888, 2)).toBe(1);
  });

  it('never runs fewer than one, however large the export', () => {
    expect(workersWithin(2048, 5000, 2)).toBe(1);
    expect(workersWithin(100, 10, 2)).toBe(1);
  });

  it('gives more workers to a larger budget, never fewer', () => {
    for (const heap of [50, 200, 700, 1500])
      for (let budget = 500; budget < 8000; budget += 250)
        expect(workersWithin(budget + 250, heap, 8)).toBeGreaterThanOrEqual(workersWithin(budget, heap, 8));
  });
});
