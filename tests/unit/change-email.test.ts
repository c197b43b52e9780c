/**
 * The sign-in email form's own checks and its reading of Firebase's
 * refusals (src/lib/auth/change-email.ts): each at its field, in Japanese.
 */
import { describe, expect, it } from 'vitest';
import { checkEmailChange, emailChangeError } from '../../src/lib/auth/change-email';

const refusal = (code: string) => Object.assign(new Error(code), { code });

describe('checkEmailChange', () => {
  it('asks for what is missing, a well-formed address and a different one', () => {
    expect(checkEmailChange({ newEmail: ' ', password: '' }, 'miu@example.test')).toEqual({
      newEmail: '新しいメールアドレスを入力してください。',
      password: 'いまのパスワードを入力してください。',
    });
    expect(checkEmailChange({ newEmail: 'miu@example', password: 'x' }, 'miu@example.test').newEmail).toBe(
      'メールアドレスの形式が正しくありません。',
    );
    expect(checkEmailChange({ newEmail: ' MIU@example.test ', password: 'x' }, 'miu@example.test').newEmail).toBe(
      'いまのメールアドレスと同じです。',
    );
    expect(checkEmailChange({ newEmail: 'miu.new@example.test', password: 'x' }, 'miu@example.test')).toEqual({});
  });
});

describe('emailChangeError', () => {
  it('puts each refusal at its field', () => {
    for (const code of ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'])
      expect(emailChangeError(refusal(code))).toEqual({ password: 'パスワードが違います。' });
    expect(emailChangeError(refusal('auth/email-already-in-use'))).toEqual({
      newEmail: 'このメールアドレスはすでに別のアカウントで使われています。',
    });
    expect(emailChangeError(refusal('auth/invalid-email'))).toEqual({ newEmail: 'メールアドレスの形式が正しくありません。' });
    expect(emailChangeError(refusal('auth/too-many-requests')).form).toContain('しばらく待ってから');
    expect(emailChangeError(new Error('boom')).form).toContain('予期しないエラー');
  });
});
