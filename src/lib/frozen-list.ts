/**
 * /frozen-accounts and its filtered views (by area, by initial letter):
 * one route helper for their URLs and one grouping rule for the letters.
 */
import type { Area } from './areas';

export const FROZEN_LIST_PATH = '/frozen-accounts';
export const FROZEN_PAGE_SIZE = 60;

/** Handles starting with a digit or an underscore are listed under this key. */
export const OTHER_INITIAL = 'etc';
export const INITIALS = [...'abcdefghijklmnopqrstuvwxyz', OTHER_INITIAL] as const;

export function initialOf(handle: string): string {
  const first = handle.charAt(0);
  return first >= 'a' && first <= 'z' ? first : OTHER_INITIAL;
}

export function initialLabel(initial: string): string {
  return initial === OTHER_INITIAL ? '数字・記号' : initial.toUpperCase();
}

/** An area view takes an area of the vocabulary only (it is a URL segment). */
export type FrozenListFilter = { area: Area } | { initial: string } | null;

/** The base URL of a filtered list (page 1); paginate() adds /2, /3, … */
export function frozenListPath(filter: FrozenListFilter = null): string {
  if (!filter) return FROZEN_LIST_PATH;
  return 'area' in filter ? `${FROZEN_LIST_PATH}/area/${filter.area}` : `${FROZEN_LIST_PATH}/letter/${filter.initial}`;
}
