/**
 * The guard for signed-in pages: until the sign-in state is known it shows
 * only the spinner; signed out, it sends the visitor to /login?next=<this
 * page> (replacing the history entry, so Back does not bounce).
 */
import { useEffect, type ReactNode } from 'react';
import { AuthProvider, useAuth } from '../../lib/auth/AuthProvider';
import type { AuthUser } from '../../lib/auth/auth-store';
import type { AccountType } from '../../lib/auth/account-hint';
import { loginUrlFor } from '../../lib/auth/next-path';
import { AuthPending } from './AuthPending';

export interface SignedIn {
  user: AuthUser;
  accountType: AccountType | null;
}

function Guard({ children }: { children: (signedIn: SignedIn) => ReactNode }) {
  const { user, loading, accountType } = useAuth();
  const signedOut = !loading && !user;
  useEffect(() => {
    if (signedOut) location.replace(loginUrlFor(`${location.pathname}${location.search}`));
  }, [signedOut]);
  if (!user) return <AuthPending label={signedOut ? 'ログインページへ移動しています…' : undefined} />;
  return <>{children({ user, accountType })}</>;
}

/** Renders `children` with the signed-in user, or redirects to /login. */
export function RequireSignIn({ children }: { children: (signedIn: SignedIn) => ReactNode }) {
  return (
    <AuthProvider>
      <Guard>{children}</Guard>
    </AuthProvider>
  );
}
