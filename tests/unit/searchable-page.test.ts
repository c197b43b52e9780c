import { describe, expect, it } from 'vitest';
import { isSearchablePage } from '../../scripts/lib/search-index-writer';
import { BLOGS_PATH, blogListPath } from '../../src/lib/blog-paths';
import { renderMarkdown } from '../../src/lib/markdown/render';
import { maybeSearchable } from '../../src/registry/site-pages';

const page = (main: string, content: string) => `<!doctype html><html lang="ja"><body>${main}${content}</main></body></html>`;

describe('which built pages Pagefind indexes', () => {
  it("knows a searchable page by BaseLayout's main tag", () => {
    expect(isSearchablePage(page('<main id="main" data-pagefind-body class="mx-auto">', '<h1>あかり</h1>'))).toBe(true);
    expect(isSearchablePage(page('<main id="main" class="mx-auto">', '<h1>ブログ</h1>'))).toBe(false);
  });

  // A diary is not searchable: the attribute's name in her text or a picture's alt must not make it so
  // (a full build fails on a searchable page outside maybeSearchable).
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

  it('expects searchable pages only on profiles, store pages and the /blogs archive', () => {
    for (const url of ['/profile/akari', '/store-profile/iyashi', BLOGS_PATH, blogListPath(null, 3)])
      expect(maybeSearchable(url)).toBe(true);
    const areaView = blogListPath({ area: 'shinjuku' }, 2);
    const tagView = blogListPath({ tag: 'アロマ' });
    for (const url of ['/blog/th-1_20261101_0', '/schedule/th-1', '/', '/today', '/profiles', areaView, tagView]) {
      expect(maybeSearchable(url)).toBe(false);
    }
  });
});
