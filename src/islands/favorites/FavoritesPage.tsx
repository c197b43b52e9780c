/**
 * /favorites: my 推し at a glance, behind the sign-in guard. A 推し tapped
 * before she had an account is added here once her email is verified; a
 * fan with no 推し yet gets suggestions (props worked out at build time).
 */
import type { AuthUser } from '../../lib/auth/auth-store';
import type { SuggestionGroup } from '../../lib/favorites/suggestions';
import { EmailVerification } from '../account/EmailVerification';
import { RequireSignIn } from '../account/RequireSignIn';
import { PendingFavoriteNote } from '../auth/PendingFavoriteNote';
import { FormAlert } from '../forms/FormAlert';
import { FavoritesList } from './FavoritesList';
import { usePendingFavorite } from './use-pending-favorite';

function FanHome({ user, suggestions }: { user: AuthUser; suggestions: SuggestionGroup[] }) {
  const pending = usePendingFavorite(user);
  if (pending.state === 'checking') return <p role="status">推しの一覧を読み込んでいます…</p>;
  return (
    <div className="grid gap-6">
      {pending.state === 'waiting' && (
        <div className="card grid gap-3" data-testid="pending-favorite-waiting">
          <PendingFavoriteNote target={pending.target} when="メールアドレスを確認すると" />
          <EmailVerification user={user} purpose="推しを追加する" />
        </div>
      )}
      {pending.state === 'added' && (
        <FormAlert kind="success">
          <p data-testid="pending-favorite-added">☆ で選んだ推しを追加しました。</p>
        </FormAlert>
      )}
      {pending.state === 'failed' && <FormAlert kind="error">{pending.message}</FormAlert>}
      <FavoritesList key={pending.state} uid={user.uid} suggestions={suggestions} />
    </div>
  );
}

export function FavoritesPage({ suggestions = [] }: { suggestions?: SuggestionGroup[] }) {
  return <RequireSignIn>{({ user }) => <FanHome user={user} suggestions={suggestions} />}</RequireSignIn>;
}
