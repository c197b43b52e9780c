/**
 * firestore.rules read `email_verified` from the ID token, which keeps the
 * value it was issued with: after the user confirms her email (in the mail
 * app), the Auth user must be reloaded and the token refreshed before a
 * write that publishes.
 */
import { syncCurrentUser } from '../auth/auth-store';
import { clientAuth } from '../firebase/app';

/** Makes sure a verified user's token says so (refreshing it when it was issued before the verification). */
export async function refreshStaleToken(): Promise<void> {
  const user = clientAuth().currentUser;
  if (!user?.emailVerified) return;
  const { claims } = await user.getIdTokenResult();
  if (claims.email_verified !== true) await user.getIdToken(true);
}

/** True when the signed-in user's email is verified (reloading once to find out), with a token that says so. */
export async function ensureVerifiedToken(): Promise<boolean> {
  const user = clientAuth().currentUser;
  if (!user) return false;
  if (!user.emailVerified) {
    await user.reload();
    syncCurrentUser();
  }
  if (!user.emailVerified) return false;
  await refreshStaleToken();
  return true;
}
