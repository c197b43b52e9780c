/**
 * お断りする with an optional short reason, which only she reads (on her
 * profile editor; never public, never exported). A reason over the limit is
 * refused with a Japanese message and kept as typed.
 */
import { useState, type FormEvent } from 'react';
import { declineReasonProblem, MAX_DECLINE_REASON } from '../../lib/membership/decline-reason';
import { TextAreaField } from '../forms/TextAreaField';
import { Button } from '../ui/Button';

interface Props {
  name: string;
  busy: boolean;
  locked: boolean;
  onDecline(reason: string): void;
  onCancel(): void;
}

export function DeclineForm({ name, busy, locked, onDecline, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = declineReasonProblem(reason);
    setError(problem ?? '');
    if (!problem) onDecline(reason);
  };
  return (
    <form className="space-y-3" onSubmit={submit} noValidate data-testid="decline-form">
      <TextAreaField
        label={`${name} さんへのお断りの理由（任意）`}
        hint="ご本人のプロフィール編集画面にだけ表示されます。公開されません。"
        value={reason}
        rows={3}
        counterMax={MAX_DECLINE_REASON}
        error={error}
        onChange={(event) => setReason(event.target.value)}
        data-testid="decline-reason"
      />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          type="submit"
          busy={busy}
          busyLabel="記録しています…"
          disabled={locked && !busy}
          data-testid="decline-send"
        >
          お断りする
        </Button>
        <Button variant="quiet" disabled={locked} onClick={onCancel}>
          やめる
        </Button>
      </div>
    </form>
  );
}
