import { describe, expect, it } from 'vitest';
import { endDateKey, endsNextDay, formatShiftTime, groupByDate, shiftsByDay, upcomingShifts } from '../../src/lib/shifts/view';
import { scheduleFeedPath, schedulePath } from '../../src/lib/routes';

const shift = (date: string, start: string, end: string) => ({ date, start, end });

describe('shift times', () => {
  it('marks a shift that passes midnight with 翌', () => {
    expect(endsNextDay(shift('2026-11-22', '20:00', '03:00'))).toBe(true);
    expect(formatShiftTime(shift('2026-11-22', '20:00', '03:00'))).toBe('20:00〜翌03:00');
    expect(formatShiftTime(shift('2026-11-22', '12:00', '18:30'))).toBe('12:00〜18:30');
  });
});

describe('upcomingShifts', () => {
  const shifts = [
    shift('2026-11-21', '12:00', '18:00'),
    shift('2026-11-23', '18:00', '23:00'),
    shift('2026-11-22', '20:00', '02:00'),
    shift('2026-11-22', '10:00', '15:00'),
    shift('2026-12-06', '12:00', '18:00'),
  ];
  it('keeps the days from the first one, sorted by date and start', () => {
    expect(upcomingShifts(shifts, '2026-11-22', 14)).toEqual([shifts[3], shifts[2], shifts[1]]);
  });
  it('includes the last day of the window and not the one after', () => {
    expect(upcomingShifts(shifts, '2026-11-23', 14).map((s) => s.date)).toEqual(['2026-11-23', '2026-12-06']);
    expect(upcomingShifts(shifts, '2026-11-22', 1)).toHaveLength(2);
  });
});

describe('groupByDate', () => {
  it('groups consecutive shifts of a date', () => {
    const sorted = [shift('2026-11-22', '10:00', '12:00'), shift('2026-11-22', '13:00', '15:00'), shift('2026-11-23', '10:00', '12:00')];
    expect(groupByDate(sorted).map((g) => [g.date, g.shifts.length])).toEqual([
      ['2026-11-22', 2],
      ['2026-11-23', 1],
    ]);
  });
});

describe('endDateKey', () => {
  it('is the next day for a shift past midnight, across month and year ends', () => {
    expect(endDateKey(shift('2026-11-22', '12:00', '18:00'))).toBe('2026-11-22');
    expect(endDateKey(shift('2026-11-30', '20:00', '03:00'))).toBe('2026-12-01');
    expect(endDateKey(shift('2026-12-31', '22:00', '00:00'))).toBe('2027-01-01');
  });
});

describe('shiftsByDay', () => {
  it('lists every day of the window, with an empty list on days without shifts', () => {
    const shifts = [
      shift('2026-11-24', '18:00', '23:00'),
      shift('2026-11-22', '20:00', '02:00'),
      shift('2026-11-22', '10:00', '15:00'),
      shift('2026-11-25', '10:00', '15:00'),
    ];
    expect(shiftsByDay(shifts, '2026-11-22', 3)).toEqual([
      { date: '2026-11-22', shifts: [shifts[2], shifts[1]] },
      { date: '2026-11-23', shifts: [] },
      { date: '2026-11-24', shifts: [shifts[0]] },
    ]);
  });
});

describe('schedule paths', () => {
  it('puts the page and its iCalendar feed under /schedule/{uid}', () => {
    expect(schedulePath('th-00001')).toBe('/schedule/th-00001');
    expect(scheduleFeedPath('th-00001')).toBe('/schedule/th-00001.ics');
  });
});
