import { describe, expect, it } from 'vitest';
import {
  clampRosterOffset,
  isShiftDay,
  rosterOffsetOf,
  rosterOffsetRange,
  rosterStart,
  shiftsByRosterDay,
} from '../../src/lib/shifts/roster';
import type { Shift } from '../../src/lib/shifts/shift';
import { weekDays } from '../../src/lib/shifts/week';

const today = '2026-11-24';

describe('roster windows', () => {
  it('start today and move by whole weeks', () => {
    expect(rosterStart(today, 0)).toBe('2026-11-24');
    expect(rosterStart(today, 1)).toBe('2026-12-01');
    expect(rosterStart(today, -1)).toBe('2026-11-17');
    expect(weekDays(rosterStart(today, 0))).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });

  it('go from the one showing yesterday to the one showing the 60th day ahead', () => {
    expect(rosterOffsetRange(today)).toEqual({ min: -1, max: 8 });
    // The last window (2027-01-19..25) holds the 60th day, 2027-01-23.
    expect(rosterStart(today, 8)).toBe('2027-01-19');
    expect(isShiftDay('2027-01-23', today)).toBe(true);
    expect(isShiftDay('2027-01-24', today)).toBe(false);
    expect(isShiftDay('2026-11-23', today)).toBe(true);
    expect(isShiftDay('2026-11-22', today)).toBe(false);
  });

  it('find the window that shows a date, kept within the range', () => {
    expect(rosterOffsetOf(today, '2026-11-24')).toBe(0);
    expect(rosterOffsetOf(today, '2026-11-30')).toBe(0);
    expect(rosterOffsetOf(today, '2026-12-01')).toBe(1);
    expect(rosterOffsetOf(today, '2026-11-23')).toBe(-1);
    expect(rosterOffsetOf(today, '2026-11-10')).toBe(-2);
    expect(clampRosterOffset(today, -2)).toBe(-1);
    expect(clampRosterOffset(today, 20)).toBe(8);
    expect(clampRosterOffset(today, 3)).toBe(3);
  });
});

describe('shiftsByRosterDay', () => {
  const shift = (date: string, start: string): Shift => ({
    id: `${date}-${start}`,
    userId: 'u',
    storeId: 's',
    date,
    start,
    end: '23:00',
    note: '',
  });

  it('puts each shift under the day it starts, with every shown day present', () => {
    const days = weekDays(today);
    // The day before the window (loaded for overlap checks) is not a column.
    const byDay = shiftsByRosterDay([shift('2026-11-23', '20:00'), shift('2026-11-24', '12:00'), shift('2026-11-24', '18:00')], days);
    expect([...byDay.keys()]).toEqual(days);
    expect(byDay.get('2026-11-24')?.map((s) => s.start)).toEqual(['12:00', '18:00']);
    expect(byDay.get('2026-11-25')).toEqual([]);
  });
});
