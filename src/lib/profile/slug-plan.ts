/**
 * What a profile save does to slugs/ (docs/decisions.md "Slugs are held
 * 30 days"): a changed slug is claimed as {userId, kind, releasedAt: null}
 * (created when missing, or taken over when it is her own held slug or was
 * released more than SLUG_HOLD_DAYS ago by someone else), and the old one
 * is kept with releasedAt = server time, never deleted. Pure, so the unit
 * tests cover it; save-profile.ts reads the two slug docs and follows it.
 */
import { SLUG_HOLD_DAYS } from '../caps';
import type { ProfileKind } from './kinds';

/** The one message for a slug someone holds now or held recently. */
export const SLUG_TAKEN_MESSAGE = `この URL は使われているか、最近まで使われていたため使えません（手放された URL は ${SLUG_HOLD_DAYS} 日間、前の持ち主だけが使えます）。別の文字列にしてください。`;

/** slugs/{slug} as read: who holds it and, once released, when. */
export interface SlugHolder {
  userId: string;
  kind: string;
  releasedAt: Date | null;
}

/**
 * free: nobody holds it (or it was released over SLUG_HOLD_DAYS ago);
 * mine: held by `uid` (in use or released); taken: in use by someone
 * else; held: released by someone else less than SLUG_HOLD_DAYS ago.
 */
export type SlugState = 'free' | 'mine' | 'taken' | 'held';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The holder recorded in a slug document's data, or null. */
export function slugHolderFrom(data: Record<string, unknown> | undefined): SlugHolder | null {
  if (!data || typeof data.userId !== 'string') return null;
  const released = data.releasedAt as { toDate?: () => Date } | null | undefined;
  return {
    userId: data.userId,
    kind: String(data.kind ?? ''),
    releasedAt: typeof released?.toDate === 'function' ? released.toDate() : null,
  };
}

export function slugState(holder: SlugHolder | null, uid: string, now: Date): SlugState {
  if (!holder) return 'free';
  if (uid !== '' && holder.userId === uid) return 'mine';
  if (!holder.releasedAt) return 'taken';
  return now.getTime() - holder.releasedAt.getTime() > SLUG_HOLD_DAYS * DAY_MS ? 'free' : 'held';
}

/** A slugs/{slug} write: claimed (releasedAt null) or released (releasedAt = server time). */
export interface SlugWrite {
  slug: string;
  userId: string;
  kind: ProfileKind;
}

export type SlugPlan =
  | { taken: true }
  | {
      taken: false;
      /** slugs/{claim.slug} to set as {userId, kind, releasedAt: null}, or null. */
      claim: SlugWrite | null;
      /** slugs/{release.slug} to update to {userId, kind, releasedAt: server time}, or null. */
      release: SlugWrite | null;
    };

export interface SlugChange {
  uid: string;
  kind: ProfileKind;
  /** The slug the stored profile has now. */
  current: string;
  /** The slug being saved. */
  next: string;
  /** Who holds slugs/{next} (null when nobody); unused when the slug is unchanged. */
  nextHolder: SlugHolder | null;
  /** Who holds slugs/{current} (null when nobody). */
  currentHolder: SlugHolder | null;
  now: Date;
}

export function planSlugChange({ uid, kind, current, next, nextHolder, currentHolder, now }: SlugChange): SlugPlan {
  if (next === current) return { taken: false, claim: null, release: null };
  const state = slugState(nextHolder, uid, now);
  if (state === 'taken' || state === 'held') return { taken: true };
  // Already hers and in use (a reservation left over): nothing to write.
  const alreadyClaimed = state === 'mine' && nextHolder?.releasedAt === null;
  return {
    taken: false,
    claim: alreadyClaimed ? null : { slug: next, userId: uid, kind },
    // Only her own slug doc is released (kept, with the time); a missing one needs nothing.
    release: current !== '' && currentHolder?.userId === uid ? { slug: current, userId: uid, kind } : null,
  };
}
