/**
 * The signed-in half of the top bar: the bell (red dot when an announcement
 * is unread) and the avatar menu, plus the same links in the small-screen
 * drawer. Renders nothing while signed out: the static ログイン / 新規登録
 * buttons are already in the page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { $hasUnreadAnnouncements, checkUnreadAnnouncements } from '../../lib/announcements/unread';
import { ANNOUNCEMENTS_LINK, accountMenuLinks, drawerLinks } from '../../lib/auth/account-links';
import { signOutUser } from '../../lib/auth/auth-store';
import type { NavLink } from '../../lib/nav-links';
import { useAuth } from '../../lib/auth/AuthProvider';
import { clientAuth } from '../../lib/firebase/app';
import { Avatar } from './Avatar';
import { BellIcon } from './BellIcon';

const itemClass =
  'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800';

interface AccountLinkListProps {
  links: NavLink[];
  onLogOut: () => void;
  /** Marks the お知らせ link when there is something unread. */
  unread?: boolean;
  className?: string;
  testId?: string;
}

/** The account links and ログアウト, as the avatar menu and the drawer both list them. */
function AccountLinkList({ links, onLogOut, unread = false, className, testId }: AccountLinkListProps) {
  return (
    <ul className={className} data-testid={testId}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={itemClass}>
            {link.label}
            {link === ANNOUNCEMENTS_LINK && unread && <span className="ml-2 text-red-700 dark:text-red-300">（未読あり）</span>}
          </a>
        </li>
      ))}
      <li className="mt-1 border-t border-gray-200 pt-1 dark:border-gray-700">
        <button type="button" onClick={onLogOut} className={itemClass}>
          ログアウト
        </button>
      </li>
    </ul>
  );
}

export function AccountNav({ drawerSlot }: { drawerSlot: HTMLElement | null }) {
  const { user, loading, accountType } = useAuth();
  const unread = useStore($hasUnreadAnnouncements);
  const menu = useRef<HTMLDivElement>(null);
  const [signOutError, setSignOutError] = useState('');
  const uid = user?.uid;

  useEffect(() => {
    // The dot is a hint, not content: a failed read leaves it off.
    const current = clientAuth().currentUser;
    if (!uid || current?.uid !== uid) return;
    current
      .getIdToken()
      .then((token) => checkUnreadAnnouncements(uid, token))
      .catch(() => $hasUnreadAnnouncements.set(false));
  }, [uid]);

  if (loading || !user) return null;

  const links = accountMenuLinks(accountType);
  const name = user.displayName || user.email || 'アカウント';
  const logOut = async () => {
    setSignOutError('');
    try {
      await signOutUser();
      menu.current?.hidePopover();
      document.getElementById('nav-drawer')?.hidePopover();
    } catch {
      setSignOutError('ログアウトできませんでした。通信状態を確かめて、もう一度お試しください。');
    }
  };
  const bellLabel = unread ? 'お知らせ（未読があります）' : 'お知らせ';

  return (
    <div className="flex items-center gap-1">
      <a
        href={ANNOUNCEMENTS_LINK.href}
        aria-label={bellLabel}
        data-testid="bell"
        data-unread={unread === null ? 'unknown' : String(unread)}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <BellIcon />
        {unread && (
          <span
            data-testid="bell-dot"
            className="absolute top-2 right-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-gray-950"
          />
        )}
      </a>
      <button
        type="button"
        popoverTarget="account-menu"
        data-testid="avatar-button"
        aria-label={`アカウントメニュー（${name}）`}
        className="account-button inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full hover:bg-gray-100 dark:hover:bg-gray-800"
      >
        <Avatar name={name} photoURL={user.photoURL} />
      </button>
      <div
        id="account-menu"
        ref={menu}
        popover="auto"
        aria-label="アカウントメニュー"
        data-testid="account-menu"
        className="account-menu card min-w-48 bg-white p-1 shadow-lg dark:bg-gray-900"
      >
        <p className="truncate px-3 py-2 text-xs text-gray-600 dark:text-gray-400">{name}</p>
        <AccountLinkList links={links} onLogOut={logOut} />
        {signOutError && (
          <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-300">
            {signOutError}
          </p>
        )}
      </div>
      {drawerSlot &&
        createPortal(
          <AccountLinkList
            links={drawerLinks(accountType)}
            unread={unread === true}
            onLogOut={logOut}
            className="mt-4 grid gap-1 border-t border-gray-200 pt-4 dark:border-gray-700"
            testId="drawer-account-links"
          />,
          drawerSlot,
        )}
    </div>
  );
}
