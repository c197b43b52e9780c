/** A link in the site navigation. */
export interface NavLink {
  href: string;
  label: string;
}

/** Always shown in the top bar (from md up). */
export const MAIN_LINKS: readonly NavLink[] = [
  { href: '/search', label: '検索' },
  { href: '/howto', label: '使い方' },
  { href: '/timeline', label: 'タイムライン' },
];

/** Behind 「その他」 in the top bar. */
export const MORE_LINKS: readonly NavLink[] = [
  { href: '/today', label: '本日の出勤' },
  { href: '/blogs', label: 'ブログ' },
  { href: '/favoriteRanking', label: '推しランキング' },
  { href: '/skindetector', label: '肌色判定' },
  { href: '/frozen-accounts', label: '凍結アカウント一覧' },
  { href: '/stores', label: '店舗一覧' },
];

export const LOGIN_LINK: NavLink = { href: '/login', label: 'ログイン' };
export const REGISTER_LINK: NavLink = { href: '/register', label: '新規登録' };

/**
 * The page's path as the site links to it. With build.format 'file' the
 * build may report `/howto.html`; links are written without `.html`.
 */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
}

/** Every path the nav and its drawer link to. */
const NAV_PATHS: ReadonlySet<string> = new Set([
  '/',
  ...[...MAIN_LINKS, ...MORE_LINKS, LOGIN_LINK, REGISTER_LINK].map((link) => link.href),
]);

/**
 * The nav's link to the page at `pathname` (its aria-current), or '' when the
 * nav has none: all the nav shows of the page, so the pages with the same
 * one share its markup (src/components/RenderedOnce.astro).
 */
export function currentNavPath(pathname: string): string {
  const path = pagePath(pathname);
  return NAV_PATHS.has(path) ? path : '';
}

/** aria-current for a link: 'page' on the link to the page being shown. */
export function ariaCurrent(href: string, currentPath: string): 'page' | undefined {
  return href === currentPath ? 'page' : undefined;
}
