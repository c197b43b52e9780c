import { describe, expect, it } from 'vitest';
import { overlapMessage, shiftErrorMessage, ShiftOverlapError } from '../../src/lib/shifts/errors';
import { shiftLabel } from '../../src/lib/shifts/shift';

const night = { date: '2026-11-22', start: '20:00', end: '03:00' };

describe('shift messages', () => {
  it('names a shift with its day and times', () => {
    expect(shiftLabel(night)).toBe('11月22日(日) 20:00〜翌03:00');
  });
  it('names the clashing shift', () => {
    expect(overlapMessage(night)).toBe('11月22日(日) 20:00〜翌03:00 の出勤と重なっています。時間を見直してください。');
    expect(shiftErrorMessage(new ShiftOverlapError(night), 'save')).toBe(overlapMessage(night));
  });
  it('tells reading from editing on permission-denied', () => {
    const denied = { code: 'permission-denied' };
    expect(shiftErrorMessage(denied, 'save')).toBe(
      'この出勤を編集する権限がありません。所属店舗の設定が変わった可能性があります。ページを読み込み直してください。',
    );
    expect(shiftErrorMessage(denied, 'delete')).toBe(shiftErrorMessage(denied, 'save'));
    expect(shiftErrorMessage(denied, 'load')).toBe('この出勤表を見る権限がありません。ログインし直してからお試しください。');
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
