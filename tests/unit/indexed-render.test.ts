import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { close } from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexedRender } from '../../scripts/lib/indexed-render';
import {
  partitionSearch,
  searchPartListBytes,
  searchPartPath,
  type IndexPartKind,
  type SearchPartition,
  type SearchPartList,
} from '../../src/lib/search/index-parts';

const kindOf = (url: string): IndexPartKind | undefined =>
  url.startsWith('/profile/') ? 'directory' : url.startsWith('/store-profile/') ? 'stores' : url.startsWith('/blogs') ? 'blogs' : undefined;
/** The test's URLs cut as a build cuts them: one part of each kind unless `limits` are lowered. */
const partitionOf = (urls: readonly string[], limits = { directory: 1000, stores: 1000, blogs: 1000 }): SearchPartition =>
  partitionSearch(urls, kindOf, limits);
const page = (url: string) =>
  `<!doctype html><html lang="ja"><body><main id="main" data-pagefind-body><h1>${url}</h1><p>アロマ ${url}</p></main></body></html>`;

/** Two render workers as scripts/renderer/pool.ts runs them: each asks for its next batch while the last one's answers are handled. */
/** The pages Pagefind's entry file of the bundle at `bundlePath` (under the index folder `out`) counts. */
async function pageCount(out: string, bundlePath: string): Promise<number> {
  const entry = JSON.parse(await readFile(path.join(out, bundlePath.replace(/^\/pagefind\//, ''), 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}

/** Renders every URL of `order` and answers with the index's part list for the parts written. */
async function renderAll(
  order: IndexedRender,
  log: string[],
  onBatch: (urls: string[]) => void = () => undefined,
): Promise<SearchPartList> {
  const stop = new AbortController().signal;
  const worker = async () => {
    let batch = order.next(48, stop);
    for (let urls = await batch; urls; urls = await batch) {
      onBatch(urls);
      batch = order.next(48, stop);
      await new Promise((resolve) => setTimeout(resolve, 1));
      for (const url of urls) {
        log.push(url);
        await order.rendered(url, `${url.slice(1)}.html`, kindOf(url) ? page(url) : undefined);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return JSON.parse(searchPartListBytes(await order.finished())) as SearchPartList;
}

describe("a full build's render order", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('renders every URL once, each part of the index taken in and written before the next one takes pages', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    const urls = [
      ...Array.from({ length: 300 }, (_, i) => `/schedule/th-${i}`),
      ...Array.from({ length: 130 }, (_, i) => `/profile/p${i}`),
      ...Array.from({ length: 20 }, (_, i) => `/store-profile/s${i}`),
      ...Array.from({ length: 70 }, (_, i) => `/blogs/page/${i + 2}`),
    ];
    const order = new IndexedRender(urls, partitionOf(urls), out);
    const log: string[] = [];
    // Pagefind holds one part at a time: the first blog page is handed out once the directory's index is written.
    let directoryWrittenBeforeBlogs: boolean | undefined;
    const list = await renderAll(order, log, (batch) => {
      if (directoryWrittenBeforeBlogs === undefined && batch.some((url) => kindOf(url) === 'blogs'))
        directoryWrittenBeforeBlogs = order.timings['index directory written'] !== undefined;
    });
    expect(directoryWrittenBeforeBlogs).toBe(true);

    expect([...log].sort()).toEqual([...urls].sort());
    const lastProfile = Math.max(...log.flatMap((url, at) => (kindOf(url) === 'directory' ? [at] : [])));
    const firstBlog = log.findIndex((url) => kindOf(url) === 'blogs');
    expect(firstBlog).toBeGreaterThan(lastProfile);
    expect(order.timings['index directory written']).toBeLessThanOrEqual(order.timings['index stores taken in']!);
    expect(order.timings['index stores written']).toBeLessThanOrEqual(order.timings['index blogs taken in']!);

    expect(list.parts).toEqual([
      { path: '/pagefind/', pages: 130 },
      { path: '/pagefind/stores/', pages: 20 },
      { path: '/pagefind/blogs/', pages: 70 },
    ]);
    for (const part of list.parts) expect(await pageCount(out, part.path), part.path).toBe(part.pages);
  });

  it('writes a kind past its bound as several parts, one after the other, and lists them all', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    const urls = [
      ...Array.from({ length: 40 }, (_, i) => `/schedule/th-${i}`),
      ...Array.from({ length: 50 }, (_, i) => `/profile/p${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/store-profile/s${i}`),
      ...Array.from({ length: 70 }, (_, i) => `/blogs/page/${i + 2}`),
    ];
    const partition = partitionOf(urls, { directory: 20, stores: 20, blogs: 25 });
    expect(partition.parts.length).toBeGreaterThanOrEqual(8);
    const order = new IndexedRender(urls, partition, out);
    const log: string[] = [];
    const list = await renderAll(order, log);
    // Each part's pages rendered together, in the order of the parts.
    const partsInOrder = log.flatMap((url) => partition.partOf(url) ?? []).filter((part, at, all) => part !== all[at - 1]);
    expect(partsInOrder).toEqual(partition.parts);
    expect(list.parts.map((part) => part.path)).toEqual(partition.parts.map(searchPartPath));
    for (const part of list.parts) {
      expect(part.pages, part.path).toBeLessThanOrEqual(part.path.includes('blogs') ? 25 : 20);
      expect(await pageCount(out, part.path), part.path).toBe(part.pages);
    }
    expect(list.parts.reduce((sum, part) => sum + part.pages, 0)).toBe(150);
  });

  // A sliced build renders its parts in several orders: the next one's other pages render while the last part is written.
  it('takes no page into its first part until the render before has written its last, handing out its other pages meanwhile', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    let written!: () => void;
    const before = new Promise<void>((resolve) => (written = resolve));
    const urls = ['/profile/a', '/profile/b', ...Array.from({ length: 60 }, (_, i) => `/schedule/th-${i}`)];
    const order = new IndexedRender(urls, partitionOf(urls), out, { after: before });
    const stop = new AbortController().signal;
    const first = await order.next(48, stop);
    const second = await order.next(48, stop);
    expect([...first!, ...second!]).toEqual(urls.slice(2));
    // Nothing else to hand out until the write before is done.
    let third: string[] | undefined;
    const waiting = order.next(48, stop).then((batch) => (third = batch));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(third).toBeUndefined();
    written();
    await waiting;
    expect(third).toEqual(['/profile/a', '/profile/b']);
    for (const url of third!) await order.rendered(url, `${url.slice(1)}.html`, page(url));
    expect(await order.next(48, stop)).toBeUndefined();
    expect(await order.finished()).toEqual([
      ['directory', 2],
      ['stores', 0],
      ['blogs', 0],
    ]);
  });

  it('stops once the render before failed to write its part', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    const before = Promise.reject(new Error('Pagefind could not write its index: disk full'));
    const order = new IndexedRender(['/profile/a', '/schedule/a'], partitionOf(['/profile/a']), out, { after: before });
    const stop = new AbortController().signal;
    expect(await order.next(48, stop)).toEqual(['/schedule/a']);
    await expect(order.next(48, stop)).rejects.toThrow('disk full');
    await expect(order.finished()).rejects.toThrow('disk full');
    await order.discard();
  });

  // A failed render never hands back the pages in hand: a worker waiting for them must stop, not hang the build.
  it('stops waiting once the render stops', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    const order = new IndexedRender(['/profile/a', '/profile/b'], partitionOf(['/profile/a', '/profile/b']), out);
    const stop = new AbortController();
    expect(await order.next(48, stop.signal)).toEqual(['/profile/a', '/profile/b']);
    // The part's pages are out and not handled: the next batch waits for them.
    const waiting = order.next(48, stop.signal);
    stop.abort();
    expect(await waiting).toBeUndefined();
    await order.discard();
  });

  it('writes an empty index for a part without pages', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    const urls = [...Array.from({ length: 60 }, (_, i) => `/schedule/th-${i}`), '/profile/only'];
    const order = new IndexedRender(urls, partitionOf(urls), out);
    const list = await renderAll(order, []);
    expect(await pageCount(out, '/pagefind/stores/')).toBe(0);
    expect(await pageCount(out, '/pagefind/blogs/')).toBe(0);
    expect(list.parts).toEqual([
      { path: '/pagefind/', pages: 1 },
      { path: '/pagefind/stores/', pages: 0 },
      { path: '/pagefind/blogs/', pages: 0 },
    ]);
  });
});
