/**
 * From counts to the published tables (scripts/ranking/rank.ts,
 * src/lib/ranking-tables.ts and the export's src/registry/derive.ts): competition ranks, the top 100 overall and 30 per area, last
 * week's rank from the oldest snapshot of the week, and what the export
 * keeps when a ranked therapist is no longer public.
 */
import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { comparisonDate, expiredSnapshotDates, rankingTables, sameTables, snapshotRanks, type Candidate } from '../../scripts/ranking/rank';
import { publishedTables, withRanks } from '../../src/lib/ranking-tables';
import { publicRankings } from '../../src/registry/derive';
import { publicRanking, RANKING_AREA_SIZE, RANKING_OVERALL_SIZE } from '../../src/schema/rankings';

const candidate = (uid: string, count: number, area = '新宿'): Candidate => ({ uid, count, area });

describe('withRanks', () => {
  it('orders by count, then uid, and gives ties one rank (1, 2, 2, 4)', () => {
    const ranked = withRanks([candidate('d', 5), candidate('c', 8), candidate('a', 10), candidate('b', 8)]);
    expect(ranked.map(({ uid, rank }) => [uid, rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });
});

describe('rankingTables', () => {
  it(`keeps the top ${RANKING_OVERALL_SIZE} overall and ${RANKING_AREA_SIZE} per area`, () => {
    const many = Array.from({ length: 130 }, (_, i) => candidate(`t${String(i).padStart(3, '0')}`, 200 - i, i % 2 ? '渋谷' : '新宿'));
    const tables = rankingTables(many, null);
    expect(tables.overall).toHaveLength(RANKING_OVERALL_SIZE);
    expect(tables.overall[0]).toEqual({ uid: 't000', count: 200, rank: 1, previousRank: null });
    expect(tables.overall.at(-1)!.rank).toBe(100);
    expect(Object.keys(tables.areas)).toEqual(['新宿', '渋谷']);
    expect(tables.areas['渋谷']).toHaveLength(RANKING_AREA_SIZE);
    expect(tables.areas['渋谷']![0]).toEqual({ uid: 't001', count: 199, rank: 1, previousRank: null });
    expect(tables.comparedWith).toBeNull();
  });

  it('takes previousRank from the compared snapshot, overall and per area; null for the newly ranked', () => {
    const previous = {
      date: '2026-11-17',
      ranks: { overall: [{ uid: 'b', rank: 1 }], areas: { 新宿: [{ uid: 'b', rank: 1 }], 渋谷: [{ uid: 'a', rank: 3 }] } },
    };
    const tables = rankingTables([candidate('a', 9), candidate('b', 4)], previous);
    expect(tables).toEqual({
      comparedWith: '2026-11-17',
      overall: [
        { uid: 'a', count: 9, rank: 1, previousRank: null },
        { uid: 'b', count: 4, rank: 2, previousRank: 1 },
      ],
      areas: {
        // a ranked in 渋谷 last week; in 新宿 she is new.
        新宿: [
          { uid: 'a', count: 9, rank: 1, previousRank: null },
          { uid: 'b', count: 4, rank: 2, previousRank: 1 },
        ],
      },
    });
  });

  it('leaves out zero counts; nothing counted, nothing ranked', () => {
    expect(rankingTables([candidate('a', 0)], null)).toEqual({ comparedWith: null, overall: [], areas: {} });
  });

  it('snapshots keep uids and ranks only', () => {
    const tables = rankingTables([candidate('a', 9), candidate('b', 4, '渋谷')], null);
    expect(snapshotRanks(tables)).toEqual({
      overall: [
        { uid: 'a', rank: 1 },
        { uid: 'b', rank: 2 },
      ],
      areas: { 新宿: [{ uid: 'a', rank: 1 }], 渋谷: [{ uid: 'b', rank: 1 }] },
    });
  });
});

describe('the week of snapshots', () => {
  const dates = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-20', '2026-11-24'];
  it('compares with the oldest of the 7 days before today (a week ago when there is one)', () => {
    expect(comparisonDate(dates, '2026-11-24')).toBe('2026-11-17');
    expect(comparisonDate(dates, '2026-11-22')).toBe('2026-11-15');
    expect(comparisonDate(['2026-11-24'], '2026-11-24')).toBeNull();
    expect(comparisonDate([], '2026-11-24')).toBeNull();
  });
  it('expires what is older than 7 days', () => {
    expect(expiredSnapshotDates(dates, '2026-11-24')).toEqual(['2026-11-15', '2026-11-16']);
  });
});

describe('sameTables', () => {
  it('ignores key order (Firestore hands maps back sorted) and sees any number change', () => {
    const tables = rankingTables([candidate('a', 9), candidate('b', 4, '渋谷')], null);
    const reordered = {
      areas: { 渋谷: tables.areas['渋谷']!, 新宿: tables.areas['新宿']! },
      overall: tables.overall.map(({ uid, count, rank, previousRank }) => ({ previousRank, rank, count, uid })),
      comparedWith: null,
    };
    expect(sameTables(tables, reordered)).toBe(true);
    expect(sameTables(tables, rankingTables([candidate('a', 10), candidate('b', 4, '渋谷')], null))).toBe(false);
  });
});

describe('what the export publishes', () => {
  const tables = rankingTables([candidate('a', 9), candidate('b', 7), candidate('c', 7, '渋谷'), candidate('d', 2)], null);

  it('drops therapists who are not public and ranks the rest again; an area keeps only who is still in it', () => {
    // b is suspended; c moved to 新宿 since.
    const areas = new Map([
      ['a', '新宿'],
      ['c', '新宿'],
      ['d', '新宿'],
    ]);
    expect(publishedTables(tables, (uid) => areas.get(uid))).toEqual({
      comparedWith: null,
      overall: [
        { uid: 'a', count: 9, rank: 1, previousRank: null },
        { uid: 'c', count: 7, rank: 2, previousRank: null },
        { uid: 'd', count: 2, rank: 3, previousRank: null },
      ],
      areas: {
        新宿: [
          { uid: 'a', count: 9, rank: 1, previousRank: null },
          { uid: 'd', count: 2, rank: 2, previousRank: null },
        ],
      },
    });
  });

  it('turns rankings/current into one valid public record with ISO time', () => {
    const computedAt = Timestamp.fromDate(new Date('2026-11-24T15:00:05Z'));
    const records = publicRankings(new Map([['current', { computedAt, ...tables }]]), () => '新宿');
    expect(records).toHaveLength(1);
    expect(publicRanking.parse(records[0])).toMatchObject({ id: 'current', computedAt: '2026-11-24T15:00:05.000Z' });
    expect(publicRankings(new Map(), () => '新宿')).toEqual([]);
  });
});
