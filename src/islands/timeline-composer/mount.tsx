/**
 * Mounts the timeline composer into /timeline's static page. Loaded by the
 * page's small script only when this browser has the account hint
 * (src/lib/auth/account-hint.ts), so visitors who never signed in download
 * no React and no Firebase there.
 */
import { createRoot } from 'react-dom/client';
import { AuthProvider } from '../../lib/auth/AuthProvider';
import { ComposerGate } from './ComposerGate';

export function mountTimelineComposer(slot: HTMLElement): void {
  if (slot.dataset.mounted) return;
  slot.dataset.mounted = 'true';
  createRoot(slot).render(
    <AuthProvider>
      <ComposerGate />
    </AuthProvider>,
  );
}
