/**
 * 所属セラピスト on /store-profile: the therapists who asked to join this
 * store (承認する / お断りする) and its confirmed members (所属を解除, and
 * their former handles to confirm). Only confirmed members are shown with
 * the store on the site, its schedule and /today. Whether the operator has
 * verified the store, and the way to ask, come first (VerificationRequest):
 * its confirmations of handles count only once it is.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { answerMembership, listStoreMembers, type StoreMember } from '../../lib/membership/client';
import { membershipErrorMessage, type MembershipAction } from '../../lib/membership/errors';
import type { MembershipStatus } from '../../lib/membership/state';
import { FormAlert } from '../forms/FormAlert';
import { MemberRow } from './MemberRow';
import { useStoreVerification } from './use-store-verification';
import { VerificationRequest } from './VerificationRequest';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; members: StoreMember[] };

const ACTION: Record<MembershipStatus, MembershipAction> = { confirmed: 'confirm', declined: 'decline', removed: 'remove' };

const DONE: Record<MembershipStatus, (name: string) => string> = {
  confirmed: (name) => `${name} さんの所属を承認しました。数十秒ほどで店舗ページに反映されます。`,
  declined: (name) => `${name} さんの申請をお断りしました。理由を添えた場合は、ご本人のプロフィール編集画面に表示されます。`,
  removed: (name) => `${name} さんの所属を解除しました。数十秒ほどで店舗ページから外れます。`,
};

export function StoreMembers({ storeUid }: { storeUid: string }) {
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const storeVerification = useStoreVerification(storeUid);

  const reload = useCallback(() => {
    listStoreMembers(storeUid).then(
      (members) => setLoad({ state: 'ready', members }),
      (failure: unknown) => setLoad({ state: 'error', message: membershipErrorMessage(failure, 'load') }),
    );
  }, [storeUid]);
  useEffect(reload, [reload]);

  const answer = async (member: StoreMember, status: MembershipStatus, reason = '') => {
    const name = member.displayName || '（名前なし）';
    if (status === 'removed' && !confirm(`${name} さんの所属を解除しますか？店舗ページと出勤表に表示されなくなります。`)) return;
    setBusy(member.id);
    setNotice('');
    setError('');
    try {
      await answerMembership(storeUid, member, status, reason);
      setNotice(DONE[status](name));
      reload();
    } catch (failure) {
      setError(membershipErrorMessage(failure, ACTION[status]));
    } finally {
      setBusy(null);
    }
  };

  /** One list (pending requests or confirmed members), or its empty line; test ids `{testId}` and `{testId}-empty`. */
  const memberList = (list: StoreMember[], testId: 'member-requests' | 'members', empty: string) =>
    list.length === 0 ? (
      <p className="text-sm text-gray-700 dark:text-gray-300" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    ) : (
      <ul className="card-list" data-testid={testId}>
        {list.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            storeUid={storeUid}
            storeVerification={storeVerification}
            busy={busy === member.id}
            locked={busy !== null}
            onAnswer={(status, reason) => answer(member, status, reason)}
          />
        ))}
      </ul>
    );

  const members = load.state === 'ready' ? load.members : [];
  const pending = members.filter((member) => member.state === 'pending');
  const confirmed = members.filter((member) => member.state === 'confirmed');
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="store-members">
      <h2 id={headingId} className="text-xl font-bold">
        所属セラピスト
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        セラピストが所属店舗にこの店舗を選ぶと、ここに申請が届きます。写真・エリア・現在と過去のXアカウント（確認の段階つき）・プロフィールで、どなたか確かめてからお答えください。承認した方だけが店舗ページ・出勤表・本日の出勤に表示され、承認前に登録していた出勤もこの店舗の出勤になります。
      </p>
      <VerificationRequest storeUid={storeUid} storeVerification={storeVerification} />
      <div role="status" aria-live="polite">
        {notice && <FormAlert kind="success">{notice}</FormAlert>}
      </div>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      {load.state === 'loading' && <p role="status">所属セラピストを読み込んでいます…</p>}
      {load.state === 'error' && <FormAlert kind="error">{load.message}</FormAlert>}
      {load.state === 'ready' && (
        <>
          <h3 className="font-bold">承認待ちの申請（{pending.length} 件）</h3>
          {memberList(pending, 'member-requests', '承認待ちの申請はありません。')}
          <h3 className="font-bold">所属中のセラピスト（{confirmed.length} 人）</h3>
          {memberList(confirmed, 'members', '所属中のセラピストはまだいません。')}
        </>
      )}
    </section>
  );
}
