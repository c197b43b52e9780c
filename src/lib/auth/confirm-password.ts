/**
 * Her password asked again before an account change (the sign-in email,
 * the password, 退会): Firebase wants a recent sign-in for those, and it keeps someone at
 * an unlocked phone from taking or erasing the account.
 */
import { EmailAuthProvider, reauthenticateWithCredential, type User } from 'firebase/auth';
import { clientAuth } from '../firebase/app';
import { errorCode } from '../firebase/error-code';

/** The codes a wrong password gets from a re-sign-in (with or without email-enumeration protection). */
const WRONG_PASSWORD = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

/** The password field left empty, in the words of every form that asks it again. */
export const MISSING_CURRENT_PASSWORD = 'いまのパスワードを入力してください。';

/** Her email is known, so a refused re-sign-in means her password: the field's message, or null for another error. */
export function wrongPasswordMessage(error: unknown): string | null {
  const code = errorCode(error);
  return code !== undefined && WRONG_PASSWORD.has(code) ? 'パスワードが違います。' : null;
}

/** Signs her in again with `password`; returns her user. */
export async function confirmPassword(password: string): Promise<User> {
  const user = clientAuth().currentUser;
  if (!user?.email) throw Object.assign(new Error('signed out'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  return user;
}
