/**
 * My announcements, newest first, a page at a time (「もっと見る」 reads the
 * next page after the last one shown). Opening the list records the visit
 * (lastCheckedAnnouncementsAt = server time), which clears the bell's dot.
 */
import { useEffect, useState } from 'react';
import { announcementWords } from '../../lib/alerts/wording';
import { listMyAnnouncements, markAnnouncementsRead, type AnnouncementCursor, type AnnouncementItem } from '../../lib/announcements/client';
import { safeAnnouncementLink } from '../../lib/announcements/link';
import { formatDateTime } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: AnnouncementItem[]; next: AnnouncementCursor | null };

export function AnnouncementList({ uid }: { uid: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    listMyAnnouncements(uid).then(
      ({ items, next }) => {
        setState({ status: 'ready', items, next });
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
  // Alerts are worded as of now: a shift's 本日 read the next day says 昨日.
  const now = new Date();
  return (
    <div className="space-y-4">
      <ol className="card-list" data-testid="announcement-list">
        {state.items.map((item) => {
          const link = safeAnnouncementLink(item.link);
          const words = announcementWords(item, now);
          return (
            <li key={item.id} className="space-y-1 p-4">
              <h3 className="font-bold">{words.title}</h3>
              {item.createdAt && (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  <time dateTime={item.createdAt.toISOString()}>{formatDateTime(item.createdAt)}</time>
                </p>
              )}
              {words.body && <p className="whitespace-pre-line">{words.body}</p>}
              {link && (
                <a href={link} className="text-link">
                  詳しく見る
                </a>
              )}
            </li>
          );
        })}
      </ol>
      {state.next && (
        <MoreAnnouncements
          uid={uid}
          after={state.next}
          onLoaded={(page) => setState({ status: 'ready', items: [...state.items, ...page.items], next: page.next })}
        />
      )}
    </div>
  );
}

/** 「もっと見る」: reads the page after `after`; a failure says so beside the button and keeps what is shown. */
function MoreAnnouncements({
  uid,
  after,
  onLoaded,
}: {
  uid: string;
  after: AnnouncementCursor;
  onLoaded: (page: { items: AnnouncementItem[]; next: AnnouncementCursor | null }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const more = async () => {
    setBusy(true);
    setFailed(false);
    try {
      onLoaded(await listMyAnnouncements(uid, after));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        className="w-full"
        busy={busy}
        busyLabel="読み込んでいます…"
        onClick={more}
        data-testid="announcements-more"
      >
        もっと見る
      </Button>
      {failed && <FormAlert kind="error">続きを読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>}
    </div>
  );
}
