/**
 * The customer list: instant search (after decryption, in the browser),
 * filters by tag and NG, order by last visit; each row opens the customer
 * page. 「＋ 顧客を追加」 stays under the thumb on a phone.
 */
import { useId, useMemo, useState } from 'react';
import { lastVisit } from '../../lib/notebook/customer';
import {
  LIST_ORDERS,
  NO_QUERY,
  selectCustomers,
  tagsInUse,
  type ListOrder,
  type ListQuery,
  type NgFilter,
} from '../../lib/notebook/list-view';
import type { CustomerEntry } from '../../lib/notebook/session';
import { MAX_CUSTOMERS } from '../../lib/caps';
import { formatMonthDayWeekday } from '../../lib/tokyo-date';
import { inputClass } from '../forms/TextField';
import type { Route } from './routes';
import { actionBar } from './ui';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';

const NG_FILTERS: { value: NgFilter; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'ng', label: 'NG のみ' },
  { value: 'ok', label: 'NG 以外' },
];

export function CustomerList({ entries, navigate }: { entries: CustomerEntry[]; navigate: (route: Route) => void }) {
  const [query, setQuery] = useState<ListQuery>(NO_QUERY);
  const ids = { search: useId(), tag: useId(), order: useId() };
  const tags = useMemo(() => tagsInUse(entries.map((entry) => entry.customer)), [entries]);
  const shown = useMemo(() => selectCustomers(entries, query), [entries, query]);
  const set = (patch: Partial<ListQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const filtered = query.text !== '' || query.tag !== '' || query.ng !== 'all';
  const filterSummary = [
    query.tag && `#${query.tag}`,
    NG_FILTERS.find((filter) => filter.value === query.ng && filter.value !== 'all')?.label,
    query.order !== NO_QUERY.order && LIST_ORDERS.find((order) => order.value === query.order)?.label,
  ]
    .filter(Boolean)
    .join('・');

  return (
    <section aria-labelledby="customer-list-title" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-2 sm:order-1">
        <h2 id="customer-list-title" className="text-xl font-bold">
          顧客一覧
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="customer-count">
          {entries.length} 人{entries.length >= MAX_CUSTOMERS * 0.9 && `（上限 ${MAX_CUSTOMERS.toLocaleString('ja-JP')} 人）`}
        </p>
      </div>

      {entries.length > 0 && (
        <div className="space-y-3 sm:order-1" role="search">
          <div className="space-y-1">
            <label htmlFor={ids.search} className="block font-medium">
              検索
            </label>
            <input
              id={ids.search}
              type="search"
              value={query.text}
              onChange={(event) => set({ text: event.target.value })}
              placeholder="呼び名・タグ・メモで探す"
              enterKeyHint="search"
              className={inputClass}
            />
          </div>
          <details className="card p-0" data-testid="list-filters">
            <summary className="min-h-11 cursor-pointer content-center px-3 font-medium">
              絞り込み・並び替え
              {filterSummary && <span className="ml-2 text-sm font-normal text-gray-700 dark:text-gray-300">（{filterSummary}）</span>}
            </summary>
            <div className="space-y-3 border-t border-gray-200 p-3 dark:border-gray-700">
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="space-y-1">
                  <label htmlFor={ids.tag} className="block font-medium">
                    タグ
                  </label>
                  <select id={ids.tag} value={query.tag} onChange={(event) => set({ tag: event.target.value })} className={inputClass}>
                    <option value="">すべてのタグ</option>
                    {tags.map((tag) => (
                      <option key={tag} value={tag}>
                        {tag}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="space-y-1">
                  <label htmlFor={ids.order} className="block font-medium">
                    並び順
                  </label>
                  <select
                    id={ids.order}
                    value={query.order}
                    onChange={(event) => set({ order: event.target.value as ListOrder })}
                    className={inputClass}
                  >
                    {LIST_ORDERS.map((order) => (
                      <option key={order.value} value={order.value}>
                        {order.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <fieldset className="space-y-1">
                <legend className="font-medium">NG</legend>
                <div className="flex gap-2">
                  {NG_FILTERS.map((filter) => (
                    <label
                      key={filter.value}
                      className="has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:focus-visible]:outline-brand-600 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-300 flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md border border-gray-400 px-2 text-sm has-[:checked]:font-bold has-[:checked]:text-white has-[:focus-visible]:outline-2 dark:border-gray-600 dark:has-[:checked]:text-gray-950"
                    >
                      <input
                        type="radio"
                        name="ng-filter"
                        value={filter.value}
                        checked={query.ng === filter.value}
                        onChange={() => set({ ng: filter.value })}
                        className="sr-only"
                      />
                      {filter.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
          </details>
        </div>
      )}

      <p role="status" className="sr-only sm:order-1">
        {filtered ? `${shown.length} 人が見つかりました` : ''}
      </p>

      {entries.length === 0 ? (
        <p className="card sm:order-3">まだ顧客がいません。「顧客を追加」から最初の一人を登録しましょう。</p>
      ) : shown.length === 0 ? (
        <p className="card sm:order-3">条件に合う顧客はいません。</p>
      ) : (
        <ul className="space-y-2 sm:order-3" data-testid="customer-list">
          {shown.map(({ slot, customer }) => {
            const last = lastVisit(customer);
            return (
              <li key={slot}>
                <a
                  href={`#customer/${slot}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate({ view: 'customer', slot });
                  }}
                  data-testid="customer-row"
                  className="card hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-brand-600 dark:hover:border-brand-400 dark:hover:bg-brand-950 block space-y-1.5 p-3 focus-visible:outline-2"
                >
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-lg font-bold">{customer.nickname}</span>
                    {customer.ng && <Badge tone="solid-danger">NG</Badge>}
                  </span>
                  {customer.tags.length > 0 && (
                    <span className="flex flex-wrap gap-1.5">
                      {customer.tags.map((tag) => (
                        <span key={tag} className="tag-chip tag-chip-brand text-sm">
                          #{tag}
                        </span>
                      ))}
                    </span>
                  )}
                  <span className="block text-sm text-gray-700 dark:text-gray-300">
                    {last ? `最終来店 ${formatMonthDayWeekday(last)}` : '来店記録なし'}・来店 {customer.visits.length} 回
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}

      {/* On a phone the bar sticks to the bottom, under the thumb; on a wide screen it sits above the list. */}
      <div className={`${actionBar} sm:order-2`}>
        <Button data-testid="customer-add" variant="primary" className="w-full sm:w-auto" onClick={() => navigate({ view: 'new' })}>
          <span aria-hidden="true">＋ </span>顧客を追加
        </Button>
      </div>
    </section>
  );
}
