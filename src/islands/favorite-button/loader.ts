/**
 * Part of the signed-in chunk the site nav loads
 * (src/islands/account/signed-in.ts), so it runs only in a browser with the
 * account hint: removes the 推し link of her own profile (nobody 推す
 * herself) and, when the page has other 推し links or a place for them (the
 * search page), loads the upgrade module (Firebase Auth, as the nav has it;
 * no React; the Firestore SDK only on a first tap). Visitors who never
 * signed in download none of it.
 */
import { readAccountHint } from '../../lib/auth/account-hint';
import { SIGNED_IN_HIDDEN, TARGET_ATTR, WATCH_ATTR, ZONE_ATTR } from './attributes';

export function loadFavoriteButtons(): void {
  const hint = readAccountHint();
  if (!hint) return;
  for (const own of document.querySelectorAll(`[${TARGET_ATTR}="${CSS.escape(hint.uid)}"]`)) own.remove();
  if (!document.querySelector(`[${TARGET_ATTR}], [${ZONE_ATTR}], [${WATCH_ATTR}]`)) return;
  import('./mount')
    .then((module) => module.mountFavoriteButtons())
    .catch(() => {
      // The module did not load: show the plain links (to /login, which says she is signed in).
      for (const link of document.querySelectorAll(`[${TARGET_ATTR}], [${WATCH_ATTR}] a`)) link.classList.remove(SIGNED_IN_HIDDEN);
    });
}
