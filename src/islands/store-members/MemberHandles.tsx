/**
 * A therapist's former handles, each with its level badge: for one who
 * asks to join, to see who she is before answering; for a confirmed
 * member, a self-declared one also gets 「本人と確認した」, which raises it
 * to 店舗確認済み, once the operator has verified the store (until then the
 * store is told that its confirmations count only after that, and gets no
 * button). Should the rules refuse the list, the store is told so instead
 * of an error.
 */
import { useEffect, useState } from 'react';
import type { StoreMember } from '../../lib/membership/client';
import { membershipErrorMessage } from '../../lib/membership/errors';
import { confirmMemberHandle, listMemberHandles, type MemberHandle } from '../../lib/membership/member-handles';
import { atHandle } from '../../lib/handles';
import { claimTone, VERIFICATION_HINTS, VERIFICATION_LABELS } from '../../lib/verification';
import { Badge } from '../ui/Badge';
import type { StoreVerification } from './use-store-verification';

type Load = MemberHandle[] | 'loading' | 'unavailable' | 'error';

interface Props {
  member: StoreMember;
  storeUid: string;
  storeVerification: StoreVerification;
  /** A confirmed member's handles may be vouched for; a requester's are only shown. */
  canVouch: boolean;
}

/** Said instead of the button while the operator has not verified the store. */
export const UNVERIFIED_STORE_NOTICE =
  'この店舗はまだ運営の確認を受けていないため、旧アカウントの本人確認はできません。運営が店舗を確認すると、ここで確認した旧アカウントが「店舗確認済み」と表示されるようになります（確認は上の「運営による店舗の確認」から申請できます）。';

export function MemberHandles({ member, storeUid, storeVerification, canVouch }: Props) {
  const [handles, setHandles] = useState<Load>('loading');
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    listMemberHandles(member.id).then(
      (found) => live && setHandles(found),
      () => live && setHandles('error'),
    );
    return () => {
      live = false;
    };
  }, [member.id]);

  const vouch = async (item: MemberHandle) => {
    if (
      !confirm(
        `${atHandle(item.handle)} が ${member.displayName} さん本人のアカウントだと確認しましたか？「店舗確認済み」として公開されます。`,
      )
    )
      return;
    setBusy(item.id);
    setMessage(null);
    try {
      await confirmMemberHandle(item.id, storeUid);
      setHandles((current) =>
        Array.isArray(current) ? current.map((each) => (each.id === item.id ? { ...each, verification: 'store' } : each)) : current,
      );
      setMessage({ kind: 'success', text: `${atHandle(item.handle)} を店舗確認済みにしました。` });
    } catch (failure) {
      setMessage({ kind: 'error', text: membershipErrorMessage(failure, 'vouch') });
    } finally {
      setBusy(null);
    }
  };

  if (handles === 'loading')
    return (
      <p role="status" className="text-sm">
        旧アカウントを読み込んでいます…
      </p>
    );
  if (handles === 'unavailable') {
    return <p className="text-sm text-gray-700 dark:text-gray-300">この方の旧アカウントを表示できません。</p>;
  }
  if (handles === 'error') return <p className="text-sm text-red-700 dark:text-red-300">{membershipErrorMessage(null, 'handles')}</p>;
  // A failed read ('unknown') still offers the button: the rules decide, and their refusal is explained.
  const mayVouch = canVouch && (storeVerification === 'verified' || storeVerification === 'unknown');
  const selfDeclared = handles.some((item) => item.verification === 'self');
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium">旧アカウント</p>
      {canVouch && storeVerification === 'unverified' && selfDeclared && (
        <p className="text-gray-700 dark:text-gray-300" data-testid="member-handles-unverified">
          {UNVERIFIED_STORE_NOTICE}
        </p>
      )}
      {handles.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">登録されていません。</p>
      ) : (
        <ul className="space-y-1" data-testid="member-handles">
          {handles.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-handle={item.handle}>
              <span className="font-medium break-all">{atHandle(item.handle)}</span>
              <Badge tone={claimTone(item)} title={VERIFICATION_HINTS[item.verification]} data-testid="member-handle-level">
                {VERIFICATION_LABELS[item.verification]}
              </Badge>
              {item.verification === 'self' && mayVouch && (
                <button
                  type="button"
                  className="text-link min-h-11 text-sm"
                  disabled={busy !== null}
                  onClick={() => vouch(item)}
                  data-testid="member-handle-vouch"
                >
                  <span className="sr-only">{atHandle(item.handle)} を</span>
                  {busy === item.id ? '記録しています…' : '本人と確認した'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
