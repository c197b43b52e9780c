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

/** aria-current for a link: 'page' on the link to the page being shown. */
export function ariaCurrent(href: string, currentPath: string): 'page' | undefined {
  return href === currentPath ? 'page' : undefined;
}
