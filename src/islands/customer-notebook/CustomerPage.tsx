/**
 * One customer: NG flag, tags, notes and the visit log (newest first), with
 * 「＋ 来店を記録」 and 編集 under the thumb; deleting is at the bottom,
 * away from them, and asks first.
 */
import { useEffect, useRef, useState } from 'react';
import { lastVisit, sortVisits, type Visit } from '../../lib/notebook/customer';
import { deleteCustomer, saveCustomer, type CustomerEntry } from '../../lib/notebook/session';
import { formatLongDate } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import type { Route } from './routes';
import { actionBar, messageOf } from './ui';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';

function visitLine(visit: Visit): string {
  return [visit.course, visit.minutes === null ? '' : `${visit.minutes}分`].filter(Boolean).join('・');
}

export function CustomerPage({
  entry,
  navigate,
}: {
  entry: CustomerEntry;
  navigate: (route: Route, options?: { replace?: boolean }) => void;
}) {
  const { slot, customer } = entry;
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const last = lastVisit(customer);
  const visits = sortVisits(customer.visits);

  useEffect(() => {
    heading.current?.focus();
  }, [slot]);

  const removeVisit = async (visit: Visit) => {
    if (!confirm(`${formatLongDate(visit.date)} の来店記録を削除しますか？`)) return;
    setError('');
    try {
      await saveCustomer(slot, { ...customer, visits: customer.visits.filter((candidate) => candidate.id !== visit.id) });
      setStatus('来店記録を削除しました。');
    } catch (caught) {
      setError(messageOf(caught, '削除できませんでした。もう一度お試しください。'));
    }
  };

  const remove = () => {
    if (!confirm(`「${customer.nickname}」を削除しますか？来店記録もすべて消え、元に戻せません。`)) return;
    try {
      deleteCustomer(slot);
      navigate({ view: 'list' }, { replace: true });
    } catch (caught) {
      setError(messageOf(caught, '削除できませんでした。もう一度お試しください。'));
    }
  };

  return (
    <article aria-labelledby="customer-title" className="flex flex-col gap-4" data-testid="customer-page">
      <a
        href="#"
        onClick={(event) => {
          event.preventDefault();
          navigate({ view: 'list' });
        }}
        className="text-link inline-flex min-h-11 items-center self-start sm:order-1"
      >
        <span aria-hidden="true">←&nbsp;</span>顧客一覧
      </a>
      <header className="space-y-2 sm:order-1">
        <h2 id="customer-title" ref={heading} tabIndex={-1} className="flex flex-wrap items-center gap-2 text-2xl font-bold break-all">
          {customer.nickname}
          {customer.ng && <Badge tone="solid-danger">NG</Badge>}
        </h2>
        {customer.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="タグ">
            {customer.tags.map((tag) => (
              <li key={tag} className="tag-chip tag-chip-brand text-sm">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {last ? `最終来店 ${formatLongDate(last)}` : '来店記録なし'}・来店 {customer.visits.length} 回
        </p>
        <p role="status" className="font-medium text-green-800 dark:text-green-200">
          {status}
        </p>
      </header>
      {error && (
        <div className="sm:order-1">
          <FormAlert kind="error">{error}</FormAlert>
        </div>
      )}

      <section aria-labelledby="customer-notes" className="card sm:order-3">
        <h3 id="customer-notes" className="mb-2 font-bold">
          メモ
        </h3>
        {customer.notes ? (
          <p className="break-words whitespace-pre-wrap" data-testid="customer-notes">
            {customer.notes}
          </p>
        ) : (
          <p className="text-gray-600 dark:text-gray-400">メモはまだありません。</p>
        )}
      </section>

      <section aria-labelledby="customer-visits" className="space-y-2 sm:order-3">
        <h3 id="customer-visits" className="font-bold">
          来店記録
        </h3>
        {visits.length === 0 ? (
          <p className="text-gray-600 dark:text-gray-400">来店記録はまだありません。</p>
        ) : (
          <ol className="space-y-2" data-testid="visit-list">
            {visits.map((visit) => (
              <li key={visit.id} className="card space-y-2">
                <div>
                  <p className="font-medium">{formatLongDate(visit.date)}</p>
                  {visitLine(visit) && <p className="text-sm text-gray-700 dark:text-gray-300">{visitLine(visit)}</p>}
                  {visit.memo && <p className="mt-1 break-words whitespace-pre-wrap">{visit.memo}</p>}
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => navigate({ view: 'visit', slot, visitId: visit.id })}
                    aria-label={`${formatLongDate(visit.date)} の来店記録を編集`}
                  >
                    編集
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => void removeVisit(visit)}
                    aria-label={`${formatLongDate(visit.date)} の来店記録を削除`}
                  >
                    削除
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="customer-danger" className="space-y-2 border-t border-gray-200 pt-4 sm:order-3 dark:border-gray-700">
        <h3 id="customer-danger" className="sr-only">
          顧客の削除
        </h3>
        <Button variant="danger" onClick={remove} data-testid="customer-delete">
          この顧客を削除
        </Button>
      </section>

      {/* Under the thumb on a phone; under the heading on a wide screen. */}
      <div className={`${actionBar} sm:order-2`}>
        <Button
          variant="primary"
          className="flex-1 sm:flex-none"
          data-testid="visit-add"
          onClick={() => navigate({ view: 'visit', slot, visitId: null })}
        >
          <span aria-hidden="true">＋ </span>来店を記録
        </Button>
        <Button variant="secondary" onClick={() => navigate({ view: 'edit', slot })} data-testid="customer-edit">
          編集
        </Button>
      </div>
    </article>
  );
}
