/**
 * The signed-in pages and who may use them, in one place: the avatar menu
 * and the drawer offer each account type its own pages, and the guard
 * (RequireSignIn's `for`) tells anyone else so, with links to these
 * (docs/decisions/fan-accounts.md). 'none' is the fan (推し活用) account:
 * no therapist or store profile.
 */
import type { NavLink } from '../nav-links';
import type { AccountType } from './account-hint';

export const ANNOUNCEMENTS_LINK: NavLink = { href: '/announcements', label: 'お知らせ' };

/** The section of /announcements that holds her push and 推し alert settings (her sign-in email follows them). */
export const SETTINGS_ANCHOR = 'settings';
/** The section of /announcements that changes her sign-in email. */
export const ACCOUNT_ANCHOR = 'account';
/** The section of /announcements where she erases her account (退会). */
export const LEAVE_ANCHOR = 'leave';
const SETTINGS_LINK: NavLink = { href: `/announcements#${SETTINGS_ANCHOR}`, label: '設定' };
/** The section of /store-profile that answers membership requests. */
export const MEMBERS_ANCHOR = 'members';

const MENUS: Record<AccountType, NavLink[]> = {
  none: [{ href: '/favorites', label: '推し' }, ANNOUNCEMENTS_LINK, SETTINGS_LINK],
  therapist: [
    { href: '/profile', label: 'プロフィール' },
    { href: '/schedule/manage', label: 'スケジュール管理' },
    { href: '/blog-editor', label: 'ブログ' },
    { href: '/customerManagement', label: '顧客管理' },
    SETTINGS_LINK,
  ],
  store: [
    { href: '/store-profile', label: '店舗プロフィール' },
    { href: '/schedule/manage', label: '在籍セラピストの出勤' },
    { href: `/store-profile#${MEMBERS_ANCHOR}`, label: 'メンバー' },
    { href: '/blog-editor', label: 'ブログ' },
    SETTINGS_LINK,
  ],
};

/** The avatar menu's links for the account type (ログアウト is a button after them); an unknown type gets お知らせ only. */
export function accountMenuLinks(accountType: AccountType | null): NavLink[] {
  return accountType ? MENUS[accountType] : [ANNOUNCEMENTS_LINK];
}

/** The drawer's links: お知らせ first, then the menu's. */
export function drawerLinks(accountType: AccountType | null): NavLink[] {
  return [ANNOUNCEMENTS_LINK, ...accountMenuLinks(accountType).filter((link) => link !== ANNOUNCEMENTS_LINK)];
}

/** A signed-in page that not every account type may use. */
export type GuardedPage = 'profile' | 'store-profile' | 'schedule' | 'blog-editor' | 'notebook';

/** Who may use each guarded page (/favorites and /announcements are for every account). */
export const PAGE_USERS: Record<GuardedPage, { types: readonly AccountType[]; what: string }> = {
  profile: { types: ['therapist'], what: 'セラピストのプロフィール編集' },
  'store-profile': { types: ['store'], what: '店舗プロフィールの編集' },
  schedule: { types: ['therapist', 'store'], what: '出勤スケジュールの管理' },
  'blog-editor': { types: ['therapist', 'store'], what: 'ブログとタイムラインへの投稿' },
  notebook: { types: ['therapist'], what: '顧客ノート' },
};

/** Whether an account of this type may use the page (an unknown type may: the page's own reads decide). */
export function mayUsePage(page: GuardedPage, accountType: AccountType | null): boolean {
  return accountType === null || PAGE_USERS[page].types.includes(accountType);
}

/** What the account is called in sentences. */
export const ACCOUNT_TYPE_NAMES: Record<AccountType, string> = {
  none: '推し活用（ファン）',
  therapist: 'セラピスト',
  store: '店舗',
};
