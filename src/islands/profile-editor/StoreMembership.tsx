/**
 * Under 所属店舗: where her request to the saved store stands (承認待ち /
 * 所属中 / 承認されませんでした / 所属を解除されました), what saving a
 * different choice will do, and 「店舗をやめる」 (after a confirmation),
 * which clears her store at once.
 */
import { useEffect, useRef, useState } from 'react';
import { leaveStore, readMembership } from '../../lib/membership/client';
import { membershipErrorMessage } from '../../lib/membership/errors';
import { MEMBERSHIP_LABELS, membershipState, type Instant, type MembershipAnswer } from '../../lib/membership/state';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

interface Props {
  uid: string;
  /** The store her saved request names ('' for none) and when she asked (storeRequests/{uid}). */
  savedStoreId: string;
  savedRequestedAt: Instant | null;
  /** The store chosen in the form now. */
  chosenStoreId: string;
  onLeft(): void;
}

const EXPLAIN = {
  pending: '店舗の承認を待っています。承認されるまで、プロフィールや店舗ページ、出勤表に所属店舗として表示されません。',
  confirmed: '店舗に承認されました。プロフィールと店舗ページに所属店舗として表示され、出勤にも店舗が表示されます。',
  declined:
    'この店舗には所属を承認されませんでした。もう一度申請するには「店舗をやめる」を押してから、改めて店舗を選んで保存してください。',
  removed: '店舗によって所属が解除されました。もう一度申請するには「店舗をやめる」を押してから、改めて店舗を選んで保存してください。',
} as const;

export function StoreMembership({ uid, savedStoreId, savedRequestedAt, chosenStoreId, onLeft }: Props) {
  const [answer, setAnswer] = useState<{ storeId: string; answer: MembershipAnswer | null } | 'error' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!savedStoreId) return;
    let live = true;
    readMembership(savedStoreId, uid).then(
      (found) => live && setAnswer({ storeId: savedStoreId, answer: found }),
      () => live && setAnswer('error'),
    );
    return () => {
      live = false;
    };
  }, [savedStoreId, uid]);

  if (chosenStoreId !== savedStoreId) {
    return (
      <p role="status" data-testid="membership-change" className="text-sm text-gray-700 dark:text-gray-300">
        {chosenStoreId
          ? '保存すると、この店舗に所属を申請します。店舗が承認すると、プロフィールと店舗ページに表示されます。'
          : '保存すると、所属店舗の設定を外します。'}
      </p>
    );
  }
  if (!savedStoreId) return null;

  const leave = async () => {
    if (busy || !confirm('この店舗をやめますか？プロフィールや店舗ページに所属店舗として表示されなくなります。')) return;
    setBusy(true);
    setError('');
    try {
      await leaveStore(uid);
      onLeft();
    } catch (failure) {
      setError(membershipErrorMessage(failure, 'leave'));
      button.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const known = answer !== null && answer !== 'error' && answer.storeId === savedStoreId;
  const state = known ? membershipState(savedStoreId, savedRequestedAt, answer.answer) : null;
  return (
    <div className="card space-y-2 p-3" data-testid="membership" data-state={state ?? 'loading'}>
      {answer === 'error' ? (
        <p className="text-sm">{membershipErrorMessage(null, 'load')}</p>
      ) : state && state !== 'none' ? (
        <>
          <p className="font-bold">
            所属の状況：<span data-testid="membership-state">{MEMBERSHIP_LABELS[state]}</span>
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">{EXPLAIN[state]}</p>
        </>
      ) : (
        <p role="status" className="text-sm">
          所属の状況を読み込んでいます…
        </p>
      )}
      <Button ref={button} variant="danger" busy={busy} busyLabel="手続きしています…" onClick={leave} data-testid="leave-store">
        店舗をやめる
      </Button>
      {error && <FormAlert kind="error">{error}</FormAlert>}
    </div>
  );
}
