/**
 * The password form's own checks and its reading of Firebase's refusals
 * (src/lib/auth/change-password.ts): each at its field, in Japanese, under
 * the registration's rule for a new password.
 */
import { describe, expect, it } from 'vitest';
import { checkPasswordChange, passwordChangeError } from '../../src/lib/auth/change-password';
import { validateRegistration } from '../../src/lib/auth/registration';

const refusal = (code: string) => Object.assign(new Error(code), { code });

describe('checkPasswordChange', () => {
  it('asks for what is missing, a new password within the rule, and a different one', () => {
    expect(checkPasswordChange({ password: '', newPassword: '' })).toEqual({
      password: 'いまのパスワードを入力してください。',
      newPassword: '新しいパスワードを入力してください。',
    });
    expect(checkPasswordChange({ password: 'sakura-pass-123', newPassword: 'short' })).toEqual({
      newPassword: 'パスワードは 8 文字以上にしてください。',
    });
    expect(checkPasswordChange({ password: 'sakura-pass-123', newPassword: 'x'.repeat(129) }).newPassword).toBe(
      'パスワードは 128 文字以内にしてください。',
    );
    expect(checkPasswordChange({ password: 'sakura-pass-123', newPassword: 'sakura-pass-123' }).newPassword).toBe(
      'いまのパスワードと同じです。別のパスワードにしてください。',
    );
    expect(checkPasswordChange({ password: 'sakura-pass-123', newPassword: 'ren-new-pass-456' })).toEqual({});
  });

  it('takes every new password registration takes, and refuses every one it refuses', () => {
    const registration = { kind: 'fan', name: '', slug: '', area: '', email: 'ren@example.test', agreed: true } as const;
    for (const newPassword of ['', 'a', '1234567', '12345678', 'x'.repeat(128), 'x'.repeat(129), 'パスワード日本語でも八文字']) {
      const registered = validateRegistration({ ...registration, password: newPassword }).password;
      expect(checkPasswordChange({ password: 'now', newPassword }).newPassword !== undefined, newPassword).toBe(registered !== undefined);
    }
  });
});

describe('passwordChangeError', () => {
  it('puts a refused re-sign-in at the current password, a weak new one at the new', () => {
    for (const code of ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'])
      expect(passwordChangeError(refusal(code))).toEqual({ password: 'パスワードが違います。' });
    expect(passwordChangeError(refusal('auth/weak-password')).newPassword).toContain('パスワードが弱すぎます');
    expect(passwordChangeError(refusal('auth/too-many-requests')).form).toContain('しばらく待ってから');
    expect(passwordChangeError(refusal('auth/requires-recent-login')).form).toContain('もう一度ログイン');
    expect(passwordChangeError(new Error('boom')).form).toContain('予期しないエラー');
  });
});
