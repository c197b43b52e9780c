/**
 * The composer as /timeline shows it: mounted only in browsers with the
 * account hint (mount.tsx), it waits for the sign-in state, then offers
 * the composer to a therapist or store, a word of why not to anyone else,
 * and the 投稿する link again when the hint was stale (signed out).
 */
import { useAuth } from '../../lib/auth/AuthProvider';
import { loginUrlFor } from '../../lib/auth/next-path';
import { AuthPending } from '../account/AuthPending';
import { TimelineComposer } from './TimelineComposer';

export function ComposerGate() {
  const { user, loading, accountType } = useAuth();
  if (loading) return <AuthPending />;
  if (!user) {
    return (
      <p>
        <a href={loginUrlFor('/blog-editor?tab=timeline')} className="text-link font-bold">
          ログインして投稿する
        </a>
      </p>
    );
  }
  if (accountType !== 'therapist' && accountType !== 'store') {
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        タイムラインに投稿できるのは、セラピストまたは店舗として登録したアカウントです。
      </p>
    );
  }
  return <TimelineComposer user={user} />;
}
