/**
 * One therapist in the store's list: a pending request with 承認する /
 * お断りする, or a confirmed member with 所属を解除 and her former handles.
 */
import type { StoreMember } from '../../lib/membership/client';
import type { MembershipStatus } from '../../lib/membership/state';
import { Button } from '../ui/Button';
import { MemberHandles } from './MemberHandles';
import type { StoreVerification } from './use-store-verification';

interface Props {
  member: StoreMember;
  storeUid: string;
  /** Whether the operator verified the store (its confirmations count only then). */
  storeVerification: StoreVerification;
  /** This member's answer is being written. */
  busy: boolean;
  /** Some answer is being written: buttons stay disabled. */
  locked: boolean;
  onAnswer(status: MembershipStatus): void;
}

export function MemberRow({ member, storeUid, storeVerification, busy, locked, onAnswer }: Props) {
  const name = member.displayName || '（名前なし）';
  const hidden = <span className="sr-only">{name} さんを</span>;
  return (
    <li className="space-y-3 p-4" data-testid="member" data-member={member.id} data-state={member.state}>
      <p className="font-bold">
        {name}
        {!member.published && <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-400">（プロフィール非公開）</span>}
      </p>
      {member.state === 'pending' ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" disabled={locked} onClick={() => onAnswer('confirmed')} data-testid="member-confirm">
            {hidden}
            {busy ? '記録しています…' : '承認する'}
          </Button>
          <Button variant="secondary" disabled={locked} onClick={() => onAnswer('declined')} data-testid="member-decline">
            {hidden}お断りする
          </Button>
        </div>
      ) : (
        <>
          <MemberHandles member={member} storeUid={storeUid} storeVerification={storeVerification} />
          <Button variant="danger" disabled={locked} onClick={() => onAnswer('removed')} data-testid="member-remove">
            {hidden}
            {busy ? '記録しています…' : '所属を解除'}
          </Button>
        </>
      )}
    </li>
  );
}
