import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../src/lib/auth/auth-errors';

describe('authErrorMessage', () => {
  it.each([
    ['auth/email-already-in-use', 'email', 'すでに登録されています'],
    ['auth/invalid-email', 'email', '形式が正しくありません'],
    ['auth/user-not-found', 'email', '見つかりませんでした'],
    ['auth/wrong-password', 'password', 'パスワードが違います'],
    ['auth/invalid-credential', 'password', 'メールアドレスまたはパスワードが違います'],
    ['auth/weak-password', 'password', '弱すぎます'],
    ['auth/too-many-requests', 'form', '試行回数が多すぎる'],
    ['auth/network-request-failed', 'form', 'インターネット接続'],
    ['auth/user-disabled', 'email', '停止されています'],
    ['permission-denied', 'form', '権限がない'],
  ])('maps %s to a Japanese message at %s', (code, field, phrase) => {
    const result = authErrorMessage({ code });
    expect(result.field).toBe(field);
    expect(result.message).toContain(phrase);
  });

  it('gives a general message for anything unknown', () => {
    expect(authErrorMessage(new Error('boom')).message).toBe('予期しないエラーが起きました。時間をおいて、もう一度お試しください。');
    expect(authErrorMessage(null).field).toBe('form');
  });
});
