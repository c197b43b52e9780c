import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const liveHeapModule = fileURLToPath(new URL('../../scripts/renderer/live-heap.ts', import.meta.url));

/**
 * Run in a process of its own, on the Node that runs the tests: resident memory is the whole process's, and a test
 * beside others would see theirs. It holds records, lets go of them, collects, and waits up to 5 s for the pages to
 * go back (Node 20's V8 gives them back on a background thread; Node 22's only in the collection itself).
 */
const child = `
const { collectGarbage } = await import(${JSON.stringify(liveHeapModule)});
const { getHeapStatistics } = await import('node:v8');
const rss = () => process.memoryUsage().rss;
const used = () => getHeapStatistics().used_heap_size;
let records = Array.from({ length: 2_000_000 }, (_, i) => ({ name: 'record ' + i, days: [i, i + 1] }));
collectGarbage();
const holding = { rss: rss(), used: used() };
records = undefined;
collectGarbage();
const freedHeap = holding.used - used();
const deadline = Date.now() + 5000;
while (holding.rss - rss() < freedHeap * 0.6 && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 100));
console.log(JSON.stringify({ freedHeap, freedResident: holding.rss - rss() }));
`;

describe('collectGarbage', () => {
  it('frees what nothing holds, and hands the pages back to the system', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], { encoding: 'utf8' });
    const { freedHeap, freedResident } = JSON.parse(output) as { freedHeap: number; freedResident: number };
    // 2,000,000 records of a string and an array: about 334 MB of heap on Node 20 and 22 alike.
    expect(freedHeap).toBeGreaterThan(250 * 2 ** 20);
    // Node 22 without the last-resort collection: 15–24 MB of them back, the rest kept for the heap's own reuse; with
    // it (and on Node 20), 336–339 MB.
    expect(freedResident).toBeGreaterThan(freedHeap * 0.6);
  });
});
