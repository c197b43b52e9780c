/**
 * What a build keeps of each rendered page (scripts/lib/rendered-pages.ts)
 * for the sitemap: a generation copied from the live one lists the sitemap
 * pages it adds, so the sitemap follows the change; an empty one makes its
 * sitemap from every page and lists nothing (a full build would otherwise
 * hold a file name per page to the end).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planBuild } from '../../scripts/lib/build-plan';
import { GenerationWriter } from '../../scripts/lib/generation-writer';
import { RenderedPages } from '../../scripts/lib/rendered-pages';
import type { Rendered } from '../../scripts/renderer/protocol';

const SITE_URL = 'https://example.test';
const html = (title: string) => new TextEncoder().encode(`<!doctype html><html lang="ja"><body><h1>${title}</h1></body></html>`);
const rendered = (url: string): Rendered => ({ url, status: 200, kind: 'page', body: html(url) });

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
const staging = async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'rendered-pages-'));
  folders.push(folder);
  return folder;
};

describe('RenderedPages', () => {
  it('lists no sitemap change in an empty generation, whose sitemap is made from every page', async () => {
    const plan = planBuild(['/a', '/b'], undefined, null);
    const book = new RenderedPages(plan, new GenerationWriter(await staging(), plan.from), SITE_URL);
    for (const url of plan.render) await book.handle(rendered(url));

    expect(book.sitemapMoved).toBe(true);
    expect(book.sitemapChanges).toEqual({ added: [], removed: [] });
    expect([...plan.pages.values()].map((record) => [record.file, record.sitemap])).toEqual([
      ['a.html', true],
      ['b.html', true],
    ]);
  });

  it('lists the sitemap pages a generation copied from the live one adds', async () => {
    const first = planBuild(['/a'], undefined, null);
    const firstBook = new RenderedPages(first, new GenerationWriter(await staging(), first.from), SITE_URL);
    await firstBook.handle(rendered('/a'));

    const next = planBuild(
      ['/a', '/b'],
      { pages: first.pages, hashSets: first.hashSets.compact(first.pages), sitemapFiles: [] },
      new Set(['/b']),
    );
    const book = new RenderedPages(next, new GenerationWriter(await staging(), next.from), SITE_URL);
    expect(next.render).toEqual(['/b']);
    for (const url of next.render) await book.handle(rendered(url));

    expect(book.sitemapMoved).toBe(true);
    expect(book.sitemapChanges).toEqual({ added: ['b.html'], removed: [] });
  });
});
