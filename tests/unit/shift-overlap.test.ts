import { describe, expect, it } from 'vitest';
import { findOverlap } from '../../src/lib/shifts/overlap';

const shift = (id: string, date: string, start: string, end: string) => ({ id, date, start, end });

describe('findOverlap', () => {
  it('finds a shift that overlaps on the same day', () => {
    const other = shift('a', '2026-11-23', '12:00', '18:00');
    expect(findOverlap({ date: '2026-11-23', start: '17:00', end: '20:00' }, [other])).toBe(other);
    expect(findOverlap({ date: '2026-11-23', start: '13:00', end: '14:00' }, [other])).toBe(other);
  });
  it('lets shifts touch at an endpoint (18:00–22:00 then 22:00–翌02:00)', () => {
    const evening = shift('a', '2026-11-23', '18:00', '22:00');
    expect(findOverlap({ date: '2026-11-23', start: '22:00', end: '02:00' }, [evening])).toBeNull();
    expect(findOverlap({ date: '2026-11-23', start: '12:00', end: '18:00' }, [evening])).toBeNull();
  });
  it("lets a shift start when last night's shift ends (翌03:00, then 03:00)", () => {
    const night = shift('a', '2026-11-22', '20:00', '03:00');
    expect(findOverlap({ date: '2026-11-23', start: '03:00', end: '06:00' }, [night])).toBeNull();
  });
  it("catches yesterday's 20:00–翌03:00 against today's 02:00–06:00", () => {
    const night = shift('a', '2026-11-22', '20:00', '03:00');
    expect(findOverlap({ date: '2026-11-23', start: '02:00', end: '06:00' }, [night])).toBe(night);
  });
  it('catches a shift past midnight against the next morning', () => {
    const morning = shift('a', '2026-11-24', '01:00', '05:00');
    expect(findOverlap({ date: '2026-11-23', start: '22:00', end: '02:00' }, [morning])).toBe(morning);
  });
  it('does not confuse the same times on different days', () => {
    expect(findOverlap({ date: '2026-11-24', start: '12:00', end: '18:00' }, [shift('a', '2026-11-23', '12:00', '18:00')])).toBeNull();
  });
  it('ignores the edited shift itself, but not the others', () => {
    const self = shift('a', '2026-11-23', '12:00', '18:00');
    const other = shift('b', '2026-11-23', '19:00', '23:00');
    expect(findOverlap({ id: 'a', date: '2026-11-23', start: '13:00', end: '18:30' }, [self, other])).toBeNull();
    expect(findOverlap({ id: 'a', date: '2026-11-23', start: '13:00', end: '20:00' }, [self, other])).toBe(other);
    expect(findOverlap({ date: '2026-11-23', start: '13:00', end: '18:30' }, [self])).toBe(self);
  });
  it('returns the first clash in the order given', () => {
    const first = shift('a', '2026-11-23', '10:00', '14:00');
    const second = shift('b', '2026-11-23', '14:00', '18:00');
    expect(findOverlap({ date: '2026-11-23', start: '12:00', end: '16:00' }, [first, second])).toBe(first);
  });
});
