/**
 * The save button and the result of the last save. On small screens it
 * sticks to the bottom of the screen while the form is in view, so saving
 * never needs a scroll.
 */
import { useEffect, useRef } from 'react';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

export type EditorStatus = { kind: 'error'; text: string } | { kind: 'success'; text: string; link?: { href: string; label: string } };

export function StatusMessage({ status }: { status: EditorStatus | null }) {
  const box = useRef<HTMLDivElement>(null);
  // After a save the form is rebuilt from the saved values: the message takes the focus, so it is read out.
  useEffect(() => {
    if (status?.kind === 'success') box.current?.focus();
  }, [status]);
  if (!status) return null;
  return (
    <div ref={box} tabIndex={-1} data-testid="profile-status" data-status={status.kind} className="outline-none">
      <FormAlert kind={status.kind}>
        <p>{status.text}</p>
        {status.kind === 'success' && status.link && (
          <p className="mt-1">
            <a href={status.link.href} className="text-link-inherit">
              {status.link.label}
            </a>
          </p>
        )}
      </FormAlert>
    </div>
  );
}

export function SaveBar({ busy, status }: { busy: boolean; status: EditorStatus | null }) {
  return (
    <div className="sticky bottom-0 z-10 space-y-2 border-t border-gray-200 bg-white/95 py-3 backdrop-blur-sm sm:static sm:border-0 sm:bg-transparent sm:py-0 sm:backdrop-blur-none dark:border-gray-700 dark:bg-gray-950/95 sm:dark:bg-transparent">
      <StatusMessage status={status} />
      <Button
        type="submit"
        variant="primary"
        busy={busy}
        busyLabel="保存しています…"
        data-testid="profile-save"
        className="min-h-12 w-full py-3 sm:w-auto sm:min-w-48"
      >
        保存する
      </Button>
    </div>
  );
}
