import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, storeLabel, type StoreNaming } from '../../src/lib/breadcrumbs';

const stores: StoreNaming[] = [
  { id: 'st-1', profileSlug: 'aroma-shinjuku', displayName: 'アロマ新宿', storeName: 'アロマリラク新宿本店' },
  { id: 'st-2', profileSlug: 'iyashi-shibuya', displayName: '', storeName: '癒しの森 渋谷' },
  { id: 'aroma-old', profileSlug: 'something-else', displayName: 'IDで見つかる店', storeName: '' },
];

describe('buildBreadcrumbs', () => {
  it('starts with ホーム and labels known segments in Japanese', () => {
    expect(buildBreadcrumbs('/frozen-accounts')).toEqual([{ label: 'ホーム', href: '/' }, { label: '凍結アカウント一覧' }]);
    expect(buildBreadcrumbs('/schedule/manage')).toEqual([
      { label: 'ホーム', href: '/' },
      { label: '出勤予定', href: '/today' },
      { label: '管理' },
    ]);
  });

  it('is only ホーム on the home page', () => {
    expect(buildBreadcrumbs('/')).toEqual([{ label: 'ホーム', href: '/' }]);
  });

  it('names a store page by displayName, found by slug', () => {
    const crumbs = buildBreadcrumbs('/store-profile/aroma-shinjuku', stores);
    expect(crumbs.map((c) => c.label)).toEqual(['ホーム', '店舗', 'アロマ新宿']);
    expect(crumbs[1]?.href).toBe('/stores');
    expect(crumbs[2]?.href).toBeUndefined();
  });

  it('falls back to storeName when displayName is empty', () => {
    expect(buildBreadcrumbs('/store-profile/iyashi-shibuya', stores).at(-1)?.label).toBe('癒しの森 渋谷');
  });

  it('finds a store by document id when no slug matches', () => {
    expect(storeLabel('aroma-old', stores)).toBe('IDで見つかる店');
  });

  it('prefers the slug match over an id match', () => {
    const clash: StoreNaming[] = [
      { id: 'shared', profileSlug: 'other', displayName: 'IDの店', storeName: '' },
      { id: 'x', profileSlug: 'shared', displayName: 'スラッグの店', storeName: '' },
    ];
    expect(storeLabel('shared', clash)).toBe('スラッグの店');
  });

  it('falls back to the slug itself for an unknown store', () => {
    expect(buildBreadcrumbs('/store-profile/unknown-store', stores).at(-1)?.label).toBe('unknown-store');
  });

  it("names a schedule page by the therapist's name, found by her id", () => {
    const therapists = new Map([['th-1', { displayName: 'みう' }]]);
    expect(buildBreadcrumbs('/schedule/th-1', stores, therapists)).toEqual([
      { label: 'ホーム', href: '/' },
      { label: '出勤予定', href: '/today' },
      { label: 'みう' },
    ]);
    expect(buildBreadcrumbs('/schedule/manage', stores, therapists).at(-1)?.label).toBe('管理');
    expect(buildBreadcrumbs('/schedule/th-9', stores, therapists).at(-1)?.label).toBe('th-9');
  });

  it('is hidden on /profile paths', () => {
    expect(buildBreadcrumbs('/profile')).toEqual([]);
    expect(buildBreadcrumbs('/profile/miu')).toEqual([]);
  });

  it('shows decoded unknown segments', () => {
    expect(buildBreadcrumbs('/%E3%81%82').at(-1)?.label).toBe('あ');
  });

  it('never shows more than 8 items, keeping ホーム and the deepest crumbs', () => {
    const crumbs = buildBreadcrumbs('/a/b/c/d/e/f/g/h/i/j');
    expect(crumbs).toHaveLength(8);
    expect(crumbs[0]).toEqual({ label: 'ホーム', href: '/' });
    expect(crumbs.slice(1).map((c) => c.label)).toEqual(['d', 'e', 'f', 'g', 'h', 'i', 'j']);
    expect(crumbs[1]?.href).toBe('/a/b/c/d');
  });

  it('skips the segments that only group pages, and names a page by its label', () => {
    expect(buildBreadcrumbs('/blogs/tag/アロマ/page/2', [], new Map(), '過去の記事 2')).toEqual([
      { label: 'ホーム', href: '/' },
      { label: 'ブログ', href: '/blogs' },
      { label: 'アロマ', href: '/blogs/tag/アロマ' },
      { label: '過去の記事 2' },
    ]);
    expect(buildBreadcrumbs('/blog/th-1_20261101_0', [], new Map(), 'はじめての日記')).toEqual([
      { label: 'ホーム', href: '/' },
      { label: 'ブログ', href: '/blogs' },
      { label: 'はじめての日記' },
    ]);
  });
});
