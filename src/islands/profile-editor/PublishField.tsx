/**
 * 公開する: off until the email is verified (publishing needs it, and the
 * rules check it), with the explanation and the resend / re-check buttons
 * right there. A profile that is already public can always be taken down.
 */
import type { AuthUser } from '../../lib/auth/auth-store';
import { EmailVerification } from '../account/EmailVerification';
import { CheckboxField } from '../forms/CheckboxField';

interface Props {
  user: AuthUser;
  checked: boolean;
  publicPath: string;
  error?: string;
  onChange(checked: boolean): void;
}

export function PublishField({ user, checked, publicPath, error, onChange }: Props) {
  const verified = user.emailVerified;
  return (
    <section aria-labelledby="publish-heading" className="card space-y-3">
      <h2 id="publish-heading" className="text-lg font-bold">
        公開設定
      </h2>
      <CheckboxField
        name="published"
        label="公開する"
        checked={checked}
        disabled={!verified && !checked}
        onChange={(event) => onChange(event.target.checked)}
        error={error}
        hint={
          verified
            ? `オンにして保存すると、数十秒ほどで公開ページ（${publicPath}）に表示されます。オフにして保存すると表示されなくなります。`
            : 'プロフィールを公開するには、メールアドレスの確認が必要です。届いた確認メールのリンクを開いてから、下の「確認済みか調べる」を押してください。'
        }
      />
      <EmailVerification user={user} />
    </section>
  );
}
