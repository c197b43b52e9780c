/**
 * The 推し button's markup, shared by the static component
 * (FavoriteButton.astro), the search page's DOM cards and the upgrade
 * module: labels, classes, and the signed-out link (the attributes are in
 * attributes.ts). No Firebase, no React: signed-out visitors load this
 * with the search page.
 *
 * Signed out, a button is a plain link to /login?next=<this page>&oshi=<target>
 * (the 推し is added once she has signed in or registered and verified). In a
 * browser with the account hint (<html data-account="signed-in">) the link
 * is invisible (holding its place) until the upgrade module swaps in the
 * toggle, so nobody signed in is shown 「ログイン」.
 */
import { loginUrlFor } from '../../lib/auth/next-path';
import { favoriteSignInUrl } from '../../lib/favorites/pending-favorite';
import type { FavoriteKind } from '../../schema/favorites';
import { KIND_ATTR, NAME_ATTR, SIGNED_IN_HIDDEN, TARGET_ATTR } from './attributes';

export type { FavoriteKind };

/** unknown: her 推し could not be read (favorite-buttons.ts); a tap reads them again. */
export const FAVORITE_LABELS = { off: '推しに追加', on: '推し中', unknown: '推しの状態を読み込む' } as const;
export const FAVORITE_MARKS = { off: '☆', on: '★', unknown: '↻' } as const;
export type FavoriteShown = keyof typeof FAVORITE_LABELS;

const BASE =
  'inline-flex shrink-0 cursor-pointer items-center gap-1 whitespace-nowrap rounded-full border border-brand-700 font-bold text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:hover:bg-brand-800 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-gray-800 dark:aria-pressed:bg-brand-700 dark:aria-pressed:text-white';
export const FAVORITE_SIZES = {
  md: `${BASE} px-4 py-2 text-sm`,
  sm: `${BASE} px-3 py-1 text-xs`,
} as const;
export type FavoriteSize = keyof typeof FAVORITE_SIZES;

export interface FavoriteTarget {
  uid: string;
  kind: FavoriteKind;
  /** Her (its) name, read by screen readers with the label: 「みう 推しに追加」. */
  name: string;
}

/** The signed-out link for a target, built in the page (the search cards); FavoriteButton.astro renders the same. */
export function favoriteLink(
  target: FavoriteTarget,
  size: FavoriteSize,
  next = `${location.pathname}${location.search}`,
): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = favoriteSignInUrl(loginUrlFor(next), target);
  link.className = `${FAVORITE_SIZES[size]} ${SIGNED_IN_HIDDEN}`;
  link.setAttribute(TARGET_ATTR, target.uid);
  link.setAttribute(KIND_ATTR, target.kind);
  link.setAttribute(NAME_ATTR, target.name);
  link.rel = 'nofollow';
  const mark = document.createElement('span');
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = FAVORITE_MARKS.off;
  const name = document.createElement('span');
  name.className = 'sr-only';
  name.textContent = `${target.name} `;
  const hint = document.createElement('span');
  hint.className = 'sr-only';
  hint.textContent = '（ログインが必要です）';
  link.append(mark, name, FAVORITE_LABELS.off, hint);
  return link;
}

/** A target's fields from its element, or null when they are missing or not a kind we know. */
export function readTarget(element: Element): FavoriteTarget | null {
  const uid = element.getAttribute(TARGET_ATTR);
  const kind = element.getAttribute(KIND_ATTR);
  if (!uid || (kind !== 'therapist' && kind !== 'store')) return null;
  return { uid, kind, name: element.getAttribute(NAME_ATTR) ?? '' };
}
