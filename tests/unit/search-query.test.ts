import { describe, expect, it } from 'vitest';
import {
  cleanResultUrl,
  countedFilters,
  pagefindFilters,
  parseSearchQuery,
  searchQueryString,
  searchTerm,
} from '../../src/lib/search-query';

describe('searchTerm', () => {
  it('folds a handle-shaped query to the stored handle', () => {
    expect(searchTerm(' @MIU_0312 ')).toBe('miu_0312');
    expect(searchTerm('＠ｍｉｕ＿０３１２')).toBe('miu_0312');
  });
  it('leaves other text as typed, trimmed', () => {
    expect(searchTerm(' 新宿 アロマ ')).toBe('新宿 アロマ');
  });
  it('is null for an empty query', () => {
    expect(searchTerm('   ')).toBeNull();
  });
});

describe('search URL', () => {
  it('round-trips the set fields and drops unknown kinds', () => {
    const query = parseSearchQuery(new URLSearchParams('q=miu&area=新宿&kind=store'));
    expect(query).toEqual({ q: 'miu', area: '新宿', store: '', kind: 'store' });
    expect(searchQueryString(query)).toBe('?q=miu&area=%E6%96%B0%E5%AE%BF&kind=store');
    expect(parseSearchQuery(new URLSearchParams('kind=admin')).kind).toBe('');
    expect(searchQueryString({ q: '', area: '', store: '', kind: '' })).toBe('');
  });
  it('turns the set fields into Pagefind filters with Japanese kind names', () => {
    expect(pagefindFilters({ q: 'x', area: '渋谷', store: '', kind: 'therapist' })).toEqual({ area: '渋谷', kind: 'セラピスト' });
  });
});

describe('countedFilters', () => {
  it('allows every kind when none is chosen, so that Pagefind counts the results by kind', () => {
    expect(countedFilters({ area: '渋谷' })).toEqual({ area: '渋谷', kind: { any: ['セラピスト', '店舗', 'ブログ'] } });
  });

  it('keeps a chosen kind', () => {
    expect(countedFilters({ kind: 'ブログ' })).toEqual({ kind: 'ブログ' });
  });
});

describe('cleanResultUrl', () => {
  it('drops .html before the end, a query or a fragment', () => {
    expect(cleanResultUrl('/profile/miu.html')).toBe('/profile/miu');
    expect(cleanResultUrl('/profile/miu.html#former')).toBe('/profile/miu#former');
    expect(cleanResultUrl('/profile/html-fan')).toBe('/profile/html-fan');
  });
});
