import { describe, expect, it } from 'vitest';
import {
  blogListPath,
  blogPath,
  completionShardPath,
  feedPageNumber,
  feedPageParam,
  frozenListPath,
  handleShardPath,
  nameShardPath,
  personShardPath,
  profileCardPath,
  profilePath,
  publicProfilePath,
  rankingPath,
  scheduleFeedPath,
  schedulePath,
  searchPath,
  storePath,
  timelinePath,
} from '../../src/lib/routes';
import { tagPageKey } from '../../src/lib/blogs/tag-pages';
import { plainExcerpt } from '../../src/lib/markdown/excerpt';
import { markdownPlainText } from '../../src/lib/markdown/render';

describe("the site's URLs (src/lib/routes.ts)", () => {
  it('names every page of a record', () => {
    expect(profilePath('miu')).toBe('/profile/miu');
    expect(storePath('aroma')).toBe('/store-profile/aroma');
    expect([publicProfilePath('therapist', 'miu'), publicProfilePath('store', 'aroma'), publicProfilePath(null, 'x')]).toEqual([
      '/profile/miu',
      '/store-profile/aroma',
      '/profile/x',
    ]);
    expect([schedulePath('th-1'), scheduleFeedPath('th-1')]).toEqual(['/schedule/th-1', '/schedule/th-1.ics']);
    expect(blogPath('u_20261128_0')).toBe('/blog/u_20261128_0');
    expect(profileCardPath('miu')).toBe('/og/p/miu.png');
  });

  it('names the lists and their pages', () => {
    expect([timelinePath(), timelinePath(4)]).toEqual(['/timeline', '/timeline/page/4']);
    expect([frozenListPath(), frozenListPath(null, 1), frozenListPath({ area: '新宿' }, 3), frozenListPath({ initial: 'etc' })]).toEqual([
      '/frozen-accounts',
      '/frozen-accounts',
      '/frozen-accounts/area/新宿/3',
      '/frozen-accounts/letter/etc',
    ]);
    expect([rankingPath(), rankingPath('梅田')]).toEqual(['/favoriteRanking', '/favoriteRanking/area/梅田']);
    expect([searchPath(), searchPath('@miu_0312 新宿')]).toEqual(['/search', '/search?q=%40miu_0312%20%E6%96%B0%E5%AE%BF']);
  });

  it('names the shards of the indexes the islands read', () => {
    expect([handleShardPath('0a3'), completionShardPath('miu_0'), nameShardPath('1f2'), personShardPath('fff')]).toEqual([
      '/h/0a3.json',
      '/hc/miu_0.json',
      '/n/1f2.json',
      '/u/fff.json',
    ]);
  });
});

describe('blog list URLs', () => {
  it('names the top page and the archive pages of every view', () => {
    expect(blogListPath(null)).toBe('/blogs');
    expect(blogListPath(null, 3)).toBe('/blogs/page/3');
    expect(blogListPath({ area: '渋谷' })).toBe('/blogs/area/渋谷');
    expect(blogListPath({ tag: 'アロマ' }, 1)).toBe('/blogs/tag/アロマ/page/1');
  });

  it('reads back only the page parameters it writes', () => {
    expect(feedPageNumber(feedPageParam())).toBe(0);
    expect(feedPageNumber(feedPageParam(12))).toBe(12);
    for (const param of ['page/0', 'page/01', 'page/-1', 'page/1/2', '2', 'page/', 'page/1e3'])
      expect(feedPageNumber(param), param).toBeNaN();
  });
});

describe('tag pages', () => {
  it('folds width and case, so one tag has one page', () => {
    expect(tagPageKey('ＳＰＡ')).toBe('spa');
    expect(tagPageKey('癒し系')).toBe('癒し系');
    expect(tagPageKey('オイル・マッサージ')).toBe('オイル・マッサージ');
  });

  it('gives no page to a tag that could shape a path or a query', () => {
    for (const tag of ['../admin', 'a/b', '%2e%2e', 'x?y', 'x#y', '.', 'a b', '<script>', 'タグ.html', '\u0000'])
      expect(tagPageKey(tag), tag).toBeNull();
  });
});

describe('teasers', () => {
  it('keeps the words and drops Markdown marks, link targets and pictures', () => {
    const body = '## 今日\n\n**ありがとう**ございました。[お店](https://example.com/x) ![写真](image:0)\n\n- 月曜\n- 木曜';
    expect(markdownPlainText(body)).toBe('今日 ありがとうございました。お店  月曜 木曜');
    expect(plainExcerpt(body)).toBe('今日 ありがとうございました。お店 月曜 木曜');
  });

  it('cuts at the length with an ellipsis, counting characters, not UTF-16 units', () => {
    expect(plainExcerpt('あ'.repeat(100), 10)).toBe(`${'あ'.repeat(9)}…`);
    expect(plainExcerpt('😀'.repeat(12), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(plainExcerpt('短い', 10)).toBe('短い');
    // Exactly the length is whole; one more is cut (the boundary the loop stops at).
    expect(plainExcerpt('あ'.repeat(10), 10)).toBe('あ'.repeat(10));
    expect(plainExcerpt('あ'.repeat(11), 10)).toBe(`${'あ'.repeat(9)}…`);
    expect(plainExcerpt(`${'😀'.repeat(9)}あ`, 10)).toBe(`${'😀'.repeat(9)}あ`);
  });

  it('leaves markup as text for the page to escape', () => {
    expect(plainExcerpt('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});
