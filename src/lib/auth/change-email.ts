/**
 * Changing the sign-in email: her password is asked again (Firebase wants
 * a recent sign-in for it, and it keeps someone at an unlocked phone from
 * taking the account), then a link goes to the new address; the address
 * changes only when that link is opened, so a typo never locks her out.
 * Until then she signs in with the old one.
 */
import { EmailAuthProvider, reauthenticateWithCredential, verifyBeforeUpdateEmail } from 'firebase/auth';
import { authErrorMessage } from './auth-errors';
import { emailAddressError } from './email-address';
import { clientAuth } from '../firebase/app';
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
  if (input.password === '') errors.password = 'いまのパスワードを入力してください。';
  return errors;
}

/** The codes a wrong password gets from a re-sign-in (with or without email-enumeration protection). */
const WRONG_PASSWORD = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

/** Firebase's refusal in this form's words, at its field: her email is known, so a refused sign-in is her password. */
export function emailChangeError(error: unknown): EmailChangeErrors {
  const code = errorCode(error);
  if (code && WRONG_PASSWORD.has(code)) return { password: 'パスワードが違います。' };
  if (code === 'auth/email-already-in-use') return { newEmail: 'このメールアドレスはすでに別のアカウントで使われています。' };
  const { field, message } = authErrorMessage(error);
  return { [field === 'email' ? 'newEmail' : field]: message };
}

/** Asks her password again, then sends the link that changes the address to `newEmail`. */
export async function requestEmailChange({ newEmail, password }: EmailChangeInput): Promise<void> {
  const user = clientAuth().currentUser;
  if (!user?.email) throw Object.assign(new Error('signed out'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  await verifyBeforeUpdateEmail(user, newEmail.trim());
}
