/** 絞り込み・並び替え: tag, order and NG, folded away until she opens it; its summary names what is set. */
import { useId } from 'react';
import { LIST_ORDERS, NO_QUERY, type ListOrder, type ListQuery, type NgFilter } from '../../lib/notebook/list-view';
import { inputClass } from '../forms/TextField';

const NG_FILTERS: { value: NgFilter; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'ng', label: 'NG のみ' },
  { value: 'ok', label: 'NG 以外' },
];

interface CustomerFiltersProps {
  query: ListQuery;
  /** The tags her customers carry, for the tag choice. */
  tags: readonly string[];
  onChange: (patch: Partial<ListQuery>) => void;
}

export function CustomerFilters({ query, tags, onChange }: CustomerFiltersProps) {
  const ids = { tag: useId(), order: useId() };
  const summary = [
    query.tag && `#${query.tag}`,
    NG_FILTERS.find((filter) => filter.value === query.ng && filter.value !== 'all')?.label,
    query.order !== NO_QUERY.order && LIST_ORDERS.find((order) => order.value === query.order)?.label,
  ]
    .filter(Boolean)
    .join('・');
  return (
    <details className="card p-0" data-testid="list-filters">
      <summary className="min-h-11 cursor-pointer content-center px-3 font-medium">
        絞り込み・並び替え
        {summary && <span className="ml-2 text-sm font-normal text-gray-700 dark:text-gray-300">（{summary}）</span>}
      </summary>
      <div className="space-y-3 border-t border-gray-200 p-3 dark:border-gray-700">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={ids.tag} className="block font-medium">
              タグ
            </label>
            <select id={ids.tag} value={query.tag} onChange={(event) => onChange({ tag: event.target.value })} className={inputClass}>
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
              onChange={(event) => onChange({ order: event.target.value as ListOrder })}
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
                  onChange={() => onChange({ ng: filter.value })}
                  className="sr-only"
                />
                {filter.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </details>
  );
}
