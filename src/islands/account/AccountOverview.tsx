/**
 * /profile and /store-profile for now: the signed-in owner's account at a
 * glance (name, public URL, published or not, email verification). The
 * full editor replaces the body of these pages with the profile issue.
 */
import { useEffect, useState } from 'react';
import { profileEditorPath } from '../../lib/auth/account-type';
import { publicProfilePath, readOwnProfile, type OwnProfileSummary } from '../../lib/profile/own-profile';
import { FormAlert } from '../forms/FormAlert';
import { EmailVerification } from './EmailVerification';
import { RequireSignIn, type SignedIn } from './RequireSignIn';

function Overview({ user, accountType, expected }: SignedIn & { expected: 'therapist' | 'store' }) {
  const [profile, setProfile] = useState<OwnProfileSummary | null | 'loading' | 'error'>('loading');
  useEffect(() => {
    readOwnProfile(user.uid, accountType).then(setProfile, () => setProfile('error'));
  }, [user.uid, accountType]);

  if (accountType && accountType !== 'none' && accountType !== expected) {
    return (
      <FormAlert kind="info">
        このアカウントの編集ページは <a className="underline" href={profileEditorPath(accountType)}>こちら</a> です。
      </FormAlert>
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="account-heading" className="space-y-2 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
        <h2 id="account-heading" className="text-lg font-bold">アカウント</h2>
        {profile === 'loading' && <p role="status">プロフィールを読み込んでいます…</p>}
        {profile === 'error' && <FormAlert kind="error">プロフィールを読み込めませんでした。通信状態を確かめて、再読み込みしてください。</FormAlert>}
        {profile === null && <p>プロフィールがまだありません。</p>}
        {profile && typeof profile === 'object' && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">名前</dt>
            <dd data-testid="profile-name">{profile.name}</dd>
            <dt className="font-medium">公開 URL</dt>
            <dd className="break-all">{publicProfilePath(accountType, profile.profileSlug)}</dd>
            <dt className="font-medium">公開状態</dt>
            <dd>{profile.published ? '公開中' : '非公開（公開の設定はプロフィール編集で行えます）'}</dd>
          </dl>
        )}
      </section>
      <section aria-labelledby="email-heading" className="space-y-2 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
        <h2 id="email-heading" className="text-lg font-bold">メールアドレスの確認</h2>
        <EmailVerification user={user} />
      </section>
    </div>
  );
}

export function AccountOverview({ expected }: { expected: 'therapist' | 'store' }) {
  return <RequireSignIn>{(signedIn) => <Overview {...signedIn} expected={expected} />}</RequireSignIn>;
}
