/**
 * Mounts the account nav into the static shell. Loaded by SiteNav's script
 * only when this browser has the account hint, so visitors who never signed
 * in download no React and no Firebase on public pages.
 */
import { createRoot } from 'react-dom/client';
import { AuthProvider } from '../../lib/auth/AuthProvider';
import { AccountNav } from './AccountNav';

export function mountAccountNav(): void {
  const slot = document.getElementById('account-slot');
  if (!slot || slot.dataset.mounted) return;
  slot.dataset.mounted = 'true';
  createRoot(slot).render(
    <AuthProvider>
      <AccountNav drawerSlot={document.getElementById('drawer-account-slot')} />
    </AuthProvider>,
  );
}
