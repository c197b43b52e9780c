/**
 * Changing the password while signed in (設定): her current password asked
 * again (./confirm-password.ts), then the new one, under the registration's
 * rule (./password-rules.ts). This browser stays signed in; Firebase ends
 * her other sessions (a password change revokes their refresh tokens), so
 * a phone she lost or a shared one asks for the new password.
 */
import { updatePassword } from 'firebase/auth';
import { authErrorMessage } from './auth-errors';
import { confirmPassword, MISSING_CURRENT_PASSWORD, wrongPasswordMessage } from './confirm-password';
import { newPasswordError } from './password-rules';

export interface PasswordChangeInput {
  password: string;
  newPassword: string;
}

export type PasswordChangeErrors = Partial<Record<'password' | 'newPassword' | 'form', string>>;

/** The form's own checks, before anything is sent. */
export function checkPasswordChange({ password, newPassword }: PasswordChangeInput): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (password === '') errors.password = MISSING_CURRENT_PASSWORD;
  const newError = newPasswordError(newPassword, '新しいパスワードを入力してください。');
  if (newError) errors.newPassword = newError;
  else if (newPassword === password) errors.newPassword = 'いまのパスワードと同じです。別のパスワードにしてください。';
  return errors;
}

/** Firebase's refusal in this form's words, at its field: a refused re-sign-in is her current password, a weak one the new. */
export function passwordChangeError(error: unknown): PasswordChangeErrors {
  const wrongPassword = wrongPasswordMessage(error);
  if (wrongPassword) return { password: wrongPassword };
  const { field, message } = authErrorMessage(error);
  return { [field === 'password' ? 'newPassword' : field === 'email' ? 'form' : field]: message };
}

/** Asks her password again, then sets the new one. */
export async function changePassword({ password, newPassword }: PasswordChangeInput): Promise<void> {
  const user = await confirmPassword(password);
  await updatePassword(user, newPassword);
}
