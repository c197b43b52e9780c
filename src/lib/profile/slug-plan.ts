/**
 * What a profile save does to slugs/ (firestore.rules: a changed slug is
 * reserved and the old one released in the same write). Pure, so the unit
 * tests cover it; save-profile.ts reads the two slug docs and follows it.
 */
import type { ProfileKind } from './kinds';

export interface SlugOwner {
  userId: string;
  kind?: string;
}

export type SlugPlan =
  | { taken: true }
  | {
      taken: false;
      /** slugs/{reserve} to create as {userId, kind}, or null. */
      reserve: { slug: string; userId: string; kind: ProfileKind } | null;
      /** slugs/{release} to delete, or null. */
      release: string | null;
    };

export interface SlugChange {
  uid: string;
  kind: ProfileKind;
  /** The slug the stored profile has now. */
  current: string;
  /** The slug being saved. */
  next: string;
  /** Who holds slugs/{next} (null when nobody); unused when the slug is unchanged. */
  nextOwner: SlugOwner | null;
  /** Who holds slugs/{current} (null when nobody). */
  currentOwner: SlugOwner | null;
}

export function planSlugChange({ uid, kind, current, next, nextOwner, currentOwner }: SlugChange): SlugPlan {
  if (next === current) return { taken: false, reserve: null, release: null };
  if (nextOwner && nextOwner.userId !== uid) return { taken: true };
  return {
    taken: false,
    // Already ours (a reservation left over): a slug doc is never updated, so it stays as it is.
    reserve: nextOwner ? null : { slug: next, userId: uid, kind },
    // Only our own reservation is released; a missing one needs nothing.
    release: current !== '' && currentOwner?.userId === uid ? current : null,
  };
}
