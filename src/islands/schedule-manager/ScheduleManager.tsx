/**
 * /schedule/manage behind the sign-in guard: a therapist edits her own
 * week (and sets 今すぐ案内可), a store the weeks of its confirmed members, and an account
 * of neither type is told why there is nothing to edit.
 */
import { RequireSignIn } from '../account/RequireSignIn';
import { AvailableNowSwitch } from '../available-now/AvailableNowSwitch';
import { FormAlert } from '../forms/FormAlert';
import { StoreSchedule } from './StoreSchedule';
import { WeekEditor } from './WeekEditor';

export function ScheduleManager() {
  return (
    <RequireSignIn>
      {({ user, accountType }) => {
        if (accountType === 'store') return <StoreSchedule storeUid={user.uid} />;
        if (accountType === 'therapist') {
          return (
            <div className="grid gap-6">
              <AvailableNowSwitch userId={user.uid} writer={user.uid} />
              <WeekEditor scope={{ kind: 'therapist', userId: user.uid }} />
            </div>
          );
        }
        return (
          <FormAlert kind="info">
            <p>出勤スケジュールを管理できるのは、セラピストまたは店舗として登録したアカウントです。</p>
            <p className="mt-2">
              このアカウントにはセラピストのプロフィールも店舗のプロフィールも見つかりませんでした。通信の具合で確かめられなかった場合もあるため、ページを再読み込みしてもこの表示が続くときは運営までお問い合わせください。
            </p>
          </FormAlert>
        );
      }}
    </RequireSignIn>
  );
}
