/**
 * Changing the sign-in email: her password is asked again
 * (./confirm-password.ts), then a link goes to the new address; the address
 * changes only when that link is opened, so a typo never locks her out.
 * Until then she signs in with the old one.
 */
import { verifyBeforeUpdateEmail } from 'firebase/auth';
import { authErrorMessage } from './auth-errors';
import { confirmPassword, MISSING_CURRENT_PASSWORD, wrongPasswordMessage } from './confirm-password';
import { emailAddressError } from './email-address';
import { errorCode } from '../firebase/error-code';

export interface EmailChangeInput {
  newEmail: string;
  password: string;
}

export type EmailChangeErrors = Partial<Record<'newEmail' | 'password' | 'form', string>>;

/** The form's own checks, before anything is sent. */
export function checkEmailChange(input: EmailChangeInput, currentEmail: string | null): EmailChangeErrors {
  const errors: EmailChangeErrors = {};
  const emailError = emailAddressError(input.newEmail, '新しいメールアドレスを入力してください。');
  if (emailError) errors.newEmail = emailError;
  else if (input.newEmail.trim().toLowerCase() === currentEmail?.toLowerCase()) errors.newEmail = 'いまのメールアドレスと同じです。';
  if (input.password === '') errors.password = MISSING_CURRENT_PASSWORD;
  return errors;
}

/** Firebase's refusal in this form's words, at its field: her email is known, so a refused sign-in is her password. */
export function emailChangeError(error: unknown): EmailChangeErrors {
  const wrongPassword = wrongPasswordMessage(error);
  if (wrongPassword) return { password: wrongPassword };
  if (errorCode(error) === 'auth/email-already-in-use') return { newEmail: 'このメールアドレスはすでに別のアカウントで使われています。' };
  const { field, message } = authErrorMessage(error);
  return { [field === 'email' ? 'newEmail' : field]: message };
}

/** Asks her password again, then sends the link that changes the address to `newEmail`. */
export async function requestEmailChange({ newEmail, password }: EmailChangeInput): Promise<void> {
  const user = await confirmPassword(password);
  await verifyBeforeUpdateEmail(user, newEmail.trim());
}
