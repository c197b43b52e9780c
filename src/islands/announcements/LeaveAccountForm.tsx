/**
 * 退会: what goes, a box she ticks to say she read it, her password again
 * (src/lib/auth/leave-account.ts). What she typed stays on a refusal; once
 * the request is in, the page says goodbye (`onLeft`, before she is signed
 * out, so the sign-in guard does not replace the answer).
 */
import { useState, type SyntheticEvent } from 'react';
import type { AccountType } from '../../lib/auth/account-hint';
import { checkLeave, leaveAccount, leaveError } from '../../lib/auth/leave-account';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { CurrentPasswordField } from '../forms/TextField';
import { useFieldErrors } from '../forms/use-field-errors';
import { Button } from '../ui/Button';

const SIGN_IN = 'ログイン用のメールアドレスとパスワード';
/** What erasing takes with it, as the account's owner would name it (scripts/accounts/account-records.ts). */
export const ERASED_THINGS: Record<AccountType, string[]> = {
  none: ['推し・見守り中の X アカウント', 'お知らせ・通知の設定', SIGN_IN],
  therapist: [
    'プロフィール（サイトの公開ページも）',
    'ブログとタイムラインの投稿、写真',
    '出勤スケジュール・今すぐ案内可',
    '旧アカウント・いまの X アカウントの登録',
    '顧客ノート',
    '推し・お知らせ・通知の設定',
    SIGN_IN,
  ],
  store: [
    '店舗プロフィール（サイトの公開ページも）と、在籍セラピストとのつながり',
    'ブログとタイムラインの投稿、写真',
    '旧アカウント・いまの X アカウントの登録',
    '推し・お知らせ・通知の設定',
    SIGN_IN,
  ],
};

export function LeaveAccountForm({ accountType, onLeft }: { accountType: AccountType | null; onLeft: () => void }) {
  const [understood, setUnderstood] = useState(false);
  const [password, setPassword] = useState('');
  const { errors, ref, busy, send } = useFieldErrors(['understood', 'password'] as const);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const input = { understood, password };
    let left = false;
    const leave = () =>
      leaveAccount(input, () => {
        left = true;
        onLeft();
      });
    // After the request is in, only the sign-out can fail: the account is going either way.
    void send(checkLeave(input), leave, (error) => (left ? {} : leaveError(error)));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="leave-account">
      <p>退会すると、このアカウントの次のものがすべて削除されます。元には戻せません。</p>
      <ul className="list-disc space-y-1 pl-6">
        {ERASED_THINGS[accountType ?? 'therapist'].map((thing) => (
          <li key={thing}>{thing}</li>
        ))}
      </ul>
      {accountType !== 'none' && (
        <p className="text-sm text-gray-700 dark:text-gray-300">サイトの公開ページは、次の更新（数秒から十数分）で消えます。</p>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300">同じメールアドレスで、あらためて登録することもできます。</p>
      <CheckboxField
        ref={ref('understood')}
        name="understood"
        label="すべて削除され、元に戻せないことを確認しました"
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
        error={errors.understood}
      />
      <CurrentPasswordField
        ref={ref('password')}
        name="leave-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {errors.form && <FormAlert kind="error">{errors.form}</FormAlert>}
      <Button type="submit" variant="danger" busy={busy} busyLabel="退会しています…">
        退会する
      </Button>
    </form>
  );
}
