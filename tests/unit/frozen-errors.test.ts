import { describe, expect, it } from 'vitest';
import { FrozenLimitError, HandleAlreadyYoursError, HandleClaimedError, frozenErrorMessage } from '../../src/lib/frozen/errors';

describe('frozen handle errors', () => {
  it('tells already mine from claimed by another account, at the handle field', () => {
    expect(frozenErrorMessage(new HandleAlreadyYoursError('miu_0312'), 'add')).toEqual({
      field: 'handle',
      message: 'この旧アカウントはすでに登録済みです。一覧から日付やメモを編集できます。',
    });
    expect(frozenErrorMessage(new HandleClaimedError('miu_0312'), 'add')).toEqual({
      field: 'handle',
      message:
        '@miu_0312 は別のアカウントが旧アカウントとして登録済みのため、登録できません。ご本人のアカウントなら、下の「申し立てる」から運営に確認を依頼できます。',
    });
    expect(frozenErrorMessage(new HandleClaimedError('miu_0312', 'current'), 'add').message).toContain('いまの X アカウントとして登録済み');
  });

  it('explains the cap of 10 above the form, keeping the input', () => {
    expect(frozenErrorMessage(new FrozenLimitError(), 'add')).toEqual({
      field: 'form',
      message: '旧アカウントは 10 件まで登録できます。使わなくなったものを削除してから追加してください。入力した内容は残っています。',
    });
  });

  it.each([
    [
      'permission-denied',
      'add',
      'この旧アカウントは登録できませんでした。ほかのアカウントが使っているか、登録できる件数（10 件）を超えている可能性があります。入力した内容は残っています。',
    ],
    [
      'permission-denied',
      'update',
      '日付とメモの保存が許可されませんでした。ログインし直してから、もう一度お試しください。入力した内容は残っています。',
    ],
    ['permission-denied', 'remove', '削除が許可されませんでした。ログインし直してから、もう一度お試しください。'],
    ['permission-denied', 'load', '旧アカウントの一覧を読み込む権限がありませんでした。ログインし直してからお試しください。'],
    ['unavailable', 'load', '通信できなかったため読み込めませんでした。インターネット接続を確かめて、もう一度お試しください。'],
    ['deadline-exceeded', 'update', '通信できなかったため保存できませんでした。インターネット接続を確かめて、もう一度お試しください。'],
    ['unauthenticated', 'add', 'ログインの有効期限が切れました。もう一度ログインしてからお試しください。'],
    ['resource-exhausted', 'add', '混み合っているため登録できませんでした。しばらく待ってからお試しください。'],
    ['aborted', 'add', 'ほかの操作と重なったため登録できませんでした。もう一度お試しください。'],
    [
      'not-found',
      'update',
      'この旧アカウントは見つかりませんでした。すでに削除されている可能性があります。ページを再読み込みしてください。',
    ],
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
    expect(frozenErrorMessage(null, 'remove').message).toBe(
      '予期しないエラーのため削除できませんでした。時間をおいて、もう一度お試しください。',
    );
    expect(frozenErrorMessage({ code: 'something-new' }, 'add').field).toBe('form');
  });
});
