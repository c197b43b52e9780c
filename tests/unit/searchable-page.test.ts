import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { close, createIndex } from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../../scripts/lib/site-files';
import { isSearchablePage, searchDocument } from '../../scripts/lib/search-index-writer';
import { BLOGS_PATH, blogListPath } from '../../src/lib/routes';
import { renderMarkdown } from '../../src/lib/markdown/render';
import { indexPartKindOf } from '../../src/data/site-pages';

const page = (main: string, content: string) => `<!doctype html><html lang="ja"><body>${main}${content}</main></body></html>`;

describe('which built pages Pagefind indexes', () => {
  it("knows a searchable page by BaseLayout's main tag", () => {
    expect(isSearchablePage(page('<main id="main" data-pagefind-body class="mx-auto">', '<h1>あかり</h1>'))).toBe(true);
    expect(isSearchablePage(page('<main id="main" class="mx-auto">', '<h1>ブログ</h1>'))).toBe(false);
  });

  // A diary is not searchable: the attribute's name in her text or a picture's alt must not make it so
  // (a full build fails on a searchable page outside indexPartKindOf).
  it('is not fooled by the attribute written in a diary', () => {
    const body = renderMarkdown(
      [
        'data-pagefind-body',
        '<main id="main" data-pagefind-body>',
        '![a data-pagefind-body b](image:1)',
        '[x](https://example.com/?a=" data-pagefind-body)',
      ].join('\n\n'),
      { imageUrl: () => 'https://example.com/1.jpg' },
    );
    expect(body).toContain('data-pagefind-body');
    expect(isSearchablePage(page('<main id="main" class="mx-auto">', body))).toBe(false);
  });

  it('expects searchable pages only on profiles (the directory part), store pages (the stores part) and the /blogs archive pages (the blogs part)', () => {
    expect(indexPartKindOf('/profile/akari')).toBe('directory');
    expect(indexPartKindOf('/store-profile/iyashi')).toBe('stores');
    for (const url of [blogListPath(null, 1), blogListPath(null, 3)]) expect(indexPartKindOf(url)).toBe('blogs');
    const areaView = blogListPath({ area: '新宿' }, 2);
    const tagView = blogListPath({ tag: 'アロマ' });
    for (const url of ['/blog/th-1_20261101_0', '/schedule/th-1', '/', '/today', '/profiles', BLOGS_PATH, areaView, tagView]) {
      expect(indexPartKindOf(url)).toBeUndefined();
    }
  });
});

describe('what a full build hands Pagefind', () => {
  const profile = [
    '<!doctype html><html lang="ja"><head><title>あかり｜セラリンク</title>',
    '<meta name="description" content="新宿のセラピスト"><script type="application/ld+json">{"name":"あかり"}</script></head>',
    '<body><nav><a href="/">セラリンク</a> 凍結垢検索 出勤中</nav>',
    '<main id="main" data-pagefind-body class="mx-auto">',
    '<h1 data-pagefind-meta="title" class="text-2xl font-bold">あかり</h1><p class="text-sm" data-pagefind-filter="area">新宿</p>',
    '<p class="line-clamp-2">本文に書いた class=&#34;hidden&#34; も本文です。</p>',
    '<img src="https://example.com/a.jpg" alt="あかりの写真"><p>アロマとリンパが得意です。&lt;/main&gt; も本文です。</p>',
    '<section data-pagefind-ignore><h2>出勤予定</h2><p>12月1日 18:00</p></section>',
    '<div data-pagefind-meta="uid:th-1, area:新宿"></div></main>',
    '<footer>利用規約 お問い合わせ</footer></body></html>',
  ].join('');
  const dirs: string[] = [];
  afterAll(async () => {
    await close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The files of the fragments Pagefind writes for one page: each is named by its content's hash. */
  async function fragmentsOf(html: string): Promise<string[]> {
    const { index } = await createIndex();
    const { errors } = await index!.addHTMLFile({ sourcePath: 'profile/akari.html', content: html });
    expect(errors).toEqual([]);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-pagefind-'));
    dirs.push(dir);
    await index!.writeFiles({ outputPath: dir });
    await index!.deleteIndex();
    return filesUnder(path.join(dir, 'fragment'));
  }

  it('is the main element and the html tag alone', () => {
    const document = searchDocument(profile);
    expect(document).toMatch(/^<!doctype html><html lang="ja"><head><\/head><body><main id="main" data-pagefind-body/);
    expect(document).toContain('&lt;/main&gt; も本文です。');
    // The classes go (Pagefind reads none of them); text that names one stays.
    expect(document).not.toContain(' class="');
    expect(document).toContain('<h1 data-pagefind-meta="title">あかり</h1><p data-pagefind-filter="area">新宿</p>');
    expect(document).toContain('本文に書いた class=&#34;hidden&#34; も本文です。');
    expect(document).toMatch(/<\/main><\/body><\/html>$/);
    expect(document).not.toContain('凍結垢検索');
    expect(document).not.toContain('利用規約');
    expect(() => searchDocument('<html lang="ja"><body><main id="main">x</main></body></html>')).toThrow();
  });

  // Pagefind loads its Japanese dictionary with the first Japanese page: 11 s alone, past the unit files' 30 s beside
  // the browser files on two cores.
  it('indexes to the same fragment as the whole page', { timeout: 120_000 }, async () => {
    const whole = await fragmentsOf(profile);
    expect(whole).toHaveLength(1);
    expect(await fragmentsOf(searchDocument(profile))).toEqual(whole);
  });
});
