/**
 * Push opt-in. In the local demo (no Cloud Messaging) it says so instead of
 * offering a button that cannot work; otherwise it asks for permission on
 * a click, never on load, and refreshes an existing token when it is old.
 */
import { useEffect, useState } from 'react';
import { enablePush, PUSH_LOCAL_DEMO_MESSAGE, pushAvailability, pushFailureMessage, refreshPushTokenIfStale } from '../../lib/push';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function PushOptIn({ uid }: { uid: string }) {
  const availability = pushAvailability();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const granted = availability === 'available' && Notification.permission === 'granted';

  useEffect(() => {
    if (!granted) return;
    refreshPushTokenIfStale(uid).then((result) => {
      if (result && !result.ok) setOutcome({ kind: 'error', text: pushFailureMessage(result.failure) });
    });
  }, [uid, granted]);

  if (availability === 'local-demo')
    return (
      <FormAlert kind="info">
        <span data-testid="push-local-demo">{PUSH_LOCAL_DEMO_MESSAGE}</span>
      </FormAlert>
    );
  if (availability === 'unsupported') return <FormAlert kind="info">{pushFailureMessage('unsupported')}</FormAlert>;

  const turnOn = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await enablePush(uid);
    setOutcome(
      result.ok
        ? { kind: 'success', text: 'プッシュ通知をオンにしました。新しいお知らせが届くと、この端末に通知します。' }
        : { kind: 'error', text: pushFailureMessage(result.failure) },
    );
    setBusy(false);
  };

  return (
    <div className="space-y-3">
      <p>{granted ? 'この端末ではプッシュ通知がオンになっています。' : '新しいお知らせを、この端末にプッシュ通知で受け取れます。'}</p>
      {!granted && (
        <Button variant="primary" onClick={turnOn} busy={busy} busyLabel="設定しています…">
          プッシュ通知を受け取る
        </Button>
      )}
      {outcome && <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert>}
    </div>
  );
}
