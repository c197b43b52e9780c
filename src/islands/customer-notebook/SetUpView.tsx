/**
 * First visit: what the notebook is and the one thing that cannot be
 * undone (a forgotten passphrase plus a lost recovery code), a new
 * passphrase, then the recovery code, shown once. The notebook is stored
 * only after she confirms she has noted the code.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import { finishSetUp, prepareSetUp, type PreparedSetUp } from '../../lib/notebook/session';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { TextField } from '../forms/TextField';
import { DERIVING, newPassphraseProblem, PASSPHRASE_HINT } from './passphrase';
import { RecoveryCodeBox } from './RecoveryCodeBox';
import { messageOf } from './ui';
import { Button } from '../ui/Button';

export function SetUpView() {
  const [passphrase, setPassphrase] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<{ passphrase?: string; confirmation?: string }>({});
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [prepared, setPrepared] = useState<PreparedSetUp | null>(null);
  const [noted, setNoted] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  const create = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = newPassphraseProblem(passphrase, confirmation);
    setErrors(found);
    if (found.passphrase || found.confirmation) {
      first.current?.focus();
      return;
    }
    setError('');
    setBusy(DERIVING);
    try {
      setPrepared(await prepareSetUp(passphrase));
      setPassphrase('');
      setConfirmation('');
    } catch (caught) {
      setError(messageOf(caught, '鍵を作成できませんでした。ページを再読み込みして、もう一度お試しください。'));
    } finally {
      setBusy('');
    }
  };

  const finish = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!prepared || !noted || busy) return;
    setError('');
    setBusy('ノートを保存しています…');
    try {
      await finishSetUp(prepared);
    } catch (caught) {
      setError(messageOf(caught, 'ノートを保存できませんでした。通信状態を確かめて、もう一度「ノートを使いはじめる」を押してください。'));
      setBusy('');
    }
  };

  if (prepared) {
    return (
      <form onSubmit={finish} className="space-y-4" data-testid="notebook-recovery">
        <h2 className="text-xl font-bold">回復コードを控えてください</h2>
        <p>
          合言葉を忘れたときは、この回復コードでノートを開けます。<strong>表示されるのはこの一度だけです。</strong>
          紙に書き写すか、ファイルに保存して、スマートフォンとは別の安全な場所に保管してください。
        </p>
        <RecoveryCodeBox code={prepared.recoveryCode} />
        <CheckboxField label="回復コードを安全な場所に控えました" checked={noted} onChange={(event) => setNoted(event.target.checked)} />
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {busy && <p role="status">{busy}</p>}
        <Button type="submit" variant="primary" className="w-full" disabled={!noted} busy={Boolean(busy)}>
          ノートを使いはじめる
        </Button>
      </form>
    );
  }

  return (
    <div className="space-y-5" data-testid="notebook-setup">
      <section className="space-y-3" aria-labelledby="notebook-about">
        <h2 id="notebook-about" className="text-xl font-bold">
          自分だけの顧客ノート
        </h2>
        <p>
          お客様の呼び名、好み、来店記録、NG のお客様をメモしておけます。内容は<strong>このブラウザーの中で暗号化してから</strong>
          保存するため、運営を含めて、あなた以外の誰も読むことはできません。
        </p>
        <div data-testid="notebook-warning">
          <FormAlert kind="error">
            <p className="font-bold">合言葉を忘れ、回復コードもなくした場合、ノートの中身は二度と取り出せません。</p>
            <p className="mt-1">運営にも復元できません。このあと表示される回復コードは、必ず控えてください。</p>
          </FormAlert>
        </div>
      </section>
      <form onSubmit={create} noValidate className="space-y-4">
        <h2 className="text-lg font-bold">合言葉を決める</h2>
        <TextField
          ref={first}
          label="ノートの合言葉"
          name="notebook-passphrase"
          type={show ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
          hint={PASSPHRASE_HINT}
          error={errors.passphrase}
        />
        <TextField
          label="合言葉（確認）"
          name="notebook-passphrase-confirm"
          type={show ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        <CheckboxField label="入力した合言葉を表示する" checked={show} onChange={(event) => setShow(event.target.checked)} />
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {busy && (
          <p role="status" data-testid="notebook-busy" className="font-medium">
            {busy}
          </p>
        )}
        <Button type="submit" variant="primary" className="w-full" busy={Boolean(busy)}>
          ノートを作成する
        </Button>
      </form>
    </div>
  );
}
