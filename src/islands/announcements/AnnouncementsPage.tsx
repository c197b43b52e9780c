/** /announcements: my announcements, the push opt-in and which 推し news I get (#settings: the fan menu's 設定), behind the sign-in guard. */
import { SETTINGS_ANCHOR } from '../../lib/auth/account-links';
import { RequireSignIn } from '../account/RequireSignIn';
import { AlertSettingsForm } from './AlertSettingsForm';
import { AnnouncementList } from './AnnouncementList';
import { PushOptIn } from './PushOptIn';

export function AnnouncementsPage() {
  return (
    <RequireSignIn>
      {({ user }) => (
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
          <section aria-labelledby="list-heading" className="space-y-3">
            <h2 id="list-heading" className="text-lg font-bold">
              お知らせ一覧
            </h2>
            <AnnouncementList uid={user.uid} />
          </section>
        </div>
      )}
    </RequireSignIn>
  );
}
