/**
 * /favorites finishes a signed-out ☆ tap: once her email is verified the
 * pending 推し is added (complete-pending.ts) before the list loads, so
 * she finds it there; until then it waits, and the page says so.
 */
import { useEffect, useState } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { completePendingFavorite, type PendingOutcome } from '../../lib/favorites/complete-pending';

export type PendingState = { state: 'checking' } | PendingOutcome;

export function usePendingFavorite(user: AuthUser): PendingState {
  const [outcome, setOutcome] = useState<PendingState>({ state: 'checking' });
  const { uid, emailVerified } = user;
  useEffect(() => {
    let live = true;
    completePendingFavorite({ uid, emailVerified }).then(
      (result) => live && setOutcome(result),
      () => live && setOutcome({ state: 'none' }),
    );
    return () => {
      live = false;
    };
  }, [uid, emailVerified]);
  return outcome;
}
