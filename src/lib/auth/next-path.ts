/**
 * Where to send someone after signing in: the `next` query value when it is
 * a path on this site, else the home page (a fan account: her 推し list).
 * Anything that could leave the site (`//evil.example`, `/\evil`,
 * `https://…`, `javascript:`) is refused.
 */
import type { AccountType } from './account-hint';

const AUTH_PAGES = new Set(['/login', '/register']);
const BASE = 'https://theralink.invalid';
/** Where a fan account (no therapist or store profile) goes by default: she has no profile to edit. */
export const FAN_HOME_PATH = '/favorites';

export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters and backslashes are where browsers and parsers disagree.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  if (AUTH_PAGES.has(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where /login goes once signed in: a given `next` wins (home when it could
 * leave the site); without one a fan account lands on /favorites, everyone
 * else (and an account whose type is not known) on the home page.
 */
export function afterSignInPath(next: string | null | undefined, accountType: AccountType | null): string {
  if (next) return safeNextPath(next);
  return accountType === 'none' ? FAN_HOME_PATH : '/';
}

/** The /login URL that comes back to `path` (path + query of a guarded page). */
export function loginUrlFor(path: string): string {
  return `/login?next=${encodeURIComponent(safeNextPath(path))}`;
}
