/**
 * /schedule/manage behind the sign-in guard: a therapist edits her own
 * week (and sets 今すぐ案内可), a store the weeks of its confirmed members;
 * the guard tells a fan account that the page is not hers.
 */
import { RequireSignIn } from '../account/RequireSignIn';
import { AvailableNowSwitch } from '../available-now/AvailableNowSwitch';
import { StoreSchedule } from './StoreSchedule';
import { WeekEditor } from './WeekEditor';

export function ScheduleManager() {
  return (
    <RequireSignIn page="schedule">
      {({ user, accountType }) =>
        accountType === 'store' ? (
          <StoreSchedule storeUid={user.uid} />
        ) : (
          <div className="grid grid-cols-1 gap-6">
            <AvailableNowSwitch userId={user.uid} writer={user.uid} />
            <WeekEditor scope={{ kind: 'therapist', userId: user.uid }} />
          </div>
        )
      }
    </RequireSignIn>
  );
}
