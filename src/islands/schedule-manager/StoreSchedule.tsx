/**
 * A store's view: the roster of its confirmed members (therapists who
 * named the store and whom it confirmed on its profile editor), each
 * member's shifts carrying this store's id, a week at a time, and each
 * member's 今すぐ案内可.
 */
import { useEffect, useState } from 'react';
import { listStoreMembers, type StoreMember } from '../../lib/membership/client';
import { AvailableNowSwitch } from '../available-now/AvailableNowSwitch';
import { FormAlert } from '../forms/FormAlert';
import { StoreRoster } from './StoreRoster';

type Therapists = StoreMember[] | 'loading' | 'error';

export function StoreSchedule({ storeUid }: { storeUid: string }) {
  const [therapists, setTherapists] = useState<Therapists>('loading');
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
      <div data-testid="store-therapists-empty" className="card space-y-2">
        <p className="font-bold">所属中のセラピストはまだいません。</p>
        <p>
          セラピストがプロフィール編集で所属店舗にこの店舗を選ぶと、
          <a href="/store-profile" className="text-link font-medium">
            店舗プロフィールの編集
          </a>
          に申請が届きます。承認すると、その方がここに表示され、出勤を管理できるようになります。
        </p>
      </div>
    );
  }
  // grid-cols-1 (minmax(0, 1fr)): the roster's wide table scrolls in its own box instead of widening the page.
  return (
    <div className="grid grid-cols-1 gap-6">
      <StoreRoster storeUid={storeUid} members={therapists} />
      <details className="card p-4" data-testid="store-available-now">
        {/* Not 「今すぐ案内可（1名）」: the badge reads 「今すぐ案内可（15:30 まで）」, so that said one was available now. */}
        <summary className="cursor-pointer font-bold">今すぐ案内可の切り替え（所属 {therapists.length} 名）</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {therapists.map((member) => (
            <AvailableNowSwitch key={member.id} userId={member.id} writer={storeUid} name={member.displayName} />
          ))}
        </div>
      </details>
    </div>
  );
}
