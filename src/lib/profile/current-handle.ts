/**
 * The current X handle (channels.x) is reserved in currentHandles/x_{h} =
 * {userId} with the profile save, like a slug: no two accounts show the
 * same current handle, and none shows a handle someone else registered as
 * her former one. planCurrentHandle is pure (unit-tested); the reads are
 * plain ones made before the writes, since a refused read inside a
 * transaction would fail the whole save.
 */
import { atHandle } from '../handles';
import { frozenAccountId } from '../frozen/entry';
import { handleHolder, type HandleHolder, type HandleKind } from '../frozen/handle-holders';

/** The handle is someone else's current handle (kind 'current') or former one ('former'). */
export class CurrentHandleTakenError extends Error {
  readonly code = 'current-handle-taken';
  constructor(
    readonly handle: string,
    readonly kind: HandleKind,
  ) {
    super(currentHandleTakenMessage(handle, kind));
  }
}

export function currentHandleTakenMessage(handle: string, kind: HandleKind): string {
  const how = kind === 'current' ? 'いまの X アカウントとして' : '旧アカウントとして';
  return `${atHandle(handle)} は別のアカウントが${how}登録しているため、X の欄に使えません。ご本人のアカウントなら、下の「申し立てる」から運営に確認を依頼できます。`;
}

export interface CurrentHandleChange {
  /** channels.x as stored now (undefined when none). */
  previous: string | undefined;
  /** channels.x being saved. */
  next: string | undefined;
  /** Who holds currentHandles/x_{previous}. */
  previousHolder: HandleHolder;
  /** Who holds currentHandles/x_{next} and frozenAccounts/x_{next}. */
  nextCurrentHolder: HandleHolder;
  nextFormerHolder: HandleHolder;
}

export type CurrentHandlePlan = { taken: true; kind: HandleKind } | { taken: false; release: string | null; claim: string | null };

export function planCurrentHandle(change: CurrentHandleChange): CurrentHandlePlan {
  const { previous, next } = change;
  if (previous === next) return { taken: false, release: null, claim: null };
  const taken = (holder: HandleHolder) => holder === 'other' || holder === 'hidden';
  if (next && taken(change.nextCurrentHolder)) return { taken: true, kind: 'current' };
  if (next && taken(change.nextFormerHolder)) return { taken: true, kind: 'former' };
  return {
    taken: false,
    // Only her own reservation is deleted; a missing one (an older profile) needs nothing.
    release: previous && change.previousHolder === 'mine' ? frozenAccountId('x', previous) : null,
    claim: next && change.nextCurrentHolder !== 'mine' ? frozenAccountId('x', next) : null,
  };
}

/** Reads what planCurrentHandle needs (nothing when the handle is unchanged) and plans. */
export async function readCurrentHandlePlan(
  uid: string,
  previous: string | undefined,
  next: string | undefined,
): Promise<CurrentHandlePlan> {
  if (previous === next) return { taken: false, release: null, claim: null };
  const none = async (): Promise<HandleHolder> => 'none';
  const [previousHolder, nextCurrentHolder, nextFormerHolder] = await Promise.all([
    previous ? handleHolder('current', previous, uid) : none(),
    next ? handleHolder('current', next, uid) : none(),
    next ? handleHolder('former', next, uid) : none(),
  ]);
  return planCurrentHandle({ previous, next, previousHolder, nextCurrentHolder, nextFormerHolder });
}
