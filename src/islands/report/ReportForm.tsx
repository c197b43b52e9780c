/**
 * The report form: why (one of four reasons) and, optionally, what
 * happened (≤ 1000 characters). What she types is a session draft per
 * target, so a refused send or a reload loses nothing; the first problem
 * takes the focus. After sending, a confirmation takes its place.
 */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { REPORT_TEXT_MAX } from '../../lib/caps';
import { clearDraft, useSessionDraft } from '../../lib/forms/session-draft';
import { sendReport } from '../../lib/reports/client';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportErrorMessage,
  reportProblems,
  type ReportDraft,
  type ReportProblems,
  type ReportReason,
} from '../../lib/reports/report';
import { FieldError, RequiredMark } from '../forms/field-parts';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';
import { TextAreaField } from '../forms/TextAreaField';

const EMPTY: ReportDraft = { reason: '', text: '' };

export function ReportForm({ user, target }: { user: AuthUser; target: string }) {
  const draftKey = `theralink:draft:report:${user.uid}:${target}`;
  const [draft, update] = useSessionDraft(draftKey, EMPTY);
  const [problems, setProblems] = useState<ReportProblems>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const reasonId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const done = useRef<HTMLDivElement>(null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const found = reportProblems(draft);
    setProblems(found);
    if (found.reason) return firstReason.current?.focus();
    if (found.text) return text.current?.focus();
    setBusy(true);
    try {
      await sendReport(user.uid, target, draft.reason as ReportReason, draft.text);
      clearDraft(draftKey);
      setSent(true);
      requestAnimationFrame(() => done.current?.focus());
    } catch (error) {
      setFormError(reportErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div ref={done} tabIndex={-1} className="space-y-3 outline-none" data-testid="report-sent">
        <FormAlert kind="success">
          <p className="font-bold">報告を受け付けました。ありがとうございます。</p>
          <p className="mt-1">運営が内容を確認し、必要に応じて対応します。個別のお返事はしていません。</p>
        </FormAlert>
        <p>
          <a href="/" className="text-link font-medium">
            ホームへ戻る
          </a>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="報告の内容" data-testid="report-form">
      <fieldset className="space-y-2" aria-describedby={problems.reason ? `${reasonId}-error` : undefined}>
        <legend className="field-label">
          報告の理由
          <RequiredMark />
        </legend>
        {REPORT_REASONS.map((reason, index) => (
          <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={reason}
              checked={draft.reason === reason}
              onChange={() => update('reason', reason)}
              aria-invalid={problems.reason ? true : undefined}
              className="size-5"
            />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        <FieldError id={`${reasonId}-error`} error={problems.reason} />
      </fieldset>
      <TextAreaField
        ref={text}
        name="text"
        label="詳しい内容（任意）"
        rows={6}
        counterMax={REPORT_TEXT_MAX}
        value={draft.text}
        onChange={(event) => update('text', event.target.value)}
        error={problems.text}
        hint="どこがどう問題なのか、わかる範囲で書いてください。報告した方の名前が相手に伝わることはありません。"
      />
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <Button type="submit" variant="primary" className="w-full" busy={busy} busyLabel="送っています…">
        報告を送る
      </Button>
    </form>
  );
}
