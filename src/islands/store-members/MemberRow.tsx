/**
 * One therapist in the store's list, with who she is (RequesterIdentity)
 * and her former handles: a pending request with 承認する / お断りする (with
 * an optional reason), or a confirmed member with 所属を解除 and her former
 * handles to confirm.
 */
import { useState } from 'react';
import type { StoreMember } from '../../lib/membership/client';
import type { MembershipStatus } from '../../lib/membership/state';
import { Button } from '../ui/Button';
import { DeclineForm } from './DeclineForm';
import { MemberHandles } from './MemberHandles';
import { RequesterIdentity } from './RequesterIdentity';
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
  onAnswer(status: MembershipStatus, reason?: string): void;
}

export function MemberRow({ member, storeUid, storeVerification, busy, locked, onAnswer }: Props) {
  const [declining, setDeclining] = useState(false);
  const name = member.displayName || '（名前なし）';
  const hidden = <span className="sr-only">{name} さんを</span>;
  const pending = member.state === 'pending';
  return (
    <li className="space-y-3 p-4" data-testid="member" data-member={member.id} data-state={member.state}>
      <RequesterIdentity member={member} />
      <MemberHandles member={member} storeUid={storeUid} storeVerification={storeVerification} canVouch={!pending} />
      {pending && declining ? (
        <DeclineForm
          name={name}
          busy={busy}
          locked={locked}
          onDecline={(reason) => onAnswer('declined', reason)}
          onCancel={() => setDeclining(false)}
        />
      ) : pending ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" disabled={locked} onClick={() => onAnswer('confirmed')} data-testid="member-confirm">
            {hidden}
            {busy ? '記録しています…' : '承認する'}
          </Button>
          <Button variant="secondary" disabled={locked} onClick={() => setDeclining(true)} data-testid="member-decline">
            {hidden}お断りする
          </Button>
        </div>
      ) : (
        <Button variant="danger" disabled={locked} onClick={() => onAnswer('removed')} data-testid="member-remove">
          {hidden}
          {busy ? '記録しています…' : '所属を解除'}
        </Button>
      )}
    </li>
  );
}
