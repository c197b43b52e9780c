import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { close } from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexedRender } from '../../scripts/lib/indexed-render';
import { SEARCH_PARTS, searchPartFolder, type SearchPart } from '../../src/lib/search/index-parts';

const partOf = (url: string): SearchPart | undefined =>
  url.startsWith('/profile/') ? 'directory' : url.startsWith('/blogs') ? 'blogs' : undefined;
const page = (url: string) =>
  `<!doctype html><html lang="ja"><body><main id="main" data-pagefind-body><h1>${url}</h1><p>アロマ ${url}</p></main></body></html>`;

/** Two render workers as scripts/renderer/pool.ts runs them: each asks for its next batch while the last one's answers are handled. */
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
        const part = partOf(url);
        await order.rendered(url, part, `${url.slice(1)}.html`, part ? page(url) : undefined);
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
    const order = new IndexedRender(urls, partOf, out);
    const log: string[] = [];
    // Pagefind holds one part at a time: the first blog page is handed out once the directory's index is written.
    let directoryWrittenBeforeBlogs: boolean | undefined;
    await renderAll(order, log, (batch) => {
      if (directoryWrittenBeforeBlogs === undefined && batch.some((url) => partOf(url) === 'blogs'))
        directoryWrittenBeforeBlogs = order.timings['index directory written'] !== undefined;
    });
    expect(directoryWrittenBeforeBlogs).toBe(true);

    expect([...log].sort()).toEqual([...urls].sort());
    const lastProfile = Math.max(...log.flatMap((url, at) => (partOf(url) === 'directory' ? [at] : [])));
    const firstBlog = log.findIndex((url) => partOf(url) === 'blogs');
    expect(firstBlog).toBeGreaterThan(lastProfile);
    expect(order.timings['index directory written']).toBeLessThanOrEqual(order.timings['index blogs taken in']!);

    for (const part of SEARCH_PARTS) {
      const entry = JSON.parse(await readFile(path.join(out, searchPartFolder(part), 'pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { page_count: number }>;
      };
      expect(entry.languages.ja?.page_count, part).toBe(part === 'directory' ? 130 : 70);
    }
  });

  // A failed render never hands back the pages in hand: a worker waiting for them must stop, not hang the build.
  it('stops waiting once the render stops', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'theralink-indexed-render-'));
    dirs.push(out);
    const order = new IndexedRender(['/profile/a', '/profile/b'], partOf, out);
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
    const order = new IndexedRender(urls, partOf, out);
    await renderAll(order, []);
    const entry = JSON.parse(await readFile(path.join(out, searchPartFolder('blogs'), 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, unknown>;
    };
    expect(entry.languages).toEqual({});
  });
});
