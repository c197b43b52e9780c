/**
 * A store's view: pick one of the therapists who named this store on their
 * profile, then edit her week (only shifts carrying this store's id).
 */
import { useEffect, useId, useState } from 'react';
import { useSessionDraft } from '../../lib/forms/session-draft';
import { listStoreTherapists, type StoreTherapist } from '../../lib/shifts/client';
import { FormAlert } from '../forms/FormAlert';
import { inputClass } from '../forms/TextField';
import { WeekEditor } from './WeekEditor';

type Therapists = StoreTherapist[] | 'loading' | 'error';

export function StoreSchedule({ storeUid }: { storeUid: string }) {
  const selectId = useId();
  const [therapists, setTherapists] = useState<Therapists>('loading');
  const [choice, update] = useSessionDraft('theralink:draft:schedule-therapist', { therapistId: '' });
  useEffect(() => {
    listStoreTherapists(storeUid).then(setTherapists, () => setTherapists('error'));
  }, [storeUid]);

  if (therapists === 'loading') return <p role="status">セラピストの一覧を読み込んでいます…</p>;
  if (therapists === 'error') {
    return <FormAlert kind="error">セラピストの一覧を読み込めませんでした。通信状態を確かめて、再読み込みしてください。</FormAlert>;
  }
  if (therapists.length === 0) {
    return (
      <div data-testid="store-therapists-empty" className="space-y-2 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
        <p className="font-bold">この店舗を所属店舗に選んでいるセラピストはまだいません。</p>
        <p>
          セラピストが自分のプロフィール編集で所属店舗にこの店舗を選ぶと、ここに表示され、その方の出勤を管理できるようになります。
        </p>
      </div>
    );
  }
  const selected = therapists.find((therapist) => therapist.id === choice.therapistId) ?? therapists[0];
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <label htmlFor={selectId} className="block font-medium">セラピスト</label>
        <select
          id={selectId}
          value={selected?.id}
          onChange={(event) => update('therapistId', event.target.value)}
          className={inputClass}
        >
          {therapists.map((therapist) => (
            <option key={therapist.id} value={therapist.id}>
              {therapist.displayName}{therapist.published ? '' : '（非公開）'}
            </option>
          ))}
        </select>
      </div>
      {selected && <WeekEditor key={selected.id} scope={{ kind: 'store', userId: selected.id, storeId: storeUid }} />}
    </div>
  );
}
