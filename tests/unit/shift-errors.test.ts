import { describe, expect, it } from 'vitest';
import { overlapMessage, shiftErrorMessage, ShiftOverlapError } from '../../src/lib/shifts/errors';
import { shiftLabel } from '../../src/lib/shifts/shift';
import { ShiftDateRangeError, ShiftDayFullError, ShiftRefusedError } from '../../src/lib/shifts/slots';

const night = { date: '2026-11-22', start: '20:00', end: '03:00' };

describe('shift messages', () => {
  it('names a shift with its day and times', () => {
    expect(shiftLabel(night)).toBe('11月22日(日) 20:00〜翌03:00');
  });
  it('names the clashing shift', () => {
    expect(overlapMessage(night)).toBe('11月22日(日) 20:00〜翌03:00 の出勤と重なっています。時間を見直してください。');
    expect(shiftErrorMessage(new ShiftOverlapError(night), 'save')).toBe(overlapMessage(night));
  });
  it('has a message of its own for permission-denied in each operation', () => {
    const denied = { code: 'permission-denied' };
    expect(shiftErrorMessage(denied, 'save')).toBe(
      'この出勤の保存が許可されませんでした。1 日 3 件・60 日先までの上限を超えているか、所属店舗の承認が変わった可能性があります。ページを読み込み直してください。入力した内容は残っています。',
    );
    expect(shiftErrorMessage(denied, 'delete')).toContain('削除する権限がありません');
    expect(shiftErrorMessage(denied, 'copy')).toContain('コピーが許可されませんでした');
    expect(shiftErrorMessage(denied, 'load')).toBe('この出勤表を見る権限がありません。ログインし直してからお試しください。');
  });
  it('passes the cap messages through', () => {
    expect(shiftErrorMessage(new ShiftDayFullError('2026-11-22'), 'save')).toBe(
      '11月22日(日) の出勤はすでに 3 件あります。1 日に登録できる出勤は 3 件までです。',
    );
    expect(shiftErrorMessage(new ShiftDateRangeError('2027-03-01', '2026-11-22'), 'save')).toBe(
      '出勤は 60 日先（1月21日(木)）まで登録できます。日付を見直してください。',
    );
    expect(shiftErrorMessage(new ShiftRefusedError('2026-11-22'), 'save')).toContain('登録できませんでした');
  });
  it('maps network, missing documents and unknown errors', () => {
    expect(shiftErrorMessage({ code: 'unavailable' }, 'copy')).toBe(
      '通信できませんでした。インターネット接続を確かめて、もう一度お試しください。',
    );
    expect(shiftErrorMessage({ code: 'not-found' }, 'save')).toBe('この出勤はすでに削除されています。ページを読み込み直してください。');
    expect(shiftErrorMessage(new Error('boom'), 'copy')).toBe('先週の出勤をコピーできませんでした。時間をおいて、もう一度お試しください。');
    expect(shiftErrorMessage(null, 'load')).toBe('出勤を読み込めませんでした。時間をおいて、もう一度お試しください。');
  });
});
