/** IslandFrame's watcher, against stand-ins for the frame and its astro-island. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIsland } from '../../src/lib/watch-island';

function fakeFrame() {
  const attributes = new Map([
    ['ssr', ''],
    ['component-url', '/_astro/Island.js'],
    ['renderer-url', '/_astro/client.js'],
  ]);
  const island = {
    hasAttribute: (name: string) => attributes.has(name),
    getAttribute: (name: string) => attributes.get(name) ?? null,
    hydrate: () => attributes.delete('ssr'),
  };
  const reload = { addEventListener: vi.fn() };
  const frame = {
    dataset: {} as Record<string, string>,
    querySelector: (selector: string) => (selector === 'astro-island' ? island : selector === '[data-island-reload]' ? reload : null),
  };
  return { frame: frame as unknown as HTMLElement, island, reload };
}

const TIMEOUT = 120_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchIsland', () => {
  it('wires the error’s reload button without an inline handler', () => {
    const { frame, reload } = fakeFrame();
    watchIsland(frame, TIMEOUT, () => new Promise(() => {}));
    expect(reload.addEventListener).toHaveBeenCalledWith('click', expect.any(Function));
  });

  it('imports the island’s component and renderer modules', () => {
    const { frame } = fakeFrame();
    const load = vi.fn(() => new Promise(() => {}));
    watchIsland(frame, TIMEOUT, load);
    expect(load.mock.calls).toEqual([['/_astro/Island.js'], ['/_astro/client.js']]);
  });

  it('marks the frame failed when a module fails to load', async () => {
    const { frame } = fakeFrame();
    watchIsland(frame, TIMEOUT, (url) => (url.includes('Island') ? Promise.reject(new Error('chunk')) : Promise.resolve()));
    await vi.advanceTimersByTimeAsync(0);
    expect(frame.dataset.islandState).toBe('failed');
  });

  it('marks the frame failed when the island has not hydrated by the timeout, and not before', async () => {
    const { frame } = fakeFrame();
    watchIsland(frame, TIMEOUT, () => Promise.resolve());
    await vi.advanceTimersByTimeAsync(TIMEOUT - 1);
    expect(frame.dataset.islandState).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(frame.dataset.islandState).toBe('failed');
  });

  it('leaves a hydrated island alone when the timeout passes', async () => {
    const { frame, island } = fakeFrame();
    watchIsland(frame, TIMEOUT, () => Promise.resolve());
    island.hydrate();
    await vi.advanceTimersByTimeAsync(TIMEOUT);
    expect(frame.dataset.islandState).toBeUndefined();
  });
});
