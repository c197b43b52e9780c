import { describe, expect, it } from 'vitest';
import { saveErrorMessage, UNKNOWN_SAVE_ERROR } from '../../src/lib/profile/save-errors';

describe('saveErrorMessage', () => {
  it.each([
    ['permission-denied', '保存が許可されませんでした'],
    ['unavailable', '通信できませんでした'],
    ['deadline-exceeded', '通信できませんでした'],
    ['unauthenticated', 'ログインし直して'],
    ['failed-precondition', 'ほかの画面での変更と重なった'],
    ['not-found', 'プロフィールが見つかりませんでした'],
    ['storage/unauthorized', '画像を保存する権限がありませんでした'],
    ['storage/retry-limit-exceeded', '通信できませんでした'],
  ])('%s → Japanese', (code, text) => {
    expect(saveErrorMessage({ code })).toContain(text);
  });

  it('treats a failed fetch as a network problem', () => {
    expect(saveErrorMessage(new TypeError('Failed to fetch'))).toContain('通信できませんでした');
  });

  it('has a fallback for anything else', () => {
    expect(saveErrorMessage(new Error('boom'))).toBe(UNKNOWN_SAVE_ERROR);
    expect(saveErrorMessage({ code: 'something-new' })).toBe(UNKNOWN_SAVE_ERROR);
    expect(saveErrorMessage(null)).toBe(UNKNOWN_SAVE_ERROR);
  });
});
