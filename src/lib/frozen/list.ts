/**
 * /frozen-accounts and its filtered views (by area, by initial letter): its
 * page size and the grouping rule for the letters (the URLs: src/lib/routes.ts).
 */
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
