import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUILD_MEMORY_MB, exportHeapMb, memoryBudgetMb } from '../../scripts/lib/memory-budget';

const saved = process.env.BUILD_MEMORY_MB;
afterEach(() => {
  if (saved === undefined) delete process.env.BUILD_MEMORY_MB;
  else process.env.BUILD_MEMORY_MB = saved;
});

describe('the memory budget', () => {
  it('is the option, else BUILD_MEMORY_MB, else 2,048 MiB', () => {
    delete process.env.BUILD_MEMORY_MB;
    expect(memoryBudgetMb()).toBe(DEFAULT_BUILD_MEMORY_MB);
    expect(DEFAULT_BUILD_MEMORY_MB).toBe(2048);
    process.env.BUILD_MEMORY_MB = '4096';
    expect(memoryBudgetMb()).toBe(4096);
    expect(memoryBudgetMb(1024)).toBe(1024);
  });

  it('fails at once on a value that is not a number of MiB', () => {
    expect(() => memoryBudgetMb('2GB')).toThrow(/BUILD_MEMORY_MB must be a number of MiB/);
    expect(() => memoryBudgetMb(-1)).toThrow(/BUILD_MEMORY_MB/);
  });

  it("leaves room beside the export's heap, and never less than 512 MiB of heap", () => {
    expect(exportHeapMb(2048)).toBe(1536);
    expect(exportHeapMb(600)).toBe(512);
  });
});
