/**
 * One 推し on /favorites: who she is and where (channels as buttons),
 * her next shift, her latest blog and post, the 「新しいアカウント」 mark,
 * and 推しから外す. A 推し whose page is gone says so and keeps the button.
 */
import { useId } from 'react';
import { channelButtonText } from '../../lib/channels';
import { formatShiftTime } from '../../lib/shifts/view';
import { formatDateTime, formatMonthDayWeekday } from '../../lib/tokyo-date';
import { Badge } from '../ui/Badge';
import { Button, LinkButton } from '../ui/Button';
import type { FavoriteCard } from './favorite-cards';
import { PersonAvatar } from './PersonAvatar';
import { labelOf } from './use-favorites';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5em_1fr] gap-2">
      <dt className="text-gray-600 dark:text-gray-400">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function RemoveButton({ card, onRemove }: { card: FavoriteCard; onRemove: (card: FavoriteCard) => void }) {
  return (
    <Button variant="danger" size="sm" aria-label={`${labelOf(card)}を推しから外す`} onClick={() => onRemove(card)}>
      推しから外す
    </Button>
  );
}

export function FavoriteItem({ card, onRemove }: { card: FavoriteCard; onRemove: (card: FavoriteCard) => void }) {
  const headingId = useId();
  const { person, row, newHandles } = card;
  if (!person) {
    return (
      <article aria-labelledby={headingId} className="card grid gap-3" data-testid="favorite-gone" data-uid={row.targetUid}>
        <h3 id={headingId} className="font-bold">
          {row.targetKind === 'store' ? 'この店舗' : 'このセラピスト'}は非公開になりました
        </h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          ページが非公開になったか、削除されました。再び公開されると、ここに表示されます。
        </p>
        <div>
          <RemoveButton card={card} onRemove={onRemove} />
        </div>
      </article>
    );
  }

  const next = person.nextShift;
  return (
    <article aria-labelledby={headingId} className="card grid gap-3" data-testid="favorite-card" data-uid={row.targetUid}>
      <div className="flex items-start gap-3">
        <PersonAvatar name={person.name} photoURL={person.photoURL} illustration={person.illustration} />
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="text-lg font-bold break-words">
            <a href={person.href} className="underline-offset-2 hover:underline">
              {person.name}
            </a>
          </h3>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {person.kind === 'store' ? '店舗' : 'セラピスト'}
            {person.area && `・${person.area}`}
          </p>
          {newHandles.length > 0 && (
            <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="new-account">
              <Badge tone="warning">新しいアカウント</Badge>
              <span>{newHandles.map((handle) => `@${handle}`).join('、')} を登録しました</span>
            </p>
          )}
        </div>
      </div>

      <dl className="grid gap-1.5 text-sm">
        {person.store && (
          <Fact term="店舗">
            <a href={person.store.href} className="text-link" data-testid="favorite-store">
              {person.store.name}
            </a>
          </Fact>
        )}
        {person.kind === 'therapist' && (
          <Fact term="次の出勤">
            <span data-testid="next-shift">
              {next ? `${formatMonthDayWeekday(next.date)} ${formatShiftTime(next)}` : '予定はまだありません'}
            </span>
          </Fact>
        )}
        {person.latestBlog && (
          <LatestNews
            term="最新のブログ"
            href={person.latestBlog.href}
            text={person.latestBlog.title}
            time={person.latestBlog.publishedAt}
          />
        )}
        {person.latestPost && (
          <LatestNews term="最新の投稿" href={person.latestPost.href} text={person.latestPost.text} time={person.latestPost.createdAt} />
        )}
      </dl>

      {person.channels.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${labelOf(card)}の今のアカウント`}>
          {person.channels.map(([label, href, text]) => (
            <li key={href}>
              <LinkButton
                variant="secondary"
                size="sm"
                href={href}
                rel="noopener nofollow"
                className="font-bold break-all"
                data-testid="current-account"
              >
                {channelButtonText(label, text)}
              </LinkButton>
            </li>
          ))}
        </ul>
      )}

      <div>
        <RemoveButton card={card} onRemove={onRemove} />
      </div>
    </article>
  );
}

/** Her latest blog or post: a link and when. */
function LatestNews({ term, href, text, time }: { term: string; href: string; text: string; time: string }) {
  return (
    <Fact term={term}>
      <a href={href} className="text-link">
        {text}
      </a>{' '}
      <time dateTime={time} className="text-xs text-gray-600 dark:text-gray-400">
        {formatDateTime(time)}
      </time>
    </Fact>
  );
}
