/**
 * The state of /favorites: my 推し with their public entries, what is new
 * since my last visit, the chosen order, and removal (optimistic: the card
 * leaves at once and comes back, with the reason, when the write fails).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { removeFavorite, type FavoriteRow } from '../../lib/favorites/client';
import type { PersonEntry } from '../../lib/favorites/people-index';
import { clientDb } from '../../lib/firebase/db';
import { newHandlesOf, sortCards, type FavoriteCard, type FavoriteOrder } from './favorite-cards';
import { readOrder, readSeenHandles, rememberOrder, rememberSeenHandles } from './favorites-memory';
import { loadFavorites, visitOnce } from './load-favorites';

type Loaded = { row: FavoriteRow; person: PersonEntry | null };
type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: Loaded[] };
export type Notice = { kind: 'success' | 'error'; text: string } | null;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : '推しの一覧を読み込めませんでした。時間をおいて、もう一度お試しください。';

/** How a card names her in messages. */
export function labelOf(card: Pick<FavoriteCard, 'person'>): string {
  if (!card.person) return '非公開になった推し';
  return card.person.kind === 'store' ? card.person.name : `${card.person.name}さん`;
}

export function useFavorites(uid: string) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // undefined until the visit is recorded (nothing is marked new meanwhile).
  const [previousVisit, setPreviousVisit] = useState<Date | null | undefined>(undefined);
  // Read before this visit overwrites it.
  const [seen] = useState(() => readSeenHandles(uid));
  const [order, setOrder] = useState<FavoriteOrder>(readOrder);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadFavorites(uid).then(
      (items) => {
        if (!live) return;
        setState({ status: 'ready', items });
        // Only a list that was shown counts as a visit.
        void visitOnce(uid).then((visit) => {
          if (!live) return;
          setPreviousVisit(visit);
          rememberSeenHandles(
            uid,
            items.flatMap((item) => (item.person ? [item.person] : [])),
          );
        });
      },
      (error: unknown) => live && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [uid, attempt]);

  const items = state.status === 'ready' ? state.items : null;
  const cards = useMemo(() => {
    if (!items) return [];
    const withNews = items.map((item): FavoriteCard => ({
      ...item,
      newHandles: item.person ? newHandlesOf(item.person, previousVisit ?? null, seen.xChanged(item.row.targetUid, item.person.x)) : [],
    }));
    return sortCards(withNews, order);
  }, [items, previousVisit, seen, order]);

  const chooseOrder = useCallback((next: FavoriteOrder) => {
    setOrder(next);
    rememberOrder(next);
  }, []);

  const remove = useCallback(
    async (card: FavoriteCard) => {
      const targetUid = card.row.targetUid;
      const without = (current: State): State =>
        current.status === 'ready' ? { ...current, items: current.items.filter((item) => item.row.targetUid !== targetUid) } : current;
      setState(without);
      setNotice({ kind: 'success', text: `${labelOf(card)}を推しから外しました。` });
      try {
        await removeFavorite(clientDb(), uid, targetUid);
      } catch (error) {
        // Back in the list (sorting puts her where she was), with the reason.
        setState((current) => {
          const rest = without(current);
          return rest.status === 'ready' ? { ...rest, items: [...rest.items, { row: card.row, person: card.person }] } : rest;
        });
        setNotice({ kind: 'error', text: `${labelOf(card)}を一覧に戻しました。${messageOf(error)}` });
      }
    },
    [uid],
  );

  return { state, cards, order, chooseOrder, remove, notice, retry: () => setAttempt((n) => n + 1) };
}
