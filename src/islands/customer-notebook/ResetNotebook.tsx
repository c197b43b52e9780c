/** Deletes the whole notebook after an explicit confirmation. There is no undo. */
import { useState } from 'react';
import { resetNotebook } from '../../lib/notebook/session';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { messageOf } from './ui';
import { Button } from '../ui/Button';

export function ResetNotebook() {
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reset = async () => {
    if (!sure || busy || !confirm('顧客ノートをすべて削除します。元に戻せません。よろしいですか？')) return;
    setBusy(true);
    setError('');
    try {
      await resetNotebook();
    } catch (caught) {
      setError(messageOf(caught, '削除できませんでした。通信状態を確かめて、もう一度お試しください。'));
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <CheckboxField
        label="すべての顧客と来店記録が消え、元に戻せないことを理解しました"
        checked={sure}
        onChange={(event) => setSure(event.target.checked)}
      />
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <Button variant="danger" disabled={!sure} busy={busy} onClick={() => void reset()}>
        {busy ? '削除しています…' : 'ノートを削除する'}
      </Button>
    </div>
  );
}
