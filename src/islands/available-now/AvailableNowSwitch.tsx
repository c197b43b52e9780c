/**
 * 今すぐ案内可 for one therapist: 30 / 60 / 90 分 open a window, 終了する
 * ends it early. On her /schedule/manage and beside each member on her
 * store's roster. Results go to a live status line.
 */
import { useEffect, useState } from 'react';
import { AVAILABLE_NOW_MINUTES, type AvailableNowMinutes } from '../../lib/available-now';
import { formatTimeOfDay } from '../../lib/tokyo-date';
import { availableNowError, endAvailableNow, readAvailableNow, startAvailableNow } from '../../lib/available-now-client';
import { Button } from '../ui/Button';

interface Props {
  /** The therapist. */
  userId: string;
  /** Who writes: she, or her store. */
  writer: string;
  /** Her name, when a store shows several (else the heading says whose). */
  name?: string;
}

type State = { until: Date | null } | 'loading' | 'error';

export function AvailableNowSwitch({ userId, writer, name }: Props) {
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const headingId = `available-now-${userId}`;

  useEffect(() => {
    readAvailableNow(userId).then(
      (until) => setState({ until }),
      () => setState('error'),
    );
  }, [userId]);

  // The window ends by itself: the switch follows without a reload.
  const until = typeof state === 'object' ? state.until : null;
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setState({ until: null }), Math.max(0, until.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);

  const run = async (work: () => Promise<Date | null>, done: (end: Date | null) => string) => {
    setBusy(true);
    setMessage(null);
    try {
      const end = await work();
      setState({ until: end });
      setMessage({ kind: 'ok', text: done(end) });
    } catch (error) {
      setMessage({ kind: 'error', text: availableNowError(error) });
    } finally {
      setBusy(false);
    }
  };
  const start = (minutes: AvailableNowMinutes) =>
    run(
      () => startAvailableNow(userId, writer, minutes),
      (end) => `${end ? formatTimeOfDay(end) : ''} まで「今すぐ案内可」にしました。公開ページには数秒で表示されます。`,
    );
  const end = () =>
    run(
      () => endAvailableNow(userId, writer).then(() => null),
      () => '「今すぐ案内可」を終了しました。',
    );

  return (
    <section aria-labelledby={headingId} className="card grid gap-3 p-4" data-testid="available-now-switch">
      <h2 id={headingId} className="font-bold">
        {name ? `${name}さん：` : ''}今すぐ案内可
      </h2>
      {state === 'loading' && <p role="status">読み込んでいます…</p>}
      {state === 'error' && <p role="alert">状態を読み込めませんでした。再読み込みしてください。</p>}
      {typeof state === 'object' && state.until && (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            <span className="badge badge-solid-brand">今すぐ案内可</span> {formatTimeOfDay(state.until)} まで
          </p>
          <Button variant="secondary" size="sm" busy={busy} busyLabel="終了しています…" onClick={end}>
            終了する
          </Button>
        </div>
      )}
      {typeof state === 'object' && !state.until && (
        <div className="grid gap-2">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            すぐにご案内できるときに押すと、プロフィールと「本日の出勤」に表示され、推しているファンにお知らせが届きます。時間が来ると自動で消えます。
          </p>
          <div className="flex flex-wrap gap-2" role="group" aria-label="今すぐ案内可にする時間">
            {AVAILABLE_NOW_MINUTES.map((minutes) => (
              <Button key={minutes} variant="primary" size="sm" busy={busy} onClick={() => start(minutes)}>
                {minutes}分
              </Button>
            ))}
          </div>
        </div>
      )}
      <p role="status" className="text-sm">
        {message?.kind === 'ok' && message.text}
      </p>
      {message?.kind === 'error' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {message.text}
        </p>
      )}
    </section>
  );
}
