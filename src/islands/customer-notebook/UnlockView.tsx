/**
 * The locked notebook: her passphrase, or the recovery code instead. A
 * wrong one says so and opens nothing. For the case where both are lost,
 * the notebook can only be deleted and started again.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { unlock } from '../../lib/notebook/session';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { TextField } from '../forms/TextField';
import { ResetNotebook } from './ResetNotebook';
import { messageOf } from './ui';
import { Button } from '../ui/Button';

export function UnlockView({ idle }: { idle: boolean }) {
  const [mode, setMode] = useState<'passphrase' | 'recovery'>('passphrase');
  const [secret, setSecret] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!secret.trim()) {
      setError(mode === 'passphrase' ? '合言葉を入力してください。' : '回復コードを入力してください。');
      input.current?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      await unlock(mode === 'passphrase' ? { kind: 'passphrase', passphrase: secret } : { kind: 'recovery', code: secret });
    } catch (caught) {
      setError(messageOf(caught, 'ノートを開けませんでした。通信状態を確かめて、もう一度お試しください。'));
      setBusy(false);
      input.current?.select();
    }
  };

  const switchMode = () => {
    setMode(mode === 'passphrase' ? 'recovery' : 'passphrase');
    setSecret('');
    setError('');
  };

  return (
    <div className="space-y-5" data-testid="notebook-locked">
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-xl font-bold">{mode === 'passphrase' ? '合言葉でノートを開く' : '回復コードでノートを開く'}</h2>
        {idle && <FormAlert kind="info">15 分間操作がなかったため、ノートをロックしました。</FormAlert>}
        <p className="text-sm text-gray-700 dark:text-gray-300">
          ノートの鍵はこのページを開いている間だけ使われ、15 分間操作がないときやログアウトしたときに消えます。
        </p>
        {mode === 'passphrase' ? (
          <TextField
            ref={input}
            key="passphrase"
            label="ノートの合言葉"
            name="notebook-passphrase"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        ) : (
          <TextField
            ref={input}
            key="recovery"
            label="回復コード"
            name="notebook-recovery-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            hint="ノートを作成したときに控えた、4 文字ずつ 6 組の英数字です。"
            aria-invalid={error ? true : undefined}
          />
        )}
        {mode === 'passphrase' && (
          <CheckboxField label="入力した合言葉を表示する" checked={show} onChange={(event) => setShow(event.target.checked)} />
        )}
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {busy && (
          <p role="status" data-testid="notebook-busy" className="font-medium">
            鍵を確かめています…
          </p>
        )}
        <Button type="submit" variant="primary" className="w-full" busy={busy}>
          ノートを開く
        </Button>
        <Button variant="secondary" className="w-full" onClick={switchMode}>
          {mode === 'passphrase' ? '合言葉を忘れたとき（回復コードで開く）' : '合言葉で開く'}
        </Button>
      </form>
      <details className="card">
        <summary className="min-h-11 cursor-pointer content-center font-medium">合言葉も回復コードもわからないとき</summary>
        <div className="mt-3 space-y-3">
          <p>
            ノートの中身は、合言葉か回復コードがなければ誰にも（運営にも）開けません。バックアップファイルがある場合も、作成したときの合言葉か回復コードが必要です。
          </p>
          <p>残る方法は、ノートを削除して新しく作り直すことだけです。</p>
          <ResetNotebook />
        </div>
      </details>
    </div>
  );
}
