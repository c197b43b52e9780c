import type { NavLink } from '../nav-links';
import { profileEditorPath } from './account-type';
import type { AccountType } from './account-hint';

/** The avatar menu's links (ログアウト is a button after them), in SPEC's order. */
export function accountMenuLinks(accountType: AccountType | null): NavLink[] {
  return [
    { href: profileEditorPath(accountType), label: 'プロフィール' },
    { href: '/schedule/manage', label: 'スケジュール管理' },
    { href: '/customerManagement', label: '顧客管理' },
    { href: '/favorites', label: 'お気に入り' },
  ];
}

export const ANNOUNCEMENTS_LINK: NavLink = { href: '/announcements', label: 'お知らせ' };
