import { MAX_BREADCRUMBS } from './site';
import { storeDisplayName } from './store-name';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  href?: string;
}

/** What the breadcrumbs need to know of a store to name its page. */
export interface StoreNaming {
  id: string;
  profileSlug: string;
  displayName: string;
  storeName: string;
}

/** What the breadcrumbs need to know of a therapist to name her schedule page. */
export interface TherapistNaming {
  displayName: string;
}

/**
 * Japanese labels for known path segments. `href` overrides the cumulative
 * path where that path is not a public page (e.g. /store-profile is the
 * signed-in editor, so its crumb points at the store list).
 */
const SEGMENTS: Record<string, { label: string; href?: string }> = {
  profile: { label: 'プロフィール' },
  'store-profile': { label: '店舗', href: '/stores' },
  stores: { label: '店舗一覧' },
  search: { label: '検索' },
  howto: { label: '使い方' },
  'terms-of-service': { label: '利用規約' },
  'frozen-accounts': { label: '凍結アカウント一覧' },
  today: { label: '本日の出勤' },
  timeline: { label: 'タイムライン' },
  blogs: { label: 'ブログ' },
  blog: { label: 'ブログ', href: '/blogs' },
  'blog-editor': { label: 'ブログ編集' },
  skindetector: { label: '肌色判定' },
  favoriteRanking: { label: '推しランキング' },
  favorites: { label: 'お気に入り' },
  announcements: { label: 'お知らせ' },
  schedule: { label: '出勤予定', href: '/today' },
  manage: { label: '管理' },
  customerManagement: { label: '顧客管理' },
  report: { label: '報告' },
  login: { label: 'ログイン' },
  register: { label: '新規登録' },
};

/** Store name for a slug: the store with that profileSlug, else the one with that id. */
export function storeLabel(slug: string, stores: readonly StoreNaming[]): string {
  const store = stores.find((s) => s.profileSlug === slug) ?? stores.find((s) => s.id === slug);
  return (store && storeDisplayName(store)) || slug;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Segments that only group the pages under them (/blogs/tag/…, /timeline/page/2): no crumb, no page of their own. */
const GROUPING_SEGMENTS = new Set(['area', 'letter', 'tag', 'page']);

/**
 * ホーム, then one crumb per path segment. Hidden (empty) on /profile paths,
 * where the profile header already says where you are. A store page's crumb
 * is the store's name, a schedule page's (/schedule/{uid}) the therapist's;
 * `pageLabel` names the page itself (a blog's title rather than its id).
 * At most MAX_BREADCRUMBS items: the deepest ones are kept after ホーム.
 */
export function buildBreadcrumbs(
  pathname: string,
  stores: readonly StoreNaming[] = [],
  therapistsById: ReadonlyMap<string, TherapistNaming> = new Map(),
  pageLabel?: string,
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'profile') return [];

  const crumbs: Crumb[] = [{ label: 'ホーム', href: '/' }];
  segments.forEach((segment, index) => {
    if (index > 0 && index < segments.length - 1 && GROUPING_SEGMENTS.has(segment)) return;
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const known = SEGMENTS[segment];
    const isStoreSlug = index === 1 && segments[0] === 'store-profile';
    const therapist = index === 1 && segments[0] === 'schedule' ? therapistsById.get(decodeSegment(segment)) : undefined;
    const label = isStoreSlug
      ? storeLabel(decodeSegment(segment), stores)
      : (therapist?.displayName ?? known?.label ?? decodeSegment(segment));
    crumbs.push({ label, href: known?.href ?? path });
  });
  const last = crumbs[crumbs.length - 1];
  if (crumbs.length > 1 && last) {
    delete last.href;
    if (pageLabel) last.label = pageLabel;
  }

  if (crumbs.length <= MAX_BREADCRUMBS) return crumbs;
  return [crumbs[0]!, ...crumbs.slice(crumbs.length - (MAX_BREADCRUMBS - 1))];
}
