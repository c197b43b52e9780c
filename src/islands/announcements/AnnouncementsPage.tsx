/**
 * /announcements: my announcements, the push opt-in, which 推し news I get
 * (#settings: the menus' 設定), my sign-in email (#account), my password and 退会
 * (#leave), behind the sign-in guard; after 退会, goodbye.
 */
import { useState } from 'react';
import { ACCOUNT_ANCHOR, LEAVE_ANCHOR, SETTINGS_ANCHOR } from '../../lib/auth/account-links';
import { RequireSignIn } from '../account/RequireSignIn';
import { AlertSettingsForm } from './AlertSettingsForm';
import { EmailChangeForm } from './EmailChangeForm';
import { LeaveAccountForm } from './LeaveAccountForm';
import { PasswordChangeForm } from './PasswordChangeForm';
import { AnnouncementList } from './AnnouncementList';
import { PushOptIn } from './PushOptIn';

export function AnnouncementsPage() {
  const [left, setLeft] = useState(false);
  if (left) {
    return (
      <section aria-labelledby="left-heading" className="card space-y-3" data-testid="left-account">
        <h2 id="left-heading" className="text-lg font-bold">
          退会しました
        </h2>
        <p role="status">ご利用ありがとうございました。アカウントと記録は削除され、公開ページも次の更新で消えます。</p>
        <a href="/" className="text-link">
          トップページへ
        </a>
      </section>
    );
  }
  return (
    <RequireSignIn>
      {({ user, accountType }) => (
        <div className="space-y-8">
          <section id={SETTINGS_ANCHOR} aria-labelledby="push-heading" className="card scroll-mt-20 space-y-3">
            <h2 id="push-heading" className="text-lg font-bold">
              プッシュ通知
            </h2>
            <PushOptIn uid={user.uid} />
          </section>
          <section aria-labelledby="alert-settings-heading" className="card space-y-3">
            <h2 id="alert-settings-heading" className="text-lg font-bold">
              推しのお知らせ
            </h2>
            <AlertSettingsForm uid={user.uid} />
          </section>
          <section id={ACCOUNT_ANCHOR} aria-labelledby="email-heading" className="card scroll-mt-20 space-y-3">
            <h2 id="email-heading" className="text-lg font-bold">
              ログイン用メールアドレス
            </h2>
            <EmailChangeForm user={user} />
          </section>
          <section aria-labelledby="password-heading" className="card space-y-3">
            <h2 id="password-heading" className="text-lg font-bold">
              パスワードの変更
            </h2>
            <PasswordChangeForm />
          </section>
          <section aria-labelledby="list-heading" className="space-y-3">
            <h2 id="list-heading" className="text-lg font-bold">
              お知らせ一覧
            </h2>
            <AnnouncementList uid={user.uid} />
          </section>
          <section id={LEAVE_ANCHOR} aria-labelledby="leave-heading" className="card scroll-mt-20 space-y-3">
            <h2 id="leave-heading" className="text-lg font-bold">
              退会
            </h2>
            <LeaveAccountForm accountType={accountType} onLeft={() => setLeft(true)} />
          </section>
        </div>
      )}
    </RequireSignIn>
  );
}
