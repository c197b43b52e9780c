/**
 * A new passphrase: after unlocking with the recovery code (required), or
 * from the settings with the current passphrase. The notebook key is
 * re-wrapped; no record is encrypted again.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import { changePassphrase } from '../../lib/notebook/session';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { TextField } from '../forms/TextField';
import { DERIVING, newPassphraseProblem, PASSPHRASE_HINT } from './passphrase';
import { messageOf } from './ui';
import { Button } from '../ui/Button';

export function NewPassphraseForm({ mode, onDone }: { mode: 'after-recovery' | 'change'; onDone?: () => void }) {
  const [current, setCurrent] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<{ current?: string; passphrase?: string; confirmation?: string }>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(mode === 'change' && !current ? { current: '今の合言葉を入力してください。' } : {}),
      ...newPassphraseProblem(passphrase, confirmation),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      first.current?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      await changePassphrase(mode === 'change' ? { kind: 'passphrase', passphrase: current } : null, passphrase);
      setCurrent('');
      setPassphrase('');
      setConfirmation('');
      onDone?.();
    } catch (caught) {
      setError(messageOf(caught, '合言葉を変更できませんでした。通信状態を確かめて、もう一度お試しください。'));
    } finally {
      setBusy(false);
    }
  };

  const type = show ? 'text' : 'password';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="new-passphrase-form">
      <h2 className="text-lg font-bold">{mode === 'change' ? '合言葉を変更する' : '新しい合言葉を決める'}</h2>
      {mode === 'change' && (
        <TextField
          ref={first}
          label="今の合言葉"
          name="notebook-passphrase-current"
          type={type}
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current}
        />
      )}
      <TextField
        ref={mode === 'change' ? undefined : first}
        label="新しい合言葉"
        name="notebook-passphrase-new"
        type={type}
        autoComplete="new-password"
        required
        value={passphrase}
        onChange={(event) => setPassphrase(event.target.value)}
        hint={PASSPHRASE_HINT}
        error={errors.passphrase}
      />
      <TextField
        label="新しい合言葉（確認）"
        name="notebook-passphrase-new-confirm"
        type={type}
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation}
      />
      <CheckboxField label="入力した合言葉を表示する" checked={show} onChange={(event) => setShow(event.target.checked)} />
      <p className="text-sm text-gray-700 dark:text-gray-300">回復コードは今までのものがそのまま使えます。顧客の記録はそのまま読めます。</p>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      {busy && (
        <p role="status" data-testid="notebook-busy" className="font-medium">
          {DERIVING}
        </p>
      )}
      <Button type="submit" variant="primary" className="w-full" busy={busy}>
        合言葉を保存する
      </Button>
    </form>
  );
}
