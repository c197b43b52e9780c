/**
 * What a signed-in page says to an account type that cannot use it
 * (PAGE_USERS in account-links.ts): who it is for, and links to the pages
 * this account can use, so nobody meets a dead end.
 */
import type { AccountType } from '../../lib/auth/account-hint';
import { ACCOUNT_TYPE_NAMES, accountMenuLinks, PAGE_USERS, type GuardedPage } from '../../lib/auth/account-links';
import { FormAlert } from '../forms/FormAlert';

export function NotForThisAccount({ page, accountType }: { page: GuardedPage; accountType: AccountType }) {
  const { types, what } = PAGE_USERS[page];
  const forWhom = types.map((type) => ACCOUNT_TYPE_NAMES[type]).join('・');
  return (
    <div data-testid="not-for-this-account">
      <FormAlert kind="info">
        <p>
          {what}は、{forWhom}のアカウント専用です。このアカウント（{ACCOUNT_TYPE_NAMES[accountType]}）では使えません。
        </p>
        <p className="mt-2">このアカウントで使えるページ：</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {accountMenuLinks(accountType).map((link) => (
            <li key={link.href}>
              <a href={link.href} className="text-link-inherit font-bold">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        {accountType === 'none' && (
          <p className="mt-2 text-sm">
            セラピストや店舗として登録したのにこの表示が出るときは、通信の具合で確かめられなかった可能性があります。ページを再読み込みしてください。
          </p>
        )}
      </FormAlert>
    </div>
  );
}
