/**
 * One of her former handles in the list: @handle, its level (本人申告 /
 * 店舗確認済み / 運営確認済み), 凍結日 and メモ, with
 * 編集 (inline edit of date and note) and 削除 (after a confirmation step
 * whose 「やめる」 gets the focus, so a stray Enter deletes nothing).
 */
import { useId, useRef, useState } from 'react';
import type { FrozenHandle } from '../../lib/frozen/client';
import { formatFrozenOn } from '../../lib/frozen/entry';
import { frozenErrorMessage } from '../../lib/frozen/errors';
import { atHandle } from '../../lib/handles';
import { VERIFICATION_HINTS, VERIFICATION_LABELS } from '../../lib/verification';
import { FrozenEditForm } from './FrozenEditForm';
import { Button } from '../ui/Button';
import { useFocusLater } from './use-focus-later';

type Mode = 'view' | 'edit' | 'confirm';

export interface FrozenHandleItemProps {
  uid: string;
  item: FrozenHandle;
  today: string;
  /** What of this item is being saved, if anything. */
  busy: 'update' | 'remove' | null;
  /** Something in the editor is saving: buttons stay disabled. */
  locked: boolean;
  onSave: (change: { frozenOn: string | null; note: string }) => Promise<void>;
  onRemove: () => Promise<void>;
  /** Start in this mode (tests and server rendering). */
  initialMode?: Mode;
}

/** One list row (data-testid frozen-item, data-handle = the handle). */
export function FrozenHandleItem({ uid, item, today, busy, locked, onSave, onRemove, initialMode = 'view' }: FrozenHandleItemProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [error, setError] = useState('');
  const editButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const focusLater = useFocusLater();
  const name = atHandle(item.handle);

  const close = (focus: 'edit' | 'remove') => {
    setMode('view');
    focusLater(() => (focus === 'edit' ? editButton.current : removeButton.current));
  };

  const confirmRemove = async () => {
    setError('');
    try {
      await onRemove();
    } catch (caught) {
      setError(frozenErrorMessage(caught, 'remove').message);
      focusLater(() => keepButton.current);
    }
  };

  return (
    <li className="space-y-3 p-4" data-testid="frozen-item" data-handle={item.handle}>
      <p className="text-lg font-bold break-all">{name}</p>
      {mode === 'edit' ? (
        <FrozenEditForm
          uid={uid}
          item={item}
          today={today}
          busy={busy === 'update'}
          locked={locked}
          onSave={onSave}
          onClose={() => close('edit')}
        />
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600 dark:text-gray-400">確認</dt>
            <dd data-testid="frozen-level" data-level={item.verification}>
              <span className="font-medium">{VERIFICATION_LABELS[item.verification]}</span>
              <span className="block text-gray-600 dark:text-gray-400">{VERIFICATION_HINTS[item.verification]}</span>
            </dd>
            <dt className="text-gray-600 dark:text-gray-400">凍結日</dt>
            <dd>{formatFrozenOn(item.frozenOn)}</dd>
            <dt className="text-gray-600 dark:text-gray-400">メモ</dt>
            <dd className="break-words whitespace-pre-line">{item.note || 'なし'}</dd>
          </dl>
          {mode === 'confirm' ? (
            <div role="group" aria-labelledby={questionId} className="notice notice-error space-y-3">
              <p id={questionId} className="text-sm font-medium">
                {name} を削除しますか？削除すると、このユーザー名で検索してもあなたのプロフィールは表示されなくなります。
              </p>
              {error && (
                <p role="alert" data-testid="frozen-item-error" className="field-error">
                  {error}
                </p>
              )}
              <div className="flex flex-wrap gap-3">
                <Button variant="danger" disabled={locked} onClick={confirmRemove}>
                  {busy === 'remove' ? '削除しています…' : '削除する'}
                </Button>
                <Button
                  ref={keepButton}
                  variant="secondary"
                  disabled={locked}
                  onClick={() => {
                    setError('');
                    close('remove');
                  }}
                >
                  やめる
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-3">
              <Button ref={editButton} variant="secondary" disabled={locked} onClick={() => setMode('edit')}>
                <span className="sr-only">{name} を</span>編集
              </Button>
              <Button
                ref={removeButton}
                variant="secondary"
                disabled={locked}
                onClick={() => {
                  setMode('confirm');
                  focusLater(() => keepButton.current);
                }}
              >
                <span className="sr-only">{name} を</span>削除
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
