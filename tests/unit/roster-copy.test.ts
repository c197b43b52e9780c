import { describe, expect, it } from 'vitest';
import { ShiftCopyInterruptedError, shiftErrorMessage } from '../../src/lib/shifts/errors';
import { planRosterCopy, rosterCopyMessage, rosterCopyQuestion, type MemberShifts } from '../../src/lib/shifts/roster-copy';
import type { Shift } from '../../src/lib/shifts/shift';
import { shiftDocId } from '../../src/lib/shifts/slots';

// Tuesday 2026-11-24 is "today": the roster shows 11-24..11-30 and copies 11-17..11-23 into it.
const today = '2026-11-24';
const from = '2026-11-17';
const to = '2026-11-24';

const shift = (userId: string, date: string, slot: number, start: string, end: string, note = ''): Shift => ({
  id: shiftDocId(userId, date, slot),
  userId,
  storeId: 'store',
  date,
  start,
  end,
  note,
});
const fields = (date: string, start: string, end: string, note = '') => ({ date, start, end, note });

describe('planRosterCopy', () => {
  it('copies every member’s shifts one week on, keeping times and notes, each in its day’s first free slot', () => {
    const members: MemberShifts[] = [
      {
        userId: 'miu',
        shifts: [shift('miu', '2026-11-17', 0, '12:00', '20:00', '指名のみ'), shift('miu', '2026-11-19', 0, '20:00', '02:00')],
      },
      { userId: 'yuna', shifts: [shift('yuna', '2026-11-23', 0, '10:00', '14:00'), shift('yuna', '2026-11-23', 1, '18:00', '23:00')] },
    ];
    const plan = planRosterCopy(members, from, to, today);
    expect(plan.members).toEqual([
      {
        userId: 'miu',
        placed: [
          { fields: fields('2026-11-24', '12:00', '20:00', '指名のみ'), slots: [0, 1, 2] },
          { fields: fields('2026-11-26', '20:00', '02:00'), slots: [0, 1, 2] },
        ],
      },
      {
        userId: 'yuna',
        placed: [
          { fields: fields('2026-11-30', '10:00', '14:00'), slots: [0, 1, 2] },
          { fields: fields('2026-11-30', '18:00', '23:00'), slots: [1, 2] },
        ],
      },
    ]);
    expect(plan).toMatchObject({ source: 4, toCopy: 4, busy: 0, overlapping: 0, full: 0, outOfRange: 0 });
  });

  it('skips every copy into a day where she already has a shift, even one that would not overlap', () => {
    const members: MemberShifts[] = [
      {
        userId: 'miu',
        shifts: [
          shift('miu', '2026-11-17', 0, '10:00', '12:00'),
          shift('miu', '2026-11-17', 1, '18:00', '22:00'),
          shift('miu', '2026-11-18', 0, '12:00', '20:00'),
          shift('miu', '2026-11-24', 0, '13:00', '15:00'),
        ],
      },
      // Another member's busy day does not stop hers.
      { userId: 'koko', shifts: [shift('koko', '2026-11-17', 0, '10:00', '12:00'), shift('koko', '2026-11-25', 0, '10:00', '12:00')] },
    ];
    const plan = planRosterCopy(members, from, to, today);
    expect(plan.members.map(({ userId, placed }) => [userId, placed.map((p) => p.fields.date)])).toEqual([
      ['miu', ['2026-11-25']],
      ['koko', ['2026-11-24']],
    ]);
    expect(plan).toMatchObject({ source: 4, toCopy: 2, busy: 2 });
  });

  it('skips a copy that would overlap a night shift of the day before, or one reaching into the next day', () => {
    const members: MemberShifts[] = [
      {
        userId: 'miu',
        shifts: [
          // Copied to 11-24 02:00–06:00: her 11-23 night shift (the day before the shown week) runs to 05:00.
          shift('miu', '2026-11-17', 0, '02:00', '06:00'),
          shift('miu', '2026-11-23', 0, '22:00', '05:00'),
          // Copied to 11-30 22:00–翌05:00 as well: she starts at 01:00 on 12-01.
          shift('miu', '2026-12-01', 0, '01:00', '04:00'),
        ],
      },
    ];
    const plan = planRosterCopy(members, from, to, today);
    expect(plan.members).toEqual([]);
    expect(plan).toMatchObject({ source: 2, toCopy: 0, overlapping: 2, busy: 0 });
  });

  it('leaves out days outside the range shifts may have', () => {
    // Shown: the window 8 weeks on, 2027-01-19..01-25; the last day a shift may have is 2027-01-23.
    const later = '2027-01-19';
    const members: MemberShifts[] = [
      {
        userId: 'miu',
        shifts: [
          shift('miu', '2027-01-12', 0, '12:00', '18:00'),
          shift('miu', '2027-01-17', 0, '12:00', '18:00'),
          shift('miu', '2027-01-18', 0, '12:00', '18:00'),
        ],
      },
    ];
    const plan = planRosterCopy(members, '2027-01-12', later, today);
    expect(plan.members[0]?.placed.map((p) => p.fields.date)).toEqual(['2027-01-19']);
    expect(plan).toMatchObject({ toCopy: 1, outOfRange: 2 });
  });

  it('ignores shifts outside the source week', () => {
    const members: MemberShifts[] = [{ userId: 'miu', shifts: [shift('miu', '2026-11-16', 0, '12:00', '14:00')] }];
    expect(planRosterCopy(members, from, to, today)).toMatchObject({ source: 0, toCopy: 0, members: [] });
  });
});

