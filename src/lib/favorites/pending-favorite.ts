/**
 * The 推し a signed-out visitor tapped, carried through sign-in or
 * registration and email verification until it is added
 * (docs/decisions/fan-accounts.md). The ☆ link names it in the `oshi`
 * query parameter of /login (`therapist:<uid>`); /login and /register keep
 * it in localStorage, which the tab where she opens the verification link
 * shares. Pure apart from storage: no Firebase, so the signed-out ☆ markup
 * can build its link with it.
 */
import type { FavoriteKind } from '../../schema/favorites';

/** The query parameter the ☆ link and the sign-in pages carry. */
export const PENDING_PARAM = 'oshi';
const STORAGE_KEY = 'theralink:pending-favorite';
/** A tap older than this is forgotten: nobody expects a week-old tap to come back. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The rules' uid (isUid: 1..128 characters), narrowed to what Auth uids are made of. */
const UID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export interface PendingFavorite {
  uid: string;
  kind: FavoriteKind;
}

/** `therapist:<uid>` or `store:<uid>`. */
export function formatPendingParam(target: PendingFavorite): string {
  return `${target.kind}:${target.uid}`;
}

/** The target a parameter names, or null for anything else. */
export function parsePendingParam(value: string | null | undefined): PendingFavorite | null {
  const match = /^(therapist|store):(.+)$/.exec(value ?? '');
  if (!match || !UID_PATTERN.test(match[2]!)) return null;
  return { kind: match[1] === 'store' ? 'store' : 'therapist', uid: match[2]! };
}

/** The /login URL of a signed-out ☆ tap: back to `next`, with the target to add. */
export function favoriteSignInUrl(loginUrl: string, target: PendingFavorite): string {
  return `${loginUrl}&${PENDING_PARAM}=${encodeURIComponent(formatPendingParam(target))}`;
}

/**
 * The query a link from /login to /register (or back) carries: `first`
 * (e.g. kind=fan), the page's `next` and the pending target; '' when empty.
 */
export function carriedQuery(search: string, target: PendingFavorite | null, first: Record<string, string> = {}): string {
  const params = new URLSearchParams(first);
  const next = new URLSearchParams(search).get('next');
  if (next) params.set('next', next);
  if (target) params.set(PENDING_PARAM, formatPendingParam(target));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Keeps the target of the page's `oshi` parameter, if it names one; returns what is pending now. */
export function capturePendingFavorite(search: string, now = Date.now()): PendingFavorite | null {
  const target = parsePendingParam(new URLSearchParams(search).get(PENDING_PARAM));
  if (target) {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...target, savedAt: now }));
    } catch {
      // No storage (private mode): the parameter still rides along in the links.
    }
  }
  return readPendingFavorite(now) ?? target;
}

/** The pending target, or null (none, malformed or too old). */
export function readPendingFavorite(now = Date.now()): PendingFavorite | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { kind?: unknown; uid?: unknown; savedAt?: unknown } | null;
    if (typeof value?.savedAt !== 'number' || now - value.savedAt > PENDING_MAX_AGE_MS || now < value.savedAt) return null;
    return parsePendingParam(`${String(value.kind)}:${String(value.uid)}`);
  } catch {
    return null;
  }
}

export function forgetPendingFavorite(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
