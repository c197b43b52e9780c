/**
 * My 推し: the order switch, the cards, the empty state (with the
 * first-visit suggestions, whose ☆ adds her and reloads), and the messages
 * of a removal (a polite status when done, an alert when it was undone).
 * After a removal the focus goes to the list heading, not to the page top.
 */
import { useId, useRef } from 'react';
import { addFavorite } from '../../lib/favorites/client';
import type { SuggestedPerson, SuggestionGroup } from '../../lib/favorites/suggestions';
import { clientDb } from '../../lib/firebase/db';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';
import { FAVORITE_ORDERS, isFavoriteOrder, type FavoriteCard } from './favorite-cards';
import { FavoriteItem } from './FavoriteItem';
import { Suggestions } from './Suggestions';
import { useFavorites } from './use-favorites';

function EmptyState() {
  return (
    <div className="card-empty grid gap-2 p-4 text-left" data-testid="favorites-empty">
      <p className="font-bold">まだ推しが登録されていません。</p>
      <p>
        セラピストや店舗のページにある「☆
        推しに追加」ボタンを押すと、ここに並びます。今のアカウント、次の出勤、最新のブログや投稿をまとめて確認でき、新しいアカウントを登録したときは「新しいアカウント」と表示されます。
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href="/search" className="text-link">
          セラピストを探す
        </a>
        <a href="/today" className="text-link">
          本日の出勤を見る
        </a>
      </p>
    </div>
  );
}

export function FavoritesList({ uid, suggestions = [] }: { uid: string; suggestions?: readonly SuggestionGroup[] }) {
  const { state, cards, order, chooseOrder, remove, notice, retry } = useFavorites(uid);
  const heading = useRef<HTMLHeadingElement>(null);
  const orderId = useId();

  if (state.status === 'loading') return <p role="status">推しの一覧を読み込んでいます…</p>;
  if (state.status === 'error') {
    return (
      <div className="grid gap-3">
        <FormAlert kind="error">{state.message}</FormAlert>
        <div>
          <Button variant="secondary" size="sm" onClick={retry}>
            もう一度読み込む
          </Button>
        </div>
      </div>
    );
  }

  const addSuggested = async (person: SuggestedPerson) => {
    await addFavorite(clientDb(), uid, { uid: person.uid, kind: 'therapist' });
    retry();
  };
  const onRemove = (card: FavoriteCard) => {
    heading.current?.focus();
    void remove(card);
  };

  return (
    <section aria-labelledby="favorites-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="favorites-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
          推し一覧（{cards.length}件）
        </h2>
        {cards.length > 1 && (
          <div className="grid gap-1">
            <label htmlFor={orderId} className="text-sm font-medium">
              並び順
            </label>
            <select
              id={orderId}
              value={order}
              onChange={(event) => isFavoriteOrder(event.target.value) && chooseOrder(event.target.value)}
              className="field-input w-auto"
              data-testid="favorites-order"
            >
              {Object.entries(FAVORITE_ORDERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div aria-live="polite" role="status" className="empty:hidden">
        {notice?.kind === 'success' && <p className="text-sm text-green-800 dark:text-green-200">{notice.text}</p>}
      </div>
      {notice?.kind === 'error' && <FormAlert kind="error">{notice.text}</FormAlert>}
      {cards.length === 0 ? (
        <>
          <EmptyState />
          <Suggestions groups={suggestions} onAdd={addSuggested} />
        </>
      ) : (
        <ul className="grid gap-4" data-testid="favorites-list">
          {cards.map((card) => (
            <li key={card.row.targetUid}>
              <FavoriteItem card={card} onRemove={onRemove} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
