/**
 * Who a therapist in the store's list is: her picture (else her drawn face,
 * as on her page), name, area, current X handle, a link to her public
 * profile (once published) and when she asked, in Tokyo time.
 */
import { atHandle } from '../../lib/handles';
import type { StoreMember } from '../../lib/membership/client';
import { publicProfilePath } from '../../lib/routes';
import { formatDateTime } from '../../lib/tokyo-date';
import { textLinkClass } from '../../lib/ui-parts';
import { PersonAvatar } from '../favorites/PersonAvatar';

/** 「2026/11/28 13:05」 for a Firestore instant. */
const askedAt = ({ seconds, nanoseconds }: { seconds: number; nanoseconds: number }) =>
  formatDateTime(new Date(seconds * 1000 + Math.floor(nanoseconds / 1e6)));

export function RequesterIdentity({ member }: { member: StoreMember }) {
  const name = member.displayName || '（名前なし）';
  return (
    <div className="flex items-start gap-3">
      <PersonAvatar name={name} photoURL={member.photoURL} illustration={member.illustration} />
      <div className="min-w-0 space-y-1">
        <p className="font-bold break-words">
          {name}
          {!member.published && <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-400">（プロフィール非公開）</span>}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm" data-testid="requester-identity">
          <dt className="text-gray-600 dark:text-gray-400">エリア</dt>
          <dd>{member.area || '未設定'}</dd>
          <dt className="text-gray-600 dark:text-gray-400">現在のX</dt>
          <dd className="break-all" data-testid="requester-current-handle">
            {member.currentHandle ? atHandle(member.currentHandle) : '未登録'}
          </dd>
          {member.state === 'pending' && member.requestedAt && (
            <>
              <dt className="text-gray-600 dark:text-gray-400">申請日時</dt>
              <dd data-testid="requester-asked-at">{askedAt(member.requestedAt)}</dd>
            </>
          )}
        </dl>
        {member.published && member.profileSlug ? (
          <a
            className={`${textLinkClass()} inline-flex min-h-11 items-center text-sm`}
            href={publicProfilePath('therapist', member.profileSlug)}
            target="_blank"
            rel="noreferrer"
            data-testid="requester-profile-link"
          >
            <span className="sr-only">{name} さんの</span>プロフィールを見る
            <span className="sr-only">（新しいタブで開きます）</span>
          </a>
        ) : (
          <p className="text-sm text-gray-700 dark:text-gray-300">プロフィールは公開されていません。</p>
        )}
      </div>
    </div>
  );
}
