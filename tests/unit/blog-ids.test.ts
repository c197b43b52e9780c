import { describe, expect, it } from 'vitest';
import { dailyDocId, fetchCountFor, freeDailySlots, newestByCreation, parseDailyDocId, tokyoDayDigits } from '../../src/lib/daily-id';

describe('tokyoDayDigits', () => {
  it('is the Tokyo calendar day, as the rules compute it (request.time + 9 h)', () => {
    expect(tokyoDayDigits(new Date('2026-11-22T14:59:59Z'))).toBe('20261122');
    expect(tokyoDayDigits(new Date('2026-11-22T15:00:00Z'))).toBe('20261123');
    expect(tokyoDayDigits(new Date('2026-12-31T15:30:00Z'))).toBe('20270101');
  });
});

describe('daily ids', () => {
  it('are {uid}_{yyyymmdd}_{slot}', () => {
    expect(dailyDocId('u1', '20261123', 0)).toBe('u1_20261123_0');
    expect(dailyDocId('user_with_underscores', '20261123', 19)).toBe('user_with_underscores_20261123_19');
  });

  it('parse back only for the owner and under the cap', () => {
    expect(parseDailyDocId('u1_20261123_9', 'u1', 10)).toEqual({ day: '20261123', slot: 9 });
    expect(parseDailyDocId('u1_20261123_10', 'u1', 10)).toBeNull();
    expect(parseDailyDocId('u1_20261123_19', 'u1', 20)).toEqual({ day: '20261123', slot: 19 });
    expect(parseDailyDocId('u1_20261123_01', 'u1', 20)).toBeNull();
    expect(parseDailyDocId('u2_20261123_0', 'u1', 10)).toBeNull();
    expect(parseDailyDocId('u1_2026112_0', 'u1', 10)).toBeNull();
    expect(parseDailyDocId('u1_20261123_0', '', 10)).toBeNull();
    // An owner whose uid is a prefix of another's: the rest must still be a day and a slot.
    expect(parseDailyDocId('u1_x_20261123_0', 'u1', 10)).toBeNull();
    expect(parseDailyDocId('user_with_underscores_20261123_3', 'user_with_underscores', 10)).toEqual({ day: '20261123', slot: 3 });
  });

  it('leave free the slots of the day that no id takes, lowest first', () => {
    const known = ['u1_20261123_0', 'u1_20261123_2', 'u1_20261122_1', 'u2_20261123_1', 'junk'];
    expect(freeDailySlots(known, 'u1', '20261123', 4)).toEqual([1, 3]);
    expect(freeDailySlots([], 'u1', '20261123', 3)).toEqual([0, 1, 2]);
    expect(freeDailySlots(['u1_20261123_0', 'u1_20261123_1'], 'u1', '20261123', 2)).toEqual([]);
  });
});

describe('newest by creation from a page read in id order', () => {
  const at = (day: number, minute: number) => new Date(Date.UTC(2026, 10, day, 0, minute));

  it('sorts by creation, newest first, and keeps the count', () => {
    const items = [
      { id: 'a', createdAt: at(20, 1) },
      { id: 'b', createdAt: at(22, 5) },
      { id: 'c', createdAt: at(21, 0) },
    ];
    expect(newestByCreation(items, 2).map((item) => item.id)).toEqual(['b', 'c']);
  });

  it('reading shown + perDay ids in descending id order always holds the true newest', () => {
    // A day's ids sort _9 … _2, _19 … _10, _1, _0 as text; slots were taken in order, so slot n is the nth of the day.
    const perDay = 20;
    const shown = 20;
    const days = [22, 21, 20, 19];
    const all = days.flatMap((day, d) =>
      Array.from({ length: [3, 20, 7, 20][d]! }, (_, slot) => ({ id: `u_202611${day}_${slot}`, createdAt: at(day, slot) })),
    );
    const byId = [...all].sort((a, b) => (a.id < b.id ? 1 : -1));
    const page = byId.slice(0, fetchCountFor(shown, perDay));
    const truth = newestByCreation(all, shown).map((item) => item.id);
    expect(newestByCreation(page, shown).map((item) => item.id)).toEqual(truth);
    // Fewer would not do: the 20th newest (slot 3 of the 21st) sorts after slots 10..19 of the same day.
    expect(newestByCreation(byId.slice(0, shown), shown).map((item) => item.id)).not.toEqual(truth);
  });
});
