import { describe, expect, it } from 'vitest';
import { CycleQueue, type CycleRequest } from '../../scripts/lib/cycle-queue';

/** A queue whose cycles wait until the test lets each one finish. */
function blockedQueue() {
  const ran: CycleRequest[] = [];
  const releases: (() => void)[] = [];
  const queue = new CycleQueue(async (cycle) => {
    ran.push({ reasons: [...cycle.reasons], everyDay: cycle.everyDay, collections: cycle.collections && new Set(cycle.collections) });
    await new Promise<void>((resolve) => releases.push(resolve));
  });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queue, ran, release: async () => (releases.shift()!(), await tick()), tick };
}

describe('CycleQueue', () => {
  it('runs one cycle at a time, and requests that come while one waits join it', async () => {
    const { queue, ran, release, tick } = blockedQueue();
    const first = queue.request('changed: accounts', { collections: ['accounts'] });
    await tick();
    expect(ran.map((cycle) => cycle.reasons)).toEqual([['changed: accounts']]);
    // The first cycle runs: these three wait together for the next one.
    const joined = [
      queue.request('changed: accounts', { collections: ['accounts'] }),
      queue.request('changed: blogs', { collections: ['blogs'] }),
      queue.request('a new day in Tokyo', { everyDay: true }),
    ];
    await tick();
    expect(ran).toHaveLength(1);
    await release();
    await first;
    expect(ran).toEqual([
      { reasons: ['changed: accounts'], everyDay: false, collections: new Set(['accounts']) },
      // The new day names no collection: that cycle reads them all.
      { reasons: ['changed: accounts', 'changed: blogs', 'a new day in Tokyo'], everyDay: true, collections: null },
    ]);
    await release();
    await Promise.all(joined);
    // A request after that cycle started is a cycle of its own.
    const later = queue.request('changed: schedules');
    await tick();
    expect(ran).toHaveLength(3);
    await release();
    await later;
  });

  it('reads only the collections its joined requests name as changed', async () => {
    const { queue, ran, release, tick } = blockedQueue();
    void queue.request('first');
    await tick();
    const joined = [
      queue.request('changed: accounts', { collections: ['accounts'] }),
      queue.request('changed: blogs, deletions', { collections: ['blogs', 'deletions'] }),
    ];
    await release();
    expect(ran.map((cycle) => cycle.collections)).toEqual([null, new Set(['accounts', 'blogs', 'deletions'])]);
    await release();
    await Promise.all(joined);
  });

  it('resolves every joined request with the cycle that took it', async () => {
    const { queue, release, tick } = blockedQueue();
    void queue.request('first');
    await tick();
    let settled = 0;
    for (const reason of ['a', 'b']) void queue.request(reason).then(() => settled++);
    await release();
    expect(settled).toBe(0);
    await release();
    expect(settled).toBe(2);
  });

  it('runs a task queued with after() before later requests', async () => {
    const order: string[] = [];
    const queue = new CycleQueue(async (cycle) => void order.push(cycle.reasons.join()));
    const first = queue.after(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push('first build');
    });
    const next = queue.request('changed: accounts');
    await Promise.all([first, next]);
    expect(order).toEqual(['first build', 'changed: accounts']);
  });
});
