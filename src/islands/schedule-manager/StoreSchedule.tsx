/**
 * A store's view: pick one of its confirmed members (a therapist who named
 * the store and whom it confirmed on its profile editor), then edit her
 * week (only shifts carrying this store's id).
 */
import { useEffect, useId, useState } from 'react';
import { useSessionDraft } from '../../lib/forms/session-draft';
import { listStoreMembers, type StoreMember } from '../../lib/membership/client';
import { FormAlert } from '../forms/FormAlert';
import { inputClass } from '../forms/TextField';
import { WeekEditor } from './WeekEditor';

type Therapists = StoreMember[] | 'loading' | 'error';

export function StoreSchedule({ storeUid }: { storeUid: string }) {
  const selectId = useId();
  const [therapists, setTherapists] = useState<Therapists>('loading');
  const [choice, update] = useSessionDraft('theralink:draft:schedule-therapist', { therapistId: '' });
  useEffect(() => {
    listStoreMembers(storeUid).then(
      (members) => setTherapists(members.filter((member) => member.state === 'confirmed')),
      () => setTherapists('error'),
    );
  }, [storeUid]);

  if (therapists === 'loading') return <p role="status">セラピストの一覧を読み込んでいます…</p>;
  if (therapists === 'error') {
    return <FormAlert kind="error">セラピストの一覧を読み込めませんでした。通信状態を確かめて、再読み込みしてください。</FormAlert>;
  }
  if (therapists.length === 0) {
    return (
      <div data-testid="store-therapists-empty" className="space-y-2 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
        <p className="font-bold">所属中のセラピストはまだいません。</p>
        <p>
          セラピストがプロフィール編集で所属店舗にこの店舗を選ぶと、
          <a href="/store-profile" className="font-medium underline underline-offset-2">
            店舗プロフィールの編集
          </a>
          に申請が届きます。承認すると、その方がここに表示され、出勤を管理できるようになります。
        </p>
      </div>
    );
  }
  const selected = therapists.find((therapist) => therapist.id === choice.therapistId) ?? therapists[0];
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <label htmlFor={selectId} className="block font-medium">
          セラピスト
        </label>
        <select id={selectId} value={selected?.id} onChange={(event) => update('therapistId', event.target.value)} className={inputClass}>
          {therapists.map((therapist) => (
            <option key={therapist.id} value={therapist.id}>
              {therapist.displayName}
              {therapist.published ? '' : '（非公開）'}
            </option>
          ))}
        </select>
      </div>
      {selected && <WeekEditor key={selected.id} scope={{ kind: 'store', userId: selected.id, storeId: storeUid }} />}
    </div>
  );
}
