import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../src/lib/auth/auth-errors';

describe('authErrorMessage', () => {
  it.each([
    ['auth/email-already-in-use', 'email', 'すでに登録されています'],
    ['auth/invalid-email', 'email', '形式が正しくありません'],
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

  it('answers an unknown email exactly as a wrong password (no account enumeration)', () => {
    const unknownEmail = authErrorMessage({ code: 'auth/user-not-found' });
    const wrongPassword = authErrorMessage({ code: 'auth/wrong-password' });
    const protectedProject = authErrorMessage({ code: 'auth/invalid-credential' });
    expect(unknownEmail).toEqual(wrongPassword);
    expect(wrongPassword).toEqual(protectedProject);
    expect(unknownEmail.message).toContain('メールアドレスまたはパスワードが違います');
  });

  it('gives a general message for anything unknown', () => {
    expect(authErrorMessage(new Error('boom')).message).toBe('予期しないエラーが起きました。時間をおいて、もう一度お試しください。');
    expect(authErrorMessage(null).field).toBe('form');
  });
});
