/**
 * What a profile save does to slugs/ (docs/decisions/slug-holds.md): a
 * changed slug is claimed as {userId, kind, releasedAt: null} (created when
 * missing, or taken over when it is her own held slug or was released more
 * than SLUG_HOLD_DAYS ago by someone else), and the old one is kept with
 * releasedAt = server time and listed in her slugHolds/{uid}, oldest first.
 * She holds at most MAX_HELD_SLUGS: a rename that would hold one more
 * releases the oldest for real (deleted, with its tombstone: anyone may
 * take it then, and its redirect ends). Pure, so the unit tests cover it;
 * save-profile.ts reads the slug docs and her list and follows it.
 */
import { MAX_HELD_SLUGS, SLUG_HOLD_DAYS } from '../caps';
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
      /** Held slugs released for real: deleted with their tombstones, oldest first. */
      free: string[];
      /** Her slugHolds list to write (oldest first), or null when it stays as it is. */
      holds: string[] | null;
    };

/** One slug of her slugHolds list, with its slug doc as read. */
export interface ListedHold {
  slug: string;
  holder: SlugHolder | null;
}

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
  /** Her slugHolds list as read (empty when she has none), each slug with its doc; unused when the slug is unchanged. */
  holds: readonly ListedHold[];
  now: Date;
}

/**
 * When a listed slug was released, while it still counts as held: hers,
 * released, and not over a day past SLUG_HOLD_DAYS (the rules let a slug
 * leave the list unreleased only once the server's clock is past the hold,
 * so one whose hold ends about now stays listed, and is the first released
 * for real). Null once it is not held.
 */
function heldSince(hold: ListedHold, uid: string, now: Date): number | null {
  const released = hold.holder?.userId === uid ? hold.holder.releasedAt : null;
  if (!released || now.getTime() - released.getTime() > (SLUG_HOLD_DAYS + 1) * DAY_MS) return null;
  return released.getTime();
}

export function planSlugChange({ uid, kind, current, next, nextHolder, currentHolder, holds, now }: SlugChange): SlugPlan {
  if (next === current) return { taken: false, claim: null, release: null, free: [], holds: null };
  const state = slugState(nextHolder, uid, now);
  if (state === 'taken' || state === 'held') return { taken: true };
  // Already hers and in use (a reservation left over): nothing to write.
  const alreadyClaimed = state === 'mine' && nextHolder?.releasedAt === null;
  // Only her own slug doc in use is released (kept, with the time); a missing one needs nothing.
  const release = current !== '' && currentHolder?.userId === uid && currentHolder.releasedAt === null;
  // Her holds, oldest first, without the one she takes back and those no longer held; then the one released now.
  const kept = holds
    .flatMap((hold) => {
      const since = hold.slug === next || hold.slug === current ? null : heldSince(hold, uid, now);
      return since === null ? [] : [{ slug: hold.slug, since }];
    })
    .sort((a, b) => a.since - b.since)
    .map((hold) => hold.slug);
  const list = release ? [...kept, current] : kept;
  const free = list.splice(0, Math.max(0, list.length - MAX_HELD_SLUGS));
  const stored = holds.map((hold) => hold.slug);
  const same = list.length === stored.length && list.every((slug, index) => slug === stored[index]);
  return {
    taken: false,
    claim: alreadyClaimed ? null : { slug: next, userId: uid, kind },
    release: release ? { slug: current, userId: uid, kind } : null,
    free,
    holds: same ? null : list,
  };
}
