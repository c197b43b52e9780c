/**
 * 退会: with her password given again (./confirm-password.ts) she asks to
 * be erased (accountDeletions/{uid}), then her sign-in is deleted at once,
 * so the account is closed to everyone from this moment. Trusted code
 * erases every record of hers and her pictures (scripts/accounts/), which
 * takes her pages off the site with the next publishing cycle; this
 * browser forgets what it kept of her (./forget-on-device.ts).
 */
import { deleteUser } from 'firebase/auth';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { ACCOUNT_DELETIONS_COLLECTION } from '../../schema/account-deletions';
import { signOutUser } from './auth-store';
import { authErrorMessage } from './auth-errors';
import { confirmPassword, MISSING_CURRENT_PASSWORD, wrongPasswordMessage } from './confirm-password';
import { forgetAccountOnDevice } from './forget-on-device';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';

export interface LeaveInput {
  understood: boolean;
  password: string;
}

export type LeaveErrors = Partial<Record<'understood' | 'password' | 'form', string>>;

/** The form's own checks, before anything is sent. */
export function checkLeave({ understood, password }: LeaveInput): LeaveErrors {
  const errors: LeaveErrors = {};
  if (!understood) errors.understood = '内容を確かめて、チェックを入れてください。';
  if (password === '') errors.password = MISSING_CURRENT_PASSWORD;
  return errors;
}

/** A refusal in this form's words, at its field. */
export function leaveError(error: unknown): LeaveErrors {
  const wrongPassword = wrongPasswordMessage(error);
  if (wrongPassword) return { password: wrongPassword };
  // The rules refuse only a suspended account's request (or a second one, which cannot reach here signed in).
  if (errorCode(error) === 'permission-denied') {
    return { form: '利用停止中のアカウントは、ここからは退会できません。運営までお問い合わせください。' };
  }
  const { field, message } = authErrorMessage(error);
  return { [field === 'email' ? 'form' : field]: message };
}

/**
 * Asks to be erased, then deletes her sign-in and signs out. `requested`
 * runs once the request is in (the page says goodbye before the sign-out
 * reaches the sign-in guard).
 */
export async function leaveAccount({ password }: LeaveInput, requested: () => void): Promise<void> {
  const user = await confirmPassword(password);
  await setDoc(doc(clientDb(), ACCOUNT_DELETIONS_COLLECTION, user.uid), { requestedAt: serverTimestamp() });
  requested();
  // Trusted code deletes the sign-in too, should this fail (a dropped connection): the request is in.
  await deleteUser(user).catch(() => undefined);
  await signOutUser();
  await forgetAccountOnDevice(user.uid);
}
