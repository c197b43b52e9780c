import { describe, expect, it } from 'vitest';
import {
  MAX_SHIFTS_PER_DAY as SCHEMA_MAX,
  SHIFT_DAYS_AHEAD as SCHEMA_AHEAD,
  shiftDocId as schemaShiftDocId,
} from '../../src/schema/schedules';
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../../src/lib/caps';
import { freeShiftSlots, parseShiftId, placeShifts, shiftDateProblem, shiftDocId } from '../../src/lib/shifts/slots';
import { validateShift } from '../../src/lib/shifts/validate';

const today = '2026-11-22';
const id = (date: string, slot: number) => shiftDocId('u1', date, slot);

describe('shift ids', () => {
  it('match the schema: {userId}_{date}_{slot}, 3 a day, 60 days ahead', () => {
    expect([MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD]).toEqual([SCHEMA_MAX, SCHEMA_AHEAD]);
    expect(shiftDocId('u1', '2026-11-22', 2)).toBe(schemaShiftDocId('u1', '2026-11-22', 2));
  });

  it('parse back to date and slot, and nothing for an older id', () => {
    expect(parseShiftId(id('2026-11-22', 1), 'u1')).toEqual({ date: '2026-11-22', slot: 1 });
    expect(parseShiftId('AbC123randomId', 'u1')).toBeNull();
    expect(parseShiftId(shiftDocId('u2', '2026-11-22', 0), 'u1')).toBeNull();
    expect(parseShiftId(id('2026-11-22', 3), 'u1')).toBeNull();
  });
});

describe('freeShiftSlots', () => {
  it('gives the free slots of the day, lowest first', () => {
    const known = [{ id: id('2026-11-22', 0) }, { id: id('2026-11-22', 2) }, { id: id('2026-11-23', 1) }, { id: 'legacy' }];
    expect(freeShiftSlots(known, 'u1', '2026-11-22')).toEqual([1]);
    expect(freeShiftSlots(known, 'u1', '2026-11-23')).toEqual([0, 2]);
    expect(freeShiftSlots(known, 'u1', '2026-11-22', id('2026-11-22', 2))).toEqual([1, 2]);
    expect(freeShiftSlots([...known, { id: id('2026-11-22', 1) }], 'u1', '2026-11-22')).toEqual([]);
  });
});

describe('shiftDateProblem', () => {
  it('allows yesterday to 60 days ahead, and names the limit otherwise', () => {
    expect(shiftDateProblem('2026-11-21', today)).toBeNull();
    expect(shiftDateProblem('2027-01-21', today)).toBeNull();
    expect(shiftDateProblem('2026-11-20', today)).toContain('昨日（11月21日(土)）以降');
    expect(shiftDateProblem('2027-01-22', today)).toBe('出勤は 60 日先（1月21日(木)）まで登録できます。日付を見直してください。');
  });

  it('is part of validateShift when today is given', () => {
    const shift = { date: '2027-02-01', start: '18:00', end: '23:00', note: '' };
    expect(validateShift(shift)).toEqual({});
    expect(validateShift(shift, today).date).toContain('60 日先');
  });
});

describe('placeShifts', () => {
  it('gives each copy its day’s free slots and sets aside full days and days out of range', () => {
    const known = [{ id: id('2026-11-23', 0) }, { id: id('2026-11-23', 1) }];
    const copies = [
      { date: '2026-11-23', n: 'a' },
      { date: '2026-11-23', n: 'b' },
      { date: '2026-11-24', n: 'c' },
      { date: '2027-06-01', n: 'd' },
    ];
    const { placed, full, outOfRange } = placeShifts(copies, known, 'u1', today);
    expect(placed).toEqual([
      { fields: copies[0], slots: [2] },
      { fields: copies[2], slots: [0, 1, 2] },
    ]);
    expect(full).toEqual([copies[1]]);
    expect(outOfRange).toEqual([copies[3]]);
  });
});
