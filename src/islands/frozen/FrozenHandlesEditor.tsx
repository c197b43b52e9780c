/**
 * 「凍結・旧アカウント」 on the /profile and /store-profile editors: the
 * signed-in owner lists, adds, edits (date and note) and removes her
 * former X handles (at most 10), so fans who search an old handle find
 * this profile; each shows how far it is verified. One save at a time:
 * every button is disabled while anything is saving.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import {
  claimFrozenHandle,
  listMyFrozenHandles,
  removeFrozenHandle,
  sortByHandle,
  updateFrozenHandle,
  type FrozenHandle,
} from '../../lib/frozen/client';
import { FROZEN_HANDLES_LIMIT, type FrozenEntry } from '../../lib/frozen/entry';
import { frozenErrorMessage } from '../../lib/frozen/errors';
import { atHandle } from '../../lib/handles';
import { tokyoDateKey } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { FrozenAddForm } from './FrozenAddForm';
import { FrozenHandleItem } from './FrozenHandleItem';
import { Button } from '../ui/Button';
import { useFocusLater } from './use-focus-later';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };
/** 'add', or `update:${id}` / `remove:${id}` while that save runs. */
type Pending = 'add' | `update:${string}` | `remove:${string}` | null;

/** The editor section for the signed-in user's account. */
export function FrozenHandlesEditor({ user }: { user: AuthUser }) {
  const uid = user.uid;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [items, setItems] = useState<FrozenHandle[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState('');
  // Read on every render, so an editor left open past midnight allows the new day.
  const today = tokyoDateKey();
  const headingId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusLater = useFocusLater();

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    listMyFrozenHandles(uid).then(
      (found) => {
        setItems(found);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => setLoad({ status: 'error', message: frozenErrorMessage(error, 'load').message }),
    );
  }, [uid]);
  useEffect(reload, [reload]);

  /** Runs one save with every button disabled; rethrows so the form can show the problem. */
  const run = async (key: Exclude<Pending, null>, save: () => Promise<void>) => {
    setNotice('');
    setPending(key);
    try {
      await save();
    } finally {
      setPending(null);
    }
  };

  const add = (entry: FrozenEntry) =>
    run('add', async () => {
      const added = await claimFrozenHandle(uid, entry, items);
      setItems((current) => sortByHandle([...current.filter((item) => item.id !== added.id), added]));
      setNotice(`${atHandle(added.handle)} を登録しました。`);
    });

  const save = (item: FrozenHandle) => (change: { frozenOn: string | null; note: string }) =>
    run(`update:${item.id}`, async () => {
      await updateFrozenHandle(item.id, change);
      setItems((current) => current.map((each) => (each.id === item.id ? { ...each, ...change } : each)));
      setNotice(`${atHandle(item.handle)} の日付とメモを保存しました。`);
    });

  const remove = (item: FrozenHandle) => () =>
    run(`remove:${item.id}`, async () => {
      await removeFrozenHandle(uid, item);
      setItems((current) => current.filter((each) => each.id !== item.id));
      setNotice(`${atHandle(item.handle)} を削除しました。`);
      focusLater(() => listHeading.current);
    });

  const busyOf = (item: FrozenHandle) => (pending === `update:${item.id}` ? 'update' : pending === `remove:${item.id}` ? 'remove' : null);

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="frozen-editor">
      <h2 id={headingId} className="text-xl font-bold">
        凍結・旧アカウント
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        凍結などで使えなくなった X
        のユーザー名を登録すると、そのユーザー名で検索したファンにこのプロフィールが表示されます（サイトの次回更新後から、プロフィールを公開しているあいだだけ）。
      </p>
      <div role="status" aria-live="polite" data-testid="frozen-notice">
        {notice && <p className="notice notice-success">{notice}</p>}
      </div>

      {load.status === 'loading' && <p role="status">旧アカウントを読み込んでいます…</p>}
      {load.status === 'error' && (
        <FormAlert kind="error">
          <p>{load.message}</p>
          <Button variant="secondary" className="mt-2" onClick={reload}>
            もう一度読み込む
          </Button>
        </FormAlert>
      )}
      {load.status === 'ready' && (
        <>
          <h3 ref={listHeading} tabIndex={-1} className="font-bold">
            登録済みの旧アカウント（{items.length} / {FROZEN_HANDLES_LIMIT} 件）
          </h3>
          {items.length === 0 && (
            <p data-testid="frozen-empty" className="text-sm text-gray-700 dark:text-gray-300">
              まだ登録されていません。以前使っていたアカウントがあれば、下のフォームから追加してください。
            </p>
          )}
          <ul hidden={items.length === 0} className="card-list" data-testid="frozen-list">
            {items.map((item) => (
              <FrozenHandleItem
                key={item.id}
                uid={uid}
                item={item}
                today={today}
                busy={busyOf(item)}
                locked={pending !== null}
                onSave={save(item)}
                onRemove={remove(item)}
              />
            ))}
          </ul>
          <FrozenAddForm user={user} today={today} count={items.length} busy={pending === 'add'} locked={pending !== null} onAdd={add} />
        </>
      )}
    </section>
  );
}
