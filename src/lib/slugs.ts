/** Profile slugs: the {slug} in /profile/{slug} and /store-profile/{slug}. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28})[a-z0-9]$/;

/** Words a profile may not take because routes or staff use them. */
export const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'login',
  'logout',
  'register',
  'profile',
  'store-profile',
  'search',
  'settings',
  'help',
  'howto',
  'new',
  'edit',
  'manage',
  'theralink',
]);

/**
 * Folds what a person typed into slug form: NFKC, lower case, spaces and
 * underscores to hyphens, anything else outside [a-z0-9-] dropped, hyphens
 * collapsed and trimmed.
 */
export function normalizeSlug(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Japanese reason a slug is not acceptable, or null when it is. */
export function slugProblem(input: string): string | null {
  const slug = normalizeSlug(input);
  if (slug.length < 3) return 'URL は 3 文字以上にしてください。';
  if (slug.length > 30) return 'URL は 30 文字以内にしてください。';
  if (!SLUG_PATTERN.test(slug)) return 'URL に使えるのは半角英小文字・数字・ハイフンです。';
  if (RESERVED_SLUGS.has(slug)) return 'この URL は使えません。別の文字列にしてください。';
  return null;
}
