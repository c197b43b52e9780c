/**
 * Which news of her 推し a fan hears about (each kind: the bell), and
 * whether a push goes with it (users/{uid}.alerts and pushAlerts, read by
 * the alerts job). Saved on 保存; a failed save keeps every choice.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { readAlertSettings, saveAlertSettings, type AlertSettings } from '../../lib/favorites/client';
import { ALERT_KIND_LABELS, DEFAULT_ALERT_SETTINGS, type AlertKind } from '../../lib/favorites/alert-settings';
import { FavoriteError } from '../../lib/favorites/errors';
import { clientDb } from '../../lib/firebase/db';
import { CheckboxField } from '../forms/CheckboxField';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };
type Outcome = { kind: 'success' | 'error'; text: string } | null;

const KINDS = Object.keys(ALERT_KIND_LABELS) as AlertKind[];
const messageOf = (error: unknown, fallback: string) => (error instanceof FavoriteError ? error.message : fallback);

export function AlertSettingsForm({ uid }: { uid: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [settings, setSettings] = useState<AlertSettings>(DEFAULT_ALERT_SETTINGS);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    readAlertSettings(clientDb(), uid).then(
      (stored) => {
        setSettings(stored);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => setLoad({ status: 'error', message: messageOf(error, 'お知らせの設定を読み込めませんでした。') }),
    );
  }, [uid]);

  if (load.status === 'loading') return <p role="status">お知らせの設定を読み込んでいます…</p>;
  if (load.status === 'error') return <FormAlert kind="error">{load.message}（ページを再読み込みしてください）</FormAlert>;

  const setKind = (kind: AlertKind, on: boolean) => setSettings((now) => ({ ...now, alerts: { ...now.alerts, [kind]: on } }));
  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSaving(true);
    setOutcome(null);
    try {
      await saveAlertSettings(clientDb(), uid, settings);
      setOutcome({ kind: 'success', text: 'お知らせの設定を保存しました。' });
    } catch (error) {
      setOutcome({ kind: 'error', text: messageOf(error, 'お知らせの設定を保存できませんでした。もう一度お試しください。') });
    }
    setSaving(false);
  };

  return (
    <form onSubmit={save} className="space-y-4" data-testid="alert-settings" noValidate>
      <fieldset className="space-y-1">
        <legend className="mb-2">推しについて、次のお知らせを受け取ります。</legend>
        {KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            label={ALERT_KIND_LABELS[kind]}
            checked={settings.alerts[kind]}
            onChange={(event) => setKind(kind, event.target.checked)}
          />
        ))}
      </fieldset>
      <CheckboxField
        label="推しのお知らせをプッシュ通知でも受け取る"
        hint="上の「プッシュ通知」をオンにした端末に届きます。"
        checked={settings.pushAlerts}
        onChange={(event) => setSettings((now) => ({ ...now, pushAlerts: event.target.checked }))}
      />
      <div className="max-w-xs">
        <Button type="submit" variant="primary" className="w-full" busy={saving} busyLabel="保存しています…">
          お知らせの設定を保存
        </Button>
      </div>
      {outcome && <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert>}
    </form>
  );
}
