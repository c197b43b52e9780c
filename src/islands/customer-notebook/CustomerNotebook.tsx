/**
 * /customerManagement behind the sign-in guard: a therapist's encrypted
 * customer notebook. A store or fan account is told plainly why there is
 * no notebook for it.
 */
import { RequireSignIn } from '../account/RequireSignIn';
import { FormAlert } from '../forms/FormAlert';
import { NotebookApp } from './NotebookApp';

export function CustomerNotebook() {
  return (
    <RequireSignIn>
      {({ user, accountType }) => {
        if (accountType === 'therapist') return <NotebookApp uid={user.uid} />;
        return (
          <div data-testid="notebook-not-therapist">
            <FormAlert kind="info">
              <p>顧客ノートは、セラピストとして登録したアカウント専用の機能です。</p>
              <p className="mt-2">
                {accountType === 'store'
                  ? '店舗アカウントでは使えません。所属セラピストの出勤はスケジュール管理から編集できます。'
                  : 'このアカウントにはセラピストのプロフィールがありません。セラピストとして使うには、新規登録で「セラピスト」を選んでアカウントを作成してください。'}
              </p>
            </FormAlert>
          </div>
        );
      }}
    </RequireSignIn>
  );
}
