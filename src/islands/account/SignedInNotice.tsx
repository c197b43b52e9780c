/**
 * A guarded page whose tool ships in a later release: it is behind the
 * sign-in guard already, and says plainly that the tool is not ready.
 */
import { RequireSignIn } from './RequireSignIn';

export function SignedInNotice({ message }: { message: string }) {
  return (
    <RequireSignIn>
      {({ user }) => (
        <div className="card space-y-2" data-testid="signed-in-notice">
          <p>{user.displayName || user.email} さんとしてログインしています。</p>
          <p>{message}</p>
        </div>
      )}
    </RequireSignIn>
  );
}
