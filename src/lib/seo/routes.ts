/**
 * Route sets the head, the sitemap, the audits and the browser tests
 * share: which pages are islands and which ones search engines skip.
 */

/** Routes behind sign-in (SPEC "Routes", guard: signed in). */
export const SIGNED_IN_ROUTES: ReadonlySet<string> = new Set([
  '/profile',
  '/store-profile',
  '/favorites',
  '/schedule/manage',
  '/customerManagement',
  '/blog-editor',
  '/announcements',
]);

/**
 * Routes that SPEC builds as islands (signed-in tools, sign-in and
 * registration, the skin-tone tool): React is their job. Every other page
 * is a public static page.
 */
export const ISLAND_ROUTES: ReadonlySet<string> = new Set([...SIGNED_IN_ROUTES, '/login', '/register', '/skindetector', '/report']);

/**
 * Kept out of search engines and the sitemap: the signed-in pages, the
 * report form (its page is a form about someone else's page) and the 404
 * page. /login, /register and /skindetector stay indexable: people search
 * for them by name.
 */
export const NOINDEX_ROUTES: ReadonlySet<string> = new Set([...SIGNED_IN_ROUTES, '/report', '/404']);

/** Whether a page (its path as the site links to it) is kept out of search engines. */
export function isNoindexRoute(path: string): boolean {
  return NOINDEX_ROUTES.has(path);
}
