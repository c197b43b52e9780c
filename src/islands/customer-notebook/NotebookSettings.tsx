/**
 * ノートの管理: change the passphrase, download an encrypted backup,
 * restore one (into this account or a new one), the warned plaintext CSV
 * export, and deleting the notebook.
 */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { exportCsv, makeBackup, restoreBackup } from '../../lib/notebook/session';
import { isNotebookError } from '../../lib/notebook/errors';
import { normalizeRecoveryCode } from '../../lib/notebook/recovery-code';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { TextField } from '../forms/TextField';
import { NewPassphraseForm } from './NewPassphraseForm';
import { ResetNotebook } from './ResetNotebook';
import type { Route } from './routes';
import { downloadFile, messageOf } from './ui';
import { Button } from '../ui/Button';

export function NotebookSettings({ navigate }: { navigate: (route: Route) => void }) {
  const [status, setStatus] = useState('');
  return (
    <div className="space-y-6" data-testid="notebook-settings">
      <a
        href="#"
        onClick={(event) => {
          event.preventDefault();
          navigate({ view: 'list' });
        }}
        className="text-link inline-flex min-h-11 items-center"
      >
        <span aria-hidden="true">←&nbsp;</span>顧客一覧
      </a>
      <div className="space-y-2">
        <h2 className="text-xl font-bold">ノートの管理</h2>
        <p role="status" data-testid="settings-status" className="font-medium text-green-800 dark:text-green-200">
          {status}
        </p>
      </div>
      <section className="card">
        <NewPassphraseForm mode="change" onDone={() => setStatus('合言葉を変更しました。次からは新しい合言葉で開きます。')} />
      </section>
      <BackupSection onStatus={setStatus} />
      <RestoreSection onStatus={setStatus} />
      <CsvSection />
      <section className="card space-y-3" aria-labelledby="reset-title">
        <h2 id="reset-title" className="text-lg font-bold">
          ノートを削除する
        </h2>
        <p>すべての顧客と来店記録、鍵を削除します。必要ならバックアップを作成してから削除してください。</p>
        <ResetNotebook />
      </section>
    </div>
  );
}

function BackupSection({ onStatus }: { onStatus: (message: string) => void }) {
  const [error, setError] = useState('');
  const backup = async () => {
    setError('');
    try {
      const file = await makeBackup();
      downloadFile(file.name, file.text, 'application/json');
      onStatus('暗号化バックアップをダウンロードしました。');
    } catch (caught) {
      setError(messageOf(caught, 'バックアップを作成できませんでした。'));
    }
  };
  return (
    <section className="card space-y-3" aria-labelledby="backup-title">
      <h2 id="backup-title" className="text-lg font-bold">
        暗号化バックアップ
      </h2>
      <p>
        ノートの中身を暗号化したまま 1
        つのファイルに保存します。開くには、この合言葉（または回復コード）が必要です。機種変更やアカウントの移行に使えます。
      </p>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <Button variant="primary" onClick={() => void backup()} data-testid="backup-download">
        バックアップをダウンロード
      </Button>
    </section>
  );
}

function RestoreSection({ onStatus }: { onStatus: (message: string) => void }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const restore = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file || !secret) {
      setError(!file ? 'バックアップファイルを選んでください。' : 'バックアップを作成したときの合言葉か回復コードを入力してください。');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const text = await file.text();
      // What looks like a recovery code is tried as one first, then as a passphrase (which could look the same).
      const result =
        normalizeRecoveryCode(secret) !== null
          ? await restoreBackup(text, { kind: 'recovery', code: secret }).catch((caught: unknown) => {
              if (isNotebookError(caught, 'wrong-recovery-code')) return restoreBackup(text, { kind: 'passphrase', passphrase: secret });
              throw caught;
            })
          : await restoreBackup(text, { kind: 'passphrase', passphrase: secret });
      setSecret('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onStatus(
        `バックアップから ${result.restored} 人を復元しました。${result.kept > 0 ? `新しい記録がすでにある ${result.kept} 人はそのままにしました。` : ''}`,
      );
    } catch (caught) {
      setError(messageOf(caught, 'バックアップを読み込めませんでした。'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="restore-title">
      <form onSubmit={restore} noValidate className="space-y-3">
        <h2 id="restore-title" className="text-lg font-bold">
          バックアップから復元
        </h2>
        <p>別のアカウントで作ったバックアップも復元できます。いまの顧客は消えません（同じ顧客は新しいほうを残します）。</p>
        <div className="space-y-1">
          <label htmlFor={fileId} className="block font-medium">
            バックアップファイル
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="application/json,.json"
            data-testid="restore-file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-base file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-gray-400 file:bg-white file:px-3 file:py-2 dark:file:border-gray-600 dark:file:bg-gray-900 dark:file:text-gray-100"
          />
        </div>
        <TextField
          label="バックアップを作成したときの合言葉（または回復コード）"
          name="restore-passphrase"
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {busy && (
          <p role="status" className="font-medium">
            鍵を確かめています…
          </p>
        )}
        <Button type="submit" variant="secondary" busy={busy} data-testid="restore-submit">
          復元する
        </Button>
      </form>
    </section>
  );
}

function CsvSection() {
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState('');
  const download = () => {
    if (!understood) return;
    setError('');
    try {
      const file = exportCsv();
      downloadFile(file.name, file.text, 'text/csv;charset=utf-8');
    } catch (caught) {
      setError(messageOf(caught, 'CSV を作成できませんでした。'));
    }
  };
  return (
    <section className="card space-y-3" aria-labelledby="csv-title">
      <h2 id="csv-title" className="text-lg font-bold">
        CSV で書き出す（暗号化なし）
      </h2>
      <FormAlert kind="error">
        <p className="font-bold">CSV は暗号化されていないファイルです。</p>
        <p className="mt-1">
          開けば誰でも中身を読めます。共有のパソコンやクラウドに置かない、使い終わったら削除するなど、取り扱いに注意してください。
        </p>
      </FormAlert>
      <CheckboxField
        label="暗号化されていないファイルになることを理解しました"
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
      />
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <Button variant="secondary" aria-disabled={!understood} disabled={!understood} onClick={download} data-testid="csv-download">
        CSV をダウンロード
      </Button>
    </section>
  );
}
