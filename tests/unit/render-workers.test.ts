import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, HELD_HEAP_GROWING_PERCENT, heapGrowthWithin, workersWithin } from '../../scripts/renderer/pool';

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

describe("how far a full build lets its render workers' heaps grow", () => {
  /** The growth for `workers` workers of `workerMb` beside a main thread of `mainMb`, on as many cores as workers. */
  const growth = (budget: number, workerMb: number, workers: number, mainMb = 0, cores = workers) =>
    heapGrowthWithin(budget, { workerMb, workers, mainMb }, cores);

  it('grows them far where the budget has room: 10,000 × 0, two workers of 81 MB', () => {
    expect(growth(2048, 81, 2, 40)).toBe(200);
  });

  it('grows them only as far as the room left: 10,000 × 20, two workers of 248 MB', () => {
    // 2,048 MB less the 1,100 beside the workers, shared by two heaps of 248 MB × 1.15 while rendering: 66 % more.
    expect(growth(2048, 248, 2)).toBe(66);
  });

  it("counts the main thread's heap, which the same flag grows: 100,000 × 0's slices, workers of 100 MB", () => {
    // Two slice workers alone would have room for the most; beside a main thread of 150 MB, (200 + 150) × 1.15 MB
    // share the 948 MB of room: 135 % more.
    expect(growth(2048, 100, 2)).toBe(200);
    expect(growth(2048, 100, 2, 150)).toBe(135);
    for (let mainMb = 0; mainMb < 1000; mainMb += 50)
      expect(growth(2048, 100, 2, mainMb + 50)).toBeLessThanOrEqual(growth(2048, 100, 2, mainMb));
  });

  it('grows them tighter still where the memory already held the build to fewer workers than cores', () => {
    // 100,000 × 0: one worker of 540 MB on two cores.
    expect(HELD_HEAP_GROWING_PERCENT).toBeLessThan(HEAP_GROWING_PERCENT);
    expect(growth(2048, 540, 1, 150, 2)).toBe(HELD_HEAP_GROWING_PERCENT);
    expect(growth(8192, 540, 1, 150, 2)).toBe(HELD_HEAP_GROWING_PERCENT);
    expect(growth(2048, 540, 2, 150, 4)).toBe(HELD_HEAP_GROWING_PERCENT);
  });

  it('never grows them less than the tight growth, nor more than the roomy one', () => {
    for (const heap of [10, 81, 248, 573, 2000])
      for (const workers of [1, 2, 4])
        for (let budget = 500; budget <= 16000; budget += 500) {
          const percent = growth(budget, heap, workers, heap / 2);
          expect(percent).toBeGreaterThanOrEqual(HEAP_GROWING_PERCENT);
          expect(percent).toBeLessThanOrEqual(200);
        }
  });

  it('grows them more with a larger budget, and less with larger heaps or more workers', () => {
    for (const heap of [50, 200, 700])
      for (let budget = 1000; budget < 8000; budget += 250) {
        expect(growth(budget + 250, heap, 2, 60)).toBeGreaterThanOrEqual(growth(budget, heap, 2, 60));
        expect(growth(budget, heap + 50, 2, 60)).toBeLessThanOrEqual(growth(budget, heap, 2, 60));
        expect(growth(budget, heap, 3, 60)).toBeLessThanOrEqual(growth(budget, heap, 2, 60));
      }
  });
});
