/** /register once the account exists: the verification email, and where to go next for her kind. */
import { profileEditorPath } from '../../lib/auth/account-type';
import { FAN_HOME_PATH } from '../../lib/auth/next-path';
import { FormAlert } from '../forms/FormAlert';
import { LinkButton } from '../ui/Button';
import type { RegistrationDone } from './use-registration';

export function RegisterDone({ done }: { done: RegistrationDone }) {
  const fan = done.kind === 'fan';
  const needsVerification = fan ? '推しを登録するには' : 'プロフィールを公開するには';
  return (
    <div className="space-y-4" data-testid="register-done">
      <FormAlert kind="success">
        <p className="font-bold">登録が完了しました。</p>
        {done.verificationSent ? (
          <p>
            {done.email} に確認メールを送りました。メールのリンクを開いて、メールアドレスを確認してください。{needsVerification}
            メールアドレスの確認が必要です。
          </p>
        ) : (
          <p>確認メールを送れませんでした。{fan ? '推しの一覧' : 'プロフィール'}のページから、もう一度送ることができます。</p>
        )}
      </FormAlert>
      {fan ? (
        <LinkButton href={FAN_HOME_PATH} variant="primary">
          推しの一覧へ進む
        </LinkButton>
      ) : (
        <LinkButton href={profileEditorPath(done.kind === 'store' ? 'store' : 'therapist')} variant="primary">
          プロフィールを設定する
        </LinkButton>
      )}
    </div>
  );
}
