/**
 * Values that become URL segments (docs/decisions/area-vocabulary.md): an
 * area (/blogs/area/{area}, /frozen-accounts/area/{area},
 * /favoriteRanking/area/{area}) comes from the vocabulary, a tag page from
 * tagPageKey. Whatever anyone types, no such segment can be unsafe, and
 * every URL the build makes of them passes its own site path check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siteFileOf } from '../../scripts/lib/site-files';
import { rankingPath } from '../../src/lib/routes';
import { AREAS } from '../../src/lib/areas';
import { blogListPath } from '../../src/lib/routes';
import { tagPageKey } from '../../src/lib/blogs/tag-pages';
import { frozenListPath } from '../../src/lib/routes';

/**
 * The oracle, written apart from the code it checks: a segment is safe when
 * it is not empty, not a dot segment, holds none of / \ % ? # . (nor their
 * full-width forms, which NFKC would fold into them), no control, format
 * (bidi, zero-width), space, default-ignorable or unpaired surrogate
 * character, and reads back unchanged through URL encoding and parsing.
 */
function unsafeBecause(segment: string): string | null {
  if (segment === '' || segment === '.' || segment === '..') return 'empty or a dot segment';
  if (/[/\\%?#.\uFF0F\uFF3C\uFF05\uFF1F\uFF03\uFF0E]/.test(segment)) return 'a path, percent, query or fragment character';
  if (/[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{White_Space}]/u.test(segment)) return 'a control, format or space character';
  if (/\p{Default_Ignorable_Code_Point}/u.test(segment)) return 'a character that renders as nothing';
  if (!segment.isWellFormed()) return 'an unpaired surrogate';
  const url = new URL(`/x/${encodeURIComponent(segment)}`, 'https://theralink.example');
  if (decodeURIComponent(url.pathname) !== `/x/${segment}` || url.search !== '' || url.hash !== '') return 'changed by the URL parser';
  return null;
}

/** siteFileOf for a page, or the error it throws. */
function fileOf(url: string): string {
  try {
    return siteFileOf(url, 'page');
  } catch (error) {
    return (error as Error).message;
  }
}

const PATH_CHARACTERS = ['.', '..', '/', '\\', '%', '%2F', '%2e', '?', '#', ':', '&', '=', ' ', '~'];
const CONTROL = ['\u0000', '\u0009', '\u000A', '\u000D', '\u001F', '\u007F', '\u0085', '\u009F'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u034F', '\u180E', '\uFE0F', '\u3164', '\u115F', '\u1160'];
const BIDI = ['\u200E', '\u200F', '\u061C', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const FULL_WIDTH = ['．', '／', '＼', '％', '？', '＃', '：', 'Ａ', 'ｚ', '０', '　', '‥', '…', '⁄', '∕', '⧸'];
const WORDS = ['癒し系', 'アロマ', 'spa', 'ＳＰＡ', 'オイル・マッサージ', 'ー', '_', '-', 'İ', 'ǅ', 'ß', 'ﬁ', '㍿', '①', 'é', 'é'];

/** Strings of the pieces above and arbitrary code points (lone surrogates included), in any mix. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...PATH_CHARACTERS, ...CONTROL, ...ZERO_WIDTH, ...BIDI, ...FULL_WIDTH, ...WORDS),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  ),
  maxLength: 24,
});
const RUNS = { seed: 20261101, numRuns: 5000 };

describe('tag page keys', () => {
  it('are never an unsafe path segment, whatever the tag', () => {
    fc.assert(
      fc.property(hostileText, (tag) => {
        const key = tagPageKey(tag);
        if (key === null) return;
        expect(unsafeBecause(key), JSON.stringify(key)).toBeNull();
      }),
      RUNS,
    );
  });

  it('give pages whose URL the build accepts, inside /blogs/tag/', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 0, max: 3 }), (tag, page) => {
        const key = tagPageKey(tag);
        if (key === null) return;
        const url = blogListPath({ tag: key }, page || undefined);
        expect(fileOf(url)).toBe(`${url.slice(1)}.html`);
        expect(url.split('/')).toEqual(['', 'blogs', 'tag', key, ...(page ? ['page', String(page)] : [])]);
      }),
      RUNS,
    );
  });

  it('are their own key (one tag page, however the key is typed again)', () => {
    fc.assert(
      fc.property(hostileText, (tag) => {
        const key = tagPageKey(tag);
        if (key !== null) expect(tagPageKey(key)).toBe(key);
      }),
      RUNS,
    );
  });

  it('refuse each remembered attack', () => {
    const attacks = [
      ...PATH_CHARACTERS,
      ...CONTROL,
      ...ZERO_WIDTH,
      ...BIDI,
      '．．',
      '％２Ｆ',
      'ａ／ｂ',
      'a\u200Bb',
      '癒し\u202E系',
      '\u3164',
      'タグ\uFE0F',
    ];
    for (const tag of attacks) expect(tagPageKey(tag), JSON.stringify(tag)).toBeNull();
  });
});

describe('area pages', () => {
  const urls = AREAS.flatMap((area) => [
    blogListPath({ area }),
    blogListPath({ area }, 2),
    frozenListPath({ area }),
    `${frozenListPath({ area })}/2`,
    rankingPath(area),
  ]);

  it('every area of the vocabulary is a safe path segment', () => {
    for (const area of AREAS) expect(unsafeBecause(area), area).toBeNull();
  });

  it('every area page URL is accepted by the site path check the build uses', () => {
    expect(urls).toHaveLength(AREAS.length * 5);
    for (const url of urls) expect(fileOf(url), url).toBe(`${url.slice(1)}.html`);
  });

  it('the site path check refuses what a free-text area used to make', () => {
    for (const url of ['/blogs/area/..', '/frozen-accounts/area/a/../..', '/favoriteRanking/area/a\\b']) {
      expect(fileOf(url), url).toMatch(/^Not a site path/);
    }
  });
});
