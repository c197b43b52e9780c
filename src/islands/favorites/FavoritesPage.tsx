/** /favorites: my 推し at a glance, behind the sign-in guard. */
import { RequireSignIn } from '../account/RequireSignIn';
import { FavoritesList } from './FavoritesList';

export function FavoritesPage() {
  return <RequireSignIn>{({ user }) => <FavoritesList uid={user.uid} />}</RequireSignIn>;
}
