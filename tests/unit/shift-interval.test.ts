import { describe, expect, it } from 'vitest';
import { compareShifts } from '../../src/lib/shifts/view';
import { dayNumber, isTimeOfDay, shiftInterval } from '../../src/lib/shifts/shift';

const day = (dateKey: string) => dayNumber(dateKey) * 24 * 60;

describe('shiftInterval', () => {
  it('keeps a daytime shift on its own day', () => {
    expect(shiftInterval({ date: '2026-11-23', start: '10:00', end: '15:30' })).toEqual({
      start: day('2026-11-23') + 600,
      end: day('2026-11-23') + 930,
    });
  });
  it('puts an end earlier than the start on the next day (22:00–02:00 ends at 02:00 the day after)', () => {
    const interval = shiftInterval({ date: '2026-11-23', start: '22:00', end: '02:00' });
    expect(interval).toEqual({ start: day('2026-11-23') + 22 * 60, end: day('2026-11-24') + 2 * 60 });
    expect(interval.end - interval.start).toBe(4 * 60);
  });
  it('ends at midnight when the end is 00:00', () => {
    expect(shiftInterval({ date: '2026-11-23', start: '18:00', end: '00:00' }).end).toBe(day('2026-11-24'));
  });
  it('crosses a month end', () => {
    expect(shiftInterval({ date: '2026-11-30', start: '23:00', end: '01:00' }).end).toBe(day('2026-12-01') + 60);
  });
  it('lasts under 24 hours at most (23:59–23:58)', () => {
    const { start, end } = shiftInterval({ date: '2026-11-23', start: '23:59', end: '23:58' });
    expect(end - start).toBe(24 * 60 - 1);
  });
});

describe('dayNumber', () => {
  it('counts days from 1970-01-01', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-11-24') - dayNumber('2026-11-23')).toBe(1);
  });
});

describe('isTimeOfDay', () => {
  it('takes 24-hour HH:mm only', () => {
    expect(isTimeOfDay('00:00')).toBe(true);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isTimeOfDay('9:00')).toBe(false);
    expect(isTimeOfDay('18:00:00')).toBe(false);
    expect(isTimeOfDay('')).toBe(false);
  });
});

describe('compareShifts', () => {
  it('orders by date, then start', () => {
    const shifts = [
      { date: '2026-11-24', start: '10:00', end: '12:00' },
      { date: '2026-11-23', start: '18:00', end: '02:00' },
      { date: '2026-11-23', start: '09:00', end: '12:00' },
    ];
    expect([...shifts].sort(compareShifts)).toEqual([shifts[2], shifts[1], shifts[0]]);
  });
});