describe('rosterCopyQuestion', () => {
  it('asks with the number of shifts and members, and what will be left out', () => {
    const plan = planRosterCopy(
      [
        {
          userId: 'miu',
          shifts: [
            shift('miu', '2026-11-17', 0, '12:00', '20:00'),
            shift('miu', '2026-11-18', 0, '12:00', '20:00'),
            shift('miu', '2026-11-25', 0, '10:00', '11:00'),
          ],
        },
      ],
      from,
      to,
      today,
    );
    expect(rosterCopyQuestion(plan, from, to)).toBe(
      '先週（11月17日(火)〜11月23日(月)）の出勤 1件を、この週（11月24日(火)〜11月30日(月)）の同じ曜日にコピーしますか？\n対象：1人\n1件は既に予定があるためコピーしません。',
    );
  });

  it('is null when there is nothing to copy', () => {
    expect(rosterCopyQuestion(planRosterCopy([{ userId: 'miu', shifts: [] }], from, to, today), from, to)).toBeNull();
  });
});

describe('rosterCopyMessage', () => {
  const none = { created: 0, busy: 0, overlapping: 0, full: 0, outOfRange: 0 };

  it('says how many were copied and why the rest were skipped', () => {
    expect(rosterCopyMessage({ ...none, created: 12, busy: 3 })).toBe('12件の出勤をコピーしました（3件は既に予定があるため飛ばしました）');
    expect(rosterCopyMessage({ created: 5, busy: 1, overlapping: 2, full: 1, outOfRange: 4 })).toBe(
      '5件の出勤をコピーしました（1件は既に予定があるため、2件は前後の日の出勤と時間が重なるため、1件は 1 日 3 件の上限のため、4件は登録できる期間（昨日から 60 日先まで）の外のため飛ばしました）',
    );
    expect(rosterCopyMessage({ ...none, created: 2 })).toBe('2件の出勤をコピーしました');
  });

  it('says when nothing could be copied, and when there was nothing to copy', () => {
    expect(rosterCopyMessage({ ...none, busy: 3 })).toBe('コピーできる出勤はありませんでした（3件は既に予定があるため飛ばしました）');
    expect(rosterCopyMessage(none)).toBe('先週の出勤がないため、コピーするものはありませんでした。');
  });
});

describe('a roster copy that stopped part-way', () => {
  it('says what failed, how many were copied, and that running it again copies only the rest', () => {
    const offline = Object.assign(new Error('offline'), { code: 'unavailable' });
    expect(shiftErrorMessage(new ShiftCopyInterruptedError(4, offline), 'copy')).toBe(
      '通信できませんでした。インターネット接続を確かめて、もう一度お試しください。（4件はコピーできています。もう一度「先週をコピー」を押すと、残りの分だけをコピーします。）',
    );
    expect(shiftErrorMessage(new ShiftCopyInterruptedError(0, new Error('?')), 'copy')).toBe(
      '先週の出勤をコピーできませんでした。時間をおいて、もう一度お試しください。（何もコピーされていません。）',
    );
  });
});
