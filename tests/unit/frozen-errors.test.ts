import { describe, expect, it } from 'vitest';
import {
  FrozenLimitError,
  HandleAlreadyYoursError,
  HandleClaimedError,
  frozenErrorMessage,
} from '../../src/lib/frozen/errors';

describe('frozen handle errors', () => {
  it('tells already mine from claimed by another account, at the handle field', () => {
    expect(frozenErrorMessage(new HandleAlreadyYoursError('miu_0312'), 'add')).toEqual({
      field: 'handle',
      message: 'この旧アカウントはすでに登録済みです。一覧から日付やメモを編集できます。',
    });
    expect(frozenErrorMessage(new HandleClaimedError('miu_0312'), 'add')).toEqual({
      field: 'handle',
      message: '@miu_0312 は別のアカウントが登録済みです。心当たりがない場合は運営までお問い合わせください。',
    });
  });

  it('explains the soft cap above the form', () => {
    expect(frozenErrorMessage(new FrozenLimitError(), 'add')).toEqual({
      field: 'form',
      message: '登録できる旧アカウントは 20 件までです。使わなくなったものを削除してから追加してください。',
    });
  });

  it.each([
    ['permission-denied', 'add', '権限がないため登録できませんでした。ログインし直してからお試しください。'],
    ['permission-denied', 'remove', '権限がないため削除できませんでした。ログインし直してからお試しください。'],
    ['unavailable', 'load', '通信できなかったため読み込めませんでした。インターネット接続を確かめて、もう一度お試しください。'],
    ['deadline-exceeded', 'update', '通信できなかったため保存できませんでした。インターネット接続を確かめて、もう一度お試しください。'],
    ['unauthenticated', 'add', 'ログインの有効期限が切れました。もう一度ログインしてからお試しください。'],
    ['resource-exhausted', 'add', '混み合っているため登録できませんでした。しばらく待ってからお試しください。'],
    ['aborted', 'add', 'ほかの操作と重なったため登録できませんでした。もう一度お試しください。'],
    ['not-found', 'update', 'この旧アカウントは見つかりませんでした。すでに削除されている可能性があります。ページを再読み込みしてください。'],
  ] as const)('maps Firestore %s during %s', (code, action, message) => {
    expect(frozenErrorMessage({ code, message: 'raw' }, action)).toEqual({ field: 'form', message });
  });

  it('treats a failed fetch as a network problem', () => {
    expect(frozenErrorMessage(new TypeError('Failed to fetch'), 'load').message).toBe(
      '通信できなかったため読み込めませんでした。インターネット接続を確かめて、もう一度お試しください。',
    );
  });

  it('gives a general message for anything else', () => {
    expect(frozenErrorMessage(new Error('boom'), 'update')).toEqual({
      field: 'form',
      message: '予期しないエラーのため保存できませんでした。時間をおいて、もう一度お試しください。',
    });
    expect(frozenErrorMessage(null, 'remove').message).toBe('予期しないエラーのため削除できませんでした。時間をおいて、もう一度お試しください。');
    expect(frozenErrorMessage({ code: 'something-new' }, 'add').field).toBe('form');
  });
});
