import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { close } from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexedRender } from '../../scripts/lib/indexed-render';
import {
  partitionSearch,
  SEARCH_PART_LIST,
  searchPartPath,
  type IndexPartKind,
  type SearchPartition,
  type SearchPartList,
} from '../../src/lib/search/index-parts';

const kindOf = (url: string): IndexPartKind | undefined =>
  url.startsWith('/profile/') ? 'directory' : url.startsWith('/blogs') ? 'blogs' : undefined;
/** The test's URLs cut as a build cuts them: one part of each kind unless `limits` are lowered. */
const partitionOf = (urls: readonly string[], limits = { directory: 1000, blogs: 1000 }): SearchPartition =>
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

async function renderAll(order: IndexedRender, log: string[], onBatch: (urls: string[]) => void = () => undefined): Promise<void> {
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
  await order.finished();
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
      ...Array.from({ length: 70 }, (_, i) => `/blogs/page/${i + 2}`),
    ];
    const order = new IndexedRender(urls, partitionOf(urls), out);
    const log: string[] = [];
    // Pagefind holds one part at a time: the first blog page is handed out once the directory's index is written.
    let directoryWrittenBeforeBlogs: boolean | undefined;
    await renderAll(order, log, (batch) => {
      if (directoryWrittenBeforeBlogs === undefined && batch.some((url) => kindOf(url) === 'blogs'))
        directoryWrittenBeforeBlogs = order.timings['index directory written'] !== undefined;
    });
    expect(directoryWrittenBeforeBlogs).toBe(true);

    expect([...log].sort()).toEqual([...urls].sort());
    const lastProfile = Math.max(...log.flatMap((url, at) => (kindOf(url) === 'directory' ? [at] : [])));
    const firstBlog = log.findIndex((url) => kindOf(url) === 'blogs');
    expect(firstBlog).toBeGreaterThan(lastProfile);
    expect(order.timings['index directory written']).toBeLessThanOrEqual(order.timings['index blogs taken in']!);

    const list = JSON.parse(await readFile(path.join(out, SEARCH_PART_LIST), 'utf8')) as SearchPartList;
    expect(list.parts).toEqual([
      { path: '/pagefind/', pages: 130 },
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
      ...Array.from({ length: 70 }, (_, i) => `/blogs/page/${i + 2}`),
    ];
    const partition = partitionOf(urls, { directory: 20, blogs: 25 });
    expect(partition.parts.length).toBeGreaterThanOrEqual(6);
    const order = new IndexedRender(urls, partition, out);
    const log: string[] = [];
    await renderAll(order, log);
    // Each part's pages rendered together, in the order of the parts.
    const partsInOrder = log.flatMap((url) => partition.partOf(url) ?? []).filter((part, at, all) => part !== all[at - 1]);
    expect(partsInOrder).toEqual(partition.parts);
    const list = JSON.parse(await readFile(path.join(out, SEARCH_PART_LIST), 'utf8')) as SearchPartList;
    expect(list.parts.map((part) => part.path)).toEqual(partition.parts.map(searchPartPath));
    for (const part of list.parts) {
      expect(part.pages, part.path).toBeLessThanOrEqual(part.path.includes('blogs') ? 25 : 20);
      expect(await pageCount(out, part.path), part.path).toBe(part.pages);
    }
    expect(list.parts.reduce((sum, part) => sum + part.pages, 0)).toBe(120);
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
    await renderAll(order, []);
    expect(await pageCount(out, '/pagefind/blogs/')).toBe(0);
    const list = JSON.parse(await readFile(path.join(out, SEARCH_PART_LIST), 'utf8')) as SearchPartList;
    expect(list.parts).toEqual([
      { path: '/pagefind/', pages: 1 },
      { path: '/pagefind/blogs/', pages: 0 },
    ]);
  });
});
