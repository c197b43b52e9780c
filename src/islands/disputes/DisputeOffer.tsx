/**
 * 「申し立てる」, offered where a handle she typed is held by someone
 * else: a short form for her evidence (kept as a session draft), sent as
 * a private dispute the operator reviews. Needs a verified email (with the
 * resend / re-check buttons right here); says 申し立て済み once sent.
 */
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { DISPUTE_EVIDENCE_MAX } from '../../lib/caps';
import { listMyDisputes, openDispute } from '../../lib/disputes/client';
import { disputeErrorMessage, DisputeNeedsVerificationError, evidenceProblem, type DisputeKind } from '../../lib/disputes/dispute';
import { frozenAccountId } from '../../lib/frozen/entry';
import { clearDraft, useSessionDraft } from '../../lib/forms/session-draft';
import { atHandle } from '../../lib/handles';
import { EmailVerification } from '../account/EmailVerification';
import { FormAlert } from '../forms/FormAlert';
import { TextAreaField } from '../forms/TextAreaField';
import { Button } from '../ui/Button';

interface Props {
  user: AuthUser;
  handle: string;
  kind: DisputeKind;
}

type Mode = 'closed' | 'open' | 'sent';

export function DisputeOffer({ user, handle, kind }: Props) {
  const handleId = frozenAccountId('x', handle);
  const draftKey = `theralink:draft:dispute:${user.uid}:${handleId}`;
  const [draft, update] = useSessionDraft(draftKey, { evidence: '' });
  const [mode, setMode] = useState<Mode>(draft.evidence ? 'open' : 'closed');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [needsVerification, setNeedsVerification] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    listMyDisputes(user.uid).then(
      (open) => live && open.some((dispute) => dispute.handleId === handleId) && setMode('sent'),
      () => undefined, // Only a hint: sending checks again.
    );
    return () => {
      live = false;
    };
  }, [user.uid, handleId]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const problem = evidenceProblem(draft.evidence);
    setFieldError(problem ?? '');
    if (problem) return field.current?.focus();
    setBusy(true);
    try {
      await openDispute(user.uid, handleId, kind, draft.evidence);
      clearDraft(draftKey);
      setMode('sent');
      requestAnimationFrame(() => result.current?.focus());
    } catch (error) {
      setNeedsVerification(error instanceof DisputeNeedsVerificationError);
      setFormError(disputeErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'sent') {
    return (
      <p ref={result} tabIndex={-1} role="status" data-testid="dispute-sent" className="card p-3 text-sm outline-none">
        {atHandle(handle)} について申し立て済みです。運営が確認して、結果をお知らせします。
      </p>
    );
  }
  if (mode === 'closed') {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="dispute-offer">
        <span>{atHandle(handle)} がご本人のアカウントなら：</span>
        <Button
          variant="secondary"
          onClick={() => {
            setMode('open');
            requestAnimationFrame(() => field.current?.focus());
          }}
        >
          申し立てる
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="card space-y-3 border-amber-400 dark:border-amber-700" data-testid="dispute-form">
      <h3 id={headingId} className="font-bold">
        {atHandle(handle)} について申し立てる
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        申し立ては運営だけが読みます。運営が確認するあいだ、このユーザー名は検索で「確認中」と表示されます（店舗や運営が確認済みのものを除く）。
      </p>
      {/* Not a nested <form>: this may sit inside the profile form. */}
      <div className="space-y-3">
        <TextAreaField
          ref={field}
          name="evidence"
          label="申し立ての内容"
          required
          rows={5}
          counterMax={DISPUTE_EVIDENCE_MAX}
          value={draft.evidence}
          onChange={(event) => update('evidence', event.target.value)}
          error={fieldError || undefined}
          hint="ご本人のアカウントだとわかる事情（いつから使っているか、所属店舗、ほかの SNS など）を書いてください。"
        />
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        {(needsVerification || !user.emailVerified) && <EmailVerification user={user} />}
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" disabled={busy} onClick={submit} data-testid="dispute-send">
            {busy ? '送っています…' : '申し立てを送る'}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setMode('closed')}>
            閉じる
          </Button>
        </div>
      </div>
    </section>
  );
}
