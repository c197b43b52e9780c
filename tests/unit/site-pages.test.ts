import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SitePages, readState, writeState, type PageRecord, type SiteState } from '../../scripts/lib/site-state';

const page = (n: number, extra: Partial<PageRecord> = {}): PageRecord => ({ file: `blog/b${n}/index.html`, kind: 'page', ...extra });
const url = (n: number) => `/blog/b${n}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-site-pages-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function stateOf(pages: SitePages): SiteState {
  return { version: 2, rendererKey: 'r', today: '2026-11-26', exportVersion: 'e', siteId: '1:2', pages, hashSets: [], sitemapFiles: [] };
}

describe('the page records of the site state', () => {
  it('fork without touching the pages they came from', () => {
    const pages = new SitePages();
    for (let n = 0; n < 1000; n++) pages.set(url(n), page(n));
    const fork = pages.fork();
    fork.set(url(1), page(1, { sitemap: true }));
    fork.delete(url(2));
    fork.set(url(5000), page(5000));
    expect(pages.get(url(1))).toEqual(page(1));
    expect(pages.get(url(2))).toEqual(page(2));
    expect(pages.get(url(5000))).toBeUndefined();
    expect(pages.size).toBe(1000);
    expect(fork.get(url(1))).toEqual(page(1, { sitemap: true }));
    expect(fork.get(url(2))).toBeUndefined();
    expect(fork.size).toBe(1000);
    expect(new Map(fork.entries()).size).toBe(1000);
  });

  it('save only the shards a build changed, and read back the same records', async () => {
    const pages = new SitePages();
    for (let n = 0; n < 3000; n++) pages.set(url(n), page(n));
    await writeState(dir, stateOf(pages));
    const before = new Set(await readdir(path.join(dir, 'pages')));
    expect(before.size).toBe(256);

    // The next build: one page changed, one written again as it was.
    const next = (await readState(dir))!.pages.fork();
    next.set(url(7), page(7, { search: true }));
    next.set(url(8), page(8));
    const beforeStat = await stat(path.join(dir, 'state.json'));
    await writeState(dir, stateOf(next));
    const after = await readdir(path.join(dir, 'pages'));
    expect(after.filter((file) => !before.has(file))).toHaveLength(1);
    expect(after).toHaveLength(256);
    expect((await stat(path.join(dir, 'state.json'))).mtimeMs).toBeGreaterThanOrEqual(beforeStat.mtimeMs);

    // Another process: read from the files.
    const { pathToFileURL } = await import('node:url');
    const fresh = (await import(
      `${pathToFileURL(path.resolve('scripts/lib/site-state.ts')).href}?fresh`
    )) as typeof import('../../scripts/lib/site-state');
    const read = (await fresh.readState(dir))!;
    expect(read.version).toBe(2);
    expect(new Map(read.pages.entries())).toEqual(new Map(next.entries()));
    expect(read.pages.get(url(7))).toEqual(page(7, { search: true }));
  });

  it('give back every record as set, the file its URL names or another, across a save and a read', async () => {
    const records: [string, PageRecord][] = [
      ['/', { file: 'index.html', kind: 'page', sitemap: true, hashes: 0 }],
      ['/profile/miu', { file: 'profile/miu.html', kind: 'page', sitemap: true, search: true, hashes: 1 }],
      ['/profile/rena', { file: 'profile/rena.html', kind: 'page', sitemap: true, search: true, hashes: 1 }],
      ['/h/ab.json', { file: 'h/ab.json', kind: 'endpoint' }],
      // Not the file siteFileOf names: kept as it is.
      ['/blog/b1', page(1, { hashes: 1 })],
    ];
    const pages = new SitePages();
    for (const [at, record] of records) pages.set(at, record);
    expect([...pages.entries()].sort()).toEqual([...records].sort());
    // Two pages with the same traits stay apart in their files, and a changed trait changes one of them only.
    pages.set('/profile/rena', { file: 'profile/rena.html', kind: 'page', sitemap: true, hashes: 2 });
    expect(pages.get('/profile/miu')).toEqual(records[1]![1]);
    expect(pages.get('/profile/rena')).toEqual({ file: 'profile/rena.html', kind: 'page', sitemap: true, hashes: 2 });
    expect(Object.keys(pages.get('/h/ab.json')!)).toEqual(['file', 'kind']);

    await writeState(dir, stateOf(pages));
    const read = (await readState(dir))!.pages;
    expect(new Map(read.entries())).toEqual(new Map(pages.entries()));
    expect([...read.values()].map((record) => record.file).sort()).toEqual([
      'blog/b1/index.html',
      'h/ab.json',
      'index.html',
      'profile/miu.html',
      'profile/rena.html',
    ]);
  });

  it('is no state when a shard file is gone (the next build is a full one)', async () => {
    const pages = new SitePages();
    pages.set(url(1), page(1));
    await writeState(dir, stateOf(pages));
    const [first] = await readdir(path.join(dir, 'pages'));
    await rm(path.join(dir, 'pages', first!));
    const { pathToFileURL } = await import('node:url');
    const fresh = (await import(
      `${pathToFileURL(path.resolve('scripts/lib/site-state.ts')).href}?gone`
    )) as typeof import('../../scripts/lib/site-state');
    expect(await fresh.readState(dir)).toBeUndefined();
  });
});
