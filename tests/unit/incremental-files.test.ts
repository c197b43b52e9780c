/** The site as files (scripts/lib/site-files.ts): where a URL's answer goes, redirect pages, safe writes into a hard-linked copy. */
import { link, mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fileBytes,
  filesUnder,
  isSitePath,
  linkTree,
  pageUrlOf,
  redirectPage,
  removeSiteFile,
  siteFileOf,
  writeIfChanged,
  writeNewFile,
  linkFiles,
  linkIfChanged,
  linkNewFile,
} from '../../scripts/lib/site-files';
import type { Rendered } from '../../scripts/renderer/protocol';
// Astro's own template, to hold the copy to it (not exported by the package).
import { redirectTemplate } from '../../node_modules/astro/dist/core/routing/3xx.js';

const SITE = 'http://127.0.0.1:5050';

describe('siteFileOf (build.format "file")', () => {
  it.each([
    ['/', 'page', 'index.html'],
    ['/404', 'page', '404.html'],
    ['/profile/miu', 'page', 'profile/miu.html'],
    ['/frozen-accounts', 'page', 'frozen-accounts.html'],
    ['/frozen-accounts/2', 'page', 'frozen-accounts/2.html'],
    ['/frozen-accounts/area/新宿', 'page', 'frozen-accounts/area/新宿.html'],
    ['/h/0a3.json', 'endpoint', 'h/0a3.json'],
    ['/schedule/th-1.ics', 'endpoint', 'schedule/th-1.ics'],
    ['/og/p/miu.png', 'endpoint', 'og/p/miu.png'],
    ['/robots.txt', 'endpoint', 'robots.txt'],
  ] as const)('%s (%s) → %s', (url, kind, file) => {
    expect(siteFileOf(url, kind)).toBe(file);
    if (kind === 'page') expect(pageUrlOf(file)).toBe(url);
  });

  it('refuses paths that leave the site', () => {
    expect(() => siteFileOf('/../etc/passwd', 'endpoint')).toThrow();
    expect(() => siteFileOf('profile/miu', 'page')).toThrow();
  });

  it.each([
    '/blogs/area/..',
    '/blogs/area/.',
    '/a/../b',
    '/blogs//page/2',
    '/a\\b',
    '/blogs/area/a?b',
    '/blogs/area/a#b',
    '/blogs/area/%2e',
    '/a\u0000b',
  ])('refuses %j, which no file of the site can serve as it is', (url) => expect(isSitePath(url)).toBe(false));

  it('maps every path it accepts to a file inside the site, and back (property)', () => {
    const segment = fc.string({
      unit: fc.constantFrom('a', '.', '/', '\\', '%', '?', '#', '\u0000', '\u202e', '\u200b', '新', '．', '／'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(segment, fc.constantFrom<'page' | 'endpoint'>('page', 'endpoint'), (text, kind) => {
        const url = `/blogs/area/${text}`;
        if (!isSitePath(url)) return;
        const file = siteFileOf(url, kind);
        expect(path.posix.normalize(file)).toBe(file);
        expect(file.startsWith('../') || file.startsWith('/')).toBe(false);
        if (kind === 'page' && !url.endsWith('/')) expect(pageUrlOf(file)).toBe(url);
      }),
      { seed: 38, numRuns: 2000 },
    );
  });
});

describe('redirect pages', () => {
  it('are the page astro build writes for a redirect (compressed)', () => {
    const astro = redirectTemplate({
      status: 301,
      absoluteLocation: new URL('/profile/miu-new', SITE),
      relativeLocation: '/profile/miu-new',
      from: '/profile/miu',
    }).replaceAll('\n', '');
    expect(redirectPage(301, '/profile/miu-new', '/profile/miu', SITE)).toBe(astro);
  });

  it('come from 3xx answers; 404 leaves no file except the 404 page; other failures throw', () => {
    const answer = (url: string, status: number, extra: Partial<Rendered> = {}): Rendered => ({
      url,
      status,
      kind: 'page',
      body: Buffer.from('<p>body</p>'),
      ...extra,
    });
    expect(Buffer.from(fileBytes(answer('/profile/old', 301, { location: '/profile/new' }), SITE)!).toString()).toContain(
      'content="0;url=/profile/new"',
    );
    expect(fileBytes(answer('/profile/gone', 404), SITE)).toBeNull();
    expect(Buffer.from(fileBytes(answer('/404', 404), SITE)!).toString()).toBe('<p>body</p>');
    expect(() => fileBytes(answer('/profile/broken', 500), SITE)).toThrow(/profile\/broken/);
  });
});

describe('writing into a hard-linked copy', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-site-files-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('never changes the linked original, and keeps a file whose bytes did not change', async () => {
    const live = path.join(dir, 'live');
    await mkdir(path.join(live, 'profile'), { recursive: true });
    await writeFile(path.join(live, 'profile', 'miu.html'), 'old');
    await writeFile(path.join(live, 'index.html'), 'home');
    const staging = path.join(dir, 'staging');
    await linkTree(live, staging);
    const before = (await stat(path.join(staging, 'index.html'))).ino;
    expect(before).toBe((await stat(path.join(live, 'index.html'))).ino);

    expect(await writeIfChanged(staging, 'profile/miu.html', Buffer.from('new'))).toBe(true);
    expect(await writeIfChanged(staging, 'index.html', Buffer.from('home'))).toBe(false);
    expect(await readFile(path.join(live, 'profile', 'miu.html'), 'utf8')).toBe('old');
    expect(await readFile(path.join(staging, 'profile', 'miu.html'), 'utf8')).toBe('new');
    expect((await stat(path.join(staging, 'index.html'))).ino).toBe(before);
    expect(await filesUnder(staging)).toEqual(['index.html', 'profile/miu.html']);
  });

  it('leaves out skipped top-level folders, and removes emptied folders with the last file', async () => {
    const live = path.join(dir, 'live');
    await mkdir(path.join(live, 'pagefind'), { recursive: true });
    await mkdir(path.join(live, 'h'), { recursive: true });
    await writeFile(path.join(live, 'pagefind', 'index.pf'), 'x');
    await writeFile(path.join(live, 'h', '0a3.json'), '[]');
    await link(path.join(live, 'h', '0a3.json'), path.join(dir, 'other-link'));
    const staging = path.join(dir, 'staging');
    await linkTree(live, staging, { skip: ['pagefind'] });
    expect(await filesUnder(staging)).toEqual(['h/0a3.json']);
    await removeSiteFile(staging, 'h/0a3.json');
    expect(await filesUnder(staging)).toEqual([]);
    await expect(stat(path.join(staging, 'h'))).rejects.toThrow();
    expect(await readFile(path.join(live, 'h', '0a3.json'), 'utf8')).toBe('[]');
  });

  it("writes a full build's new files in place, but never through a file linked in from elsewhere", async () => {
    const bundle = path.join(dir, 'bundle');
    await mkdir(bundle);
    await writeFile(path.join(bundle, 'robots.txt'), 'public');
    const staging = path.join(dir, 'staging');
    await linkTree(bundle, staging);
    const folders = new Set<string>();
    expect(await writeNewFile(staging, 'profile/miu.html', Buffer.from('miu'), folders)).toBe(true);
    expect(await writeNewFile(staging, 'profile/ema.html', Buffer.from('ema'), folders)).toBe(true);
    expect(await writeNewFile(staging, 'robots.txt', Buffer.from('rendered'), folders)).toBe(true);
    expect(await writeNewFile(staging, 'robots.txt', Buffer.from('rendered'), folders)).toBe(false);
    expect(await readFile(path.join(bundle, 'robots.txt'), 'utf8')).toBe('public');
    expect(await readFile(path.join(staging, 'robots.txt'), 'utf8')).toBe('rendered');
    expect(await filesUnder(staging)).toEqual(['profile/ema.html', 'profile/miu.html', 'robots.txt']);
  });

  it('links a file answer (a cached card) into the site, and replaces it without touching the source or the served copy', async () => {
    const cache = path.join(dir, 'cache');
    await mkdir(cache);
    await writeFile(path.join(cache, 'a.png'), 'card a');
    await writeFile(path.join(cache, 'b.png'), 'card b');
    await writeFile(path.join(cache, 'a-again.png'), 'card a');
    const live = path.join(dir, 'live');
    await mkdir(live);
    expect(await linkNewFile(live, 'og/p/miu.png', path.join(cache, 'a.png'), new Set())).toBe(true);
    expect((await stat(path.join(live, 'og', 'p', 'miu.png'))).ino).toBe((await stat(path.join(cache, 'a.png'))).ino);
    // Already there (the same file, or other files with the same bytes): nothing changes.
    expect(await linkNewFile(live, 'og/p/miu.png', path.join(cache, 'a.png'), new Set())).toBe(false);
    expect(await linkIfChanged(live, 'og/p/miu.png', path.join(cache, 'a-again.png'))).toBe(false);

    const staging = path.join(dir, 'staging');
    await linkTree(live, staging);
    expect(await linkIfChanged(staging, 'og/p/miu.png', path.join(cache, 'b.png'))).toBe(true);
    expect(await readFile(path.join(staging, 'og', 'p', 'miu.png'), 'utf8')).toBe('card b');
    expect(await readFile(path.join(live, 'og', 'p', 'miu.png'), 'utf8')).toBe('card a');
    expect(await readFile(path.join(cache, 'a.png'), 'utf8')).toBe('card a');
    expect(await filesUnder(staging)).toEqual(['og/p/miu.png']);
    await expect(linkIfChanged(staging, 'og/p/ema.png', path.join(cache, 'missing.png'))).rejects.toThrow(/ENOENT/);
  });

  it('links only the files it is given (the searchable pages), and skips one gone meanwhile only when told', async () => {
    const live = path.join(dir, 'live');
    await mkdir(path.join(live, 'blogs', 'page'), { recursive: true });
    await writeFile(path.join(live, 'blogs', 'page', '1.html'), 'feed');
    await writeFile(path.join(live, 'blogs', 'area.html'), 'area');
    const snapshot = path.join(dir, 'snapshot');
    await linkFiles(live, snapshot, ['blogs/page/1.html', 'profile/gone.html'], { missing: 'skip' });
    expect(await filesUnder(snapshot)).toEqual(['blogs/page/1.html']);
    expect((await stat(path.join(snapshot, 'blogs', 'page', '1.html'))).ino).toBe(
      (await stat(path.join(live, 'blogs', 'page', '1.html'))).ino,
    );
    await expect(linkFiles(live, path.join(dir, 'strict'), ['profile/gone.html'])).rejects.toThrow(/ENOENT/);
  });
});
