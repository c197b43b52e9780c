/**
 * My announcements, newest first. Opening the list records the visit
 * (lastCheckedAnnouncementsAt = server time), which clears the bell's dot.
 */
import { useEffect, useState } from 'react';
import { listMyAnnouncements, markAnnouncementsRead, type AnnouncementItem } from '../../lib/announcements/client';
import { safeAnnouncementLink } from '../../lib/announcements/link';
import { formatDateTime } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: AnnouncementItem[] };

export function AnnouncementList({ uid }: { uid: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    listMyAnnouncements(uid).then(
      (items) => {
        setState({ status: 'ready', items });
        // Only a list that was actually shown counts as read.
        markAnnouncementsRead(uid).catch(() => undefined);
      },
      () => setState({ status: 'error' }),
    );
  }, [uid]);

  if (state.status === 'loading') return <p role="status">お知らせを読み込んでいます…</p>;
  if (state.status === 'error') {
    return <FormAlert kind="error">お知らせを読み込めませんでした。通信状態を確かめて、再読み込みしてください。</FormAlert>;
  }
  if (state.items.length === 0) return <p data-testid="announcements-empty">お知らせはまだありません。</p>;
  return (
    <ol className="card-list" data-testid="announcement-list">
      {state.items.map((item) => {
        const link = safeAnnouncementLink(item.link);
        return (
          <li key={item.id} className="space-y-1 p-4">
            <h3 className="font-bold">{item.title}</h3>
            {item.createdAt && (
              <p className="text-sm text-gray-600 dark:text-gray-400">
                <time dateTime={item.createdAt.toISOString()}>{formatDateTime(item.createdAt)}</time>
              </p>
            )}
            {item.body && <p className="whitespace-pre-line">{item.body}</p>}
            {link && (
              <a href={link} className="text-link">
                詳しく見る
              </a>
            )}
          </li>
        );
      })}
    </ol>
  );
}
