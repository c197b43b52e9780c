/**
 * The top of the open notebook: whether every change is saved (or waiting
 * for the network, and how many), and the lock and settings buttons.
 */
import { useStore } from '@nanostores/react';
import { $sync, flush, lock } from '../../lib/notebook/session';
import { Button } from '../ui/Button';

export function SyncBar({ onSettings, showSettings }: { onSettings: () => void; showSettings: boolean }) {
  const sync = useStore($sync);
  const message = sync.offline
    ? `オフラインです。再接続すると保存します（未送信 ${sync.pending} 件）`
    : sync.pending > 0
      ? `保存しています…（未送信 ${sync.pending} 件）`
      : 'すべて保存済みです';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          role="status"
          data-testid="notebook-sync"
          data-pending={sync.pending}
          className={`text-sm font-medium ${
            sync.offline
              ? 'text-amber-800 dark:text-amber-200'
              : sync.pending > 0
                ? 'text-gray-700 dark:text-gray-300'
                : 'text-green-800 dark:text-green-200'
          }`}
        >
          <span aria-hidden="true">{sync.offline ? '⚠ ' : sync.pending > 0 ? '… ' : '✓ '}</span>
          {message}
        </p>
        <div className="flex gap-2">
          {showSettings && (
            <Button variant="secondary" onClick={onSettings}>
              ノートの管理
            </Button>
          )}
          <Button variant="secondary" onClick={() => lock()}>
            ロックする
          </Button>
        </div>
      </div>
      {sync.problem && (
        <div role="alert" className="notice notice-error">
          <p>{sync.problem}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void flush()}>
            もう一度保存する
          </Button>
        </div>
      )}
    </div>
  );
}
