import { describe, expect, it } from 'vitest';
import { copyResultMessage, copyWeek } from '../../src/lib/shifts/copy-week';

const shift = (date: string, start: string, end: string, note = '') => ({ date, start, end, note });

describe('copyWeek', () => {
  const lastWeek = [
    shift('2026-11-16', '18:00', '23:00', '指名のみ'),
    shift('2026-11-18', '20:00', '03:00'),
    shift('2026-11-22', '12:00', '18:00'),
  ];

  it('moves every shift of the source week by seven days, keeping times and notes', () => {
    expect(copyWeek(lastWeek, '2026-11-16', '2026-11-23', [])).toEqual({
      toCreate: [
        shift('2026-11-23', '18:00', '23:00', '指名のみ'),
        shift('2026-11-25', '20:00', '03:00'),
        shift('2026-11-29', '12:00', '18:00'),
      ],
      skipped: [],
    });
  });

  it('ignores shifts outside the source week', () => {
    const wider = [shift('2026-11-15', '10:00', '12:00'), ...lastWeek, shift('2026-11-23', '10:00', '12:00')];
    expect(copyWeek(wider, '2026-11-16', '2026-11-23', []).toCreate.map((s) => s.date)).toEqual(['2026-11-23', '2026-11-25', '2026-11-29']);
  });

  it('skips the copies that overlap shifts already in the target week', () => {
    const existing = [
      { id: 'x', ...shift('2026-11-25', '22:00', '23:00') },
      { id: 'y', ...shift('2026-11-29', '18:00', '20:00') },
    ];
    expect(copyWeek(lastWeek, '2026-11-16', '2026-11-23', existing)).toEqual({
      toCreate: [shift('2026-11-23', '18:00', '23:00', '指名のみ'), shift('2026-11-29', '12:00', '18:00')],
      skipped: [shift('2026-11-25', '20:00', '03:00')],
    });
  });

  it('skips a Monday copy that overlaps the Sunday night before the target week', () => {
    const sundayNight = { id: 's', ...shift('2026-11-22', '20:00', '03:00') };
    const mondayEarly = [shift('2026-11-16', '02:00', '06:00')];
    expect(copyWeek(mondayEarly, '2026-11-16', '2026-11-23', [sundayNight])).toEqual({
      toCreate: [],
      skipped: [shift('2026-11-23', '02:00', '06:00')],
    });
  });

  it('skips a source shift that overlaps one already taken', () => {
    const clashing = [shift('2026-11-16', '10:00', '14:00'), shift('2026-11-16', '12:00', '16:00')];
    expect(copyWeek(clashing, '2026-11-16', '2026-11-23', [])).toEqual({
      toCreate: [shift('2026-11-23', '10:00', '14:00')],
      skipped: [shift('2026-11-23', '12:00', '16:00')],
    });
  });
});

describe('copyResultMessage', () => {
  it('reports created and skipped shifts', () => {
    expect(copyResultMessage({ created: 5, skipped: 2 })).toBe('5件コピーしました（2件は重なるため飛ばしました）');
    expect(copyResultMessage({ created: 3, skipped: 0 })).toBe('3件コピーしました');
    expect(copyResultMessage({ created: 0, skipped: 1 })).toBe('0件コピーしました（1件は重なるため飛ばしました）');
  });
  it('names the day cap and the 60-day limit when copies were left out for them', () => {
    expect(copyResultMessage({ created: 2, skipped: 1, full: 2, outOfRange: 1 })).toBe(
      '2件コピーしました（1件は重なるため、2件は 1 日 3 件の上限のため、1件は 60 日より先の日付のため飛ばしました）',
    );
  });
  it('says when last week had nothing to copy', () => {
    expect(copyResultMessage({ created: 0, skipped: 0 })).toBe('先週の出勤がないため、コピーするものはありませんでした。');
  });
});
