/**
 * Sign-in state shared by every island on a page (nanostores): the user,
 * a loading flag that stays true until Firebase has first reported the
 * sign-in state, and the derived account type. One Auth listener per page,
 * started by the first AuthProvider that mounts.
 */
import { atom } from 'nanostores';
import { onAuthStateChanged, signOut, type User } from 'firebase/auth';
import { clientAuth } from '../firebase/app';
import { clearAccountHint, readAccountHint, writeAccountHint, type AccountType } from './account-hint';
import { deriveAccountType } from './account-type';

export interface AuthUser {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  email: string | null;
  emailVerified: boolean;
}

export const $user = atom<AuthUser | null>(null);
export const $authLoading = atom(true);
/** null until known (and while signed out). */
export const $accountType = atom<AccountType | null>(null);

const toAuthUser = (user: User): AuthUser => ({
  uid: user.uid,
  displayName: user.displayName,
  photoURL: user.photoURL,
  email: user.email,
  emailVerified: user.emailVerified,
});

/** The cached type for this uid, else the two reads (a failed read gives an unsettled 'none', asked again next time). */
async function accountTypeOf(uid: string): Promise<{ accountType: AccountType; settled: boolean }> {
  const cached = readAccountHint();
  if (cached?.uid === uid && cached.settled) return cached;
  const derived = await deriveAccountType(uid).then(
    (accountType) => ({ accountType, settled: true }),
    () => ({ accountType: 'none' as const, settled: false }),
  );
  // Registration may have recorded the type while we were reading.
  const recorded = readAccountHint();
  return recorded?.uid === uid && recorded.accountType !== 'none' ? recorded : derived;
}

let started = false;
export function startAuthListener(): void {
  if (started) return;
  started = true;
  onAuthStateChanged(clientAuth(), async (user) => {
    if (!user) {
      $user.set(null);
      $accountType.set(null);
      clearAccountHint();
    } else {
      const { accountType, settled } = await accountTypeOf(user.uid);
      // Signed out (or switched) while reading: the newer callback owns the state.
      if (clientAuth().currentUser?.uid !== user.uid) return;
      writeAccountHint({ uid: user.uid, accountType, settled });
      $accountType.set(accountType);
      $user.set(toAuthUser(user));
    }
    $authLoading.set(false);
  });
}

/** Records the type a registration just created, for this page and the next. */
export function recordAccountType(uid: string, accountType: AccountType): void {
  writeAccountHint({ uid, accountType, settled: true });
  $accountType.set(accountType);
}

/** Publishes the current Auth user's fields after a local change (updateProfile). */
export function syncCurrentUser(): AuthUser | null {
  const current = clientAuth().currentUser;
  const user = current ? toAuthUser(current) : null;
  $user.set(user);
  return user;
}

/** Re-reads the signed-in user from the server (after confirming the email elsewhere). */
export async function reloadUser(): Promise<AuthUser | null> {
  await clientAuth().currentUser?.reload();
  return syncCurrentUser();
}

export async function signOutUser(): Promise<void> {
  await signOut(clientAuth());
  $user.set(null);
  $accountType.set(null);
  clearAccountHint();
}
