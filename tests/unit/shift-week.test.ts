import { describe, expect, it } from 'vitest';
import { nextWeek, previousWeek, weekDays, weekRangeLabel, weekStart } from '../../src/lib/shifts/week';

describe('weekStart', () => {
  it('is the Monday itself on a Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
  });
  it('goes back to Monday mid-week and on Saturday', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-28')).toBe('2026-11-23');
  });
  it('counts Sunday as the last day of the week', () => {
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
  });
  it('crosses a month and a year', () => {
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });
});

describe('week days and navigation', () => {
  it('lists Monday to Sunday', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });
  it('moves by seven days', () => {
    expect(previousWeek('2026-11-23')).toBe('2026-11-16');
    expect(nextWeek('2026-11-23')).toBe('2026-11-30');
  });
  it('labels the week Monday to Sunday', () => {
    expect(weekRangeLabel('2026-11-23')).toBe('11月23日(月)〜11月29日(日)');
  });
});
