/**
 * The guard for signed-in pages: until the sign-in state is known it shows
 * only the spinner; signed out, it sends the visitor to /login?next=<this
 * page> (replacing the history entry, so Back does not bounce). Given
 * `page`, an account type that cannot use it is told so (NotForThisAccount).
 */
import { useEffect, type ReactNode } from 'react';
import { AuthProvider, useAuth } from '../../lib/auth/AuthProvider';
import type { AuthUser } from '../../lib/auth/auth-store';
import type { AccountType } from '../../lib/auth/account-hint';
import { mayUsePage, type GuardedPage } from '../../lib/auth/account-links';
import { loginUrlFor } from '../../lib/auth/next-path';
import { AuthPending } from './AuthPending';
import { NotForThisAccount } from './NotForThisAccount';
import { useHashTarget } from './use-hash-target';

export interface SignedIn {
  user: AuthUser;
  accountType: AccountType | null;
}

interface GuardProps {
  children: (signedIn: SignedIn) => ReactNode;
  /** The page, when not every account type may use it. */
  page?: GuardedPage | undefined;
}

function Guard({ children, page }: GuardProps) {
  const { user, loading, accountType } = useAuth();
  const signedOut = !loading && !user;
  // A menu link to a section (#settings, #members) reaches it once the page has drawn it.
  useHashTarget(Boolean(user));
  useEffect(() => {
    if (signedOut) location.replace(loginUrlFor(`${location.pathname}${location.search}`));
  }, [signedOut]);
  if (!user) return <AuthPending label={signedOut ? 'ログインページへ移動しています…' : undefined} />;
  if (page && accountType && !mayUsePage(page, accountType)) return <NotForThisAccount page={page} accountType={accountType} />;
  return <>{children({ user, accountType })}</>;
}

/** Renders `children` with the signed-in user, or redirects to /login. */
export function RequireSignIn({ children, page }: GuardProps) {
  return (
    <AuthProvider>
      <Guard page={page}>{children}</Guard>
    </AuthProvider>
  );
}
