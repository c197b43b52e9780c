/**
 * What the ranking pages show (src/data/ranking.ts) from an export: each
 * ranked therapist's card, store and change, the area pages the routes
 * list, and an honest empty state before the first ranking.
 */
import { describe, expect, it } from 'vitest';
import { indexExport } from '../../src/data/directory';
import { rankChange, rankingPages, rankingView } from '../../src/data/ranking';
import { rankingPath, RANKING_PATH } from '../../src/lib/routes';
import { illustrationPath } from '../../src/lib/illustration';
import { EXPORT_ROUTES } from '../../src/data/site-pages';
import { publicExport, rankingRecord } from '../factories/public-export';

const records = () => publicExport({ therapists: 40 });

describe('rankChange', () => {
  it('says up, down, the same or new; nothing without a compared ranking', () => {
    expect(rankChange(2, 5, true)).toEqual({ kind: 'up', by: 3 });
    expect(rankChange(7, 5, true)).toEqual({ kind: 'down', by: 2 });
    expect(rankChange(5, 5, true)).toEqual({ kind: 'same' });
    expect(rankChange(5, null, true)).toEqual({ kind: 'new' });
    expect(rankChange(5, null, false)).toBeNull();
  });
});

describe('rankingView', () => {
  it('shows each ranked therapist with her card, store, count and change, in rank order', () => {
    const data = records();
    const view = rankingView(indexExport(data));
    const first = data.therapists[0]!;
    const store = data.stores.find((s) => s.id === first.storeId)!;
    expect(view.computedAt).toBe(data.rankings[0]!.computedAt);
    expect(view.comparedWith).toBe('2026-10-25');
    expect(view.overall).toHaveLength(12);
    expect(view.overall.map((row) => row.rank).slice(0, 4)).toEqual([1, 2, 2, 4]);
    expect(view.overall[0]).toEqual({
      uid: first.id,
      rank: 1,
      count: 40,
      // Last week one place lower.
      change: { kind: 'up', by: 1 },
      card: {
        kind: 'therapist',
        name: first.displayName,
        href: `/profile/${first.profileSlug}`,
        area: first.area,
        photoURL: first.photoURL,
        illustration: illustrationPath(first.id),
      },
      storeName: store.displayName || store.storeName,
    });
    expect(view.overall.map((row) => row.change?.kind).slice(0, 3)).toEqual(['up', 'same', 'new']);
  });

  it('lists the areas in the site’s order, each with its page', () => {
    const view = rankingView(indexExport(records()));
    expect(view.areas.map((area) => area.area)).toEqual(['新宿', '渋谷', '池袋']);
    expect(view.areas[0]!.href).toBe('/favoriteRanking/area/新宿');
    expect(view.areas.every((area) => area.rows.every((row) => row.card.area === area.area))).toBe(true);
    expect(view.areas.flatMap((area) => area.rows)).toHaveLength(12);
  });

  it('leaves out an entry whose therapist is not in the export', () => {
    const data = records();
    data.therapists.splice(0, 1);
    expect(rankingView(indexExport(data)).overall.map((row) => row.uid)).not.toContain('th-01');
  });

  it('is empty before the first ranking, and shows no change without a compared ranking', () => {
    const data = records();
    expect(rankingView(indexExport({ ...data, rankings: [] }))).toEqual({ computedAt: null, comparedWith: null, overall: [], areas: [] });
    const first = rankingView(indexExport({ ...data, rankings: [rankingRecord(data.therapists.slice(0, 3), { comparedWith: null })] }));
    expect(first.overall.map((row) => row.change)).toEqual([null, null, null]);
  });
});

describe('the ranking pages', () => {
  it('are /favoriteRanking and one page per ranked area, the routes list those areas', () => {
    const site = indexExport(records());
    expect(rankingPages(site).map((page) => page.url)).toEqual([
      RANKING_PATH,
      ...(['新宿', '渋谷', '池袋'] as const).map((area) => rankingPath(area)),
    ]);
    expect(EXPORT_ROUTES['/favoriteRanking/area/[area]'](site)).toEqual([{ area: '新宿' }, { area: '渋谷' }, { area: '池袋' }]);
  });

  it('only the overall page exists (empty) before the first ranking', () => {
    const site = indexExport({ ...records(), rankings: [] });
    expect(rankingPages(site).map((page) => page.url)).toEqual([RANKING_PATH]);
    expect(EXPORT_ROUTES['/favoriteRanking/area/[area]'](site)).toEqual([]);
  });
});
