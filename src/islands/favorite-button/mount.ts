/**
 * The upgrade module for signed-in browsers (loaded by loader.ts only in a
 * browser with the account hint, on pages that have 推し buttons or a
 * place for them): once Firebase knows who is signed in, it turns the
 * page's 推し links into toggles and the search page's watch offers into
 * buttons, now and as the search page adds cards. Plain DOM, no React.
 */
import { $authLoading, $user, startAuthListener } from '../../lib/auth/auth-store';
import { FavoriteButtons } from './favorite-buttons';
import { HandleWatches } from './handle-watches';

/** The signed-in uid once Firebase has reported the sign-in state (null: signed out). */
function signedInUid(): Promise<string | null> {
  startAuthListener();
  return new Promise((resolve) => {
    const settle = () => {
      if ($authLoading.get()) return false;
      resolve($user.get()?.uid ?? null);
      return true;
    };
    if (settle()) return;
    const stop = $authLoading.listen(() => {
      if (settle()) stop();
    });
  });
}

export async function mountFavoriteButtons(): Promise<void> {
  // Signed out after all: the auth store cleared the hint, so the static links show again.
  const uid = await signedInUid();
  if (!uid) return;
  const favorites = new FavoriteButtons(uid);
  const watches = new HandleWatches(uid);
  const upgrade = (root: ParentNode) => [...favorites.upgrade(root), ...watches.upgrade(root)];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) upgrade(node);
  }).observe(document.body, { childList: true, subtree: true });
  await Promise.all(upgrade(document));
  // For tests and benches: the page's buttons are live.
  document.documentElement.dataset.favorites = 'ready';
}
