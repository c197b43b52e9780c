/**
 * A store's view: the roster of its confirmed members (therapists who
 * named the store and whom it confirmed on its profile editor), each
 * member's shifts carrying this store's id, a week at a time.
 */
import { useEffect, useState } from 'react';
import { listStoreMembers, type StoreMember } from '../../lib/membership/client';
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
  return <StoreRoster storeUid={storeUid} members={therapists} />;
}
