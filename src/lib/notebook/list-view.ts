/**
 * The customer list's search, filters and order, run in the browser on the
 * decrypted customers (the database cannot search ciphertext, and must
 * not be able to). Search folds width, case and katakana to hiragana, so
 * 「タナカ」 finds 「たなか」 and 「ＫＥＮ」 finds 「ken」.
 */
import { lastVisit, type Customer } from './customer';

export type NgFilter = 'all' | 'ng' | 'ok';
export type ListOrder = 'last-visit-desc' | 'last-visit-asc' | 'visits-desc' | 'nickname';

export const LIST_ORDERS: { value: ListOrder; label: string }[] = [
  { value: 'last-visit-desc', label: '最終来店が新しい順' },
  { value: 'last-visit-asc', label: '最終来店が古い順' },
  { value: 'visits-desc', label: '来店回数が多い順' },
  { value: 'nickname', label: '呼び名順' },
];

export interface ListQuery {
  text: string;
  /** '' for every tag. */
  tag: string;
  ng: NgFilter;
  order: ListOrder;
}

export const NO_QUERY: ListQuery = { text: '', tag: '', ng: 'all', order: 'last-visit-desc' };

/** The form text is compared in: NFKC, lower case, katakana as hiragana. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));
}

function haystack(customer: Customer): string {
  return foldForSearch(
    [customer.nickname, ...customer.tags, customer.notes, ...customer.visits.flatMap((visit) => [visit.course, visit.memo])].join('\n'),
  );
}

/** Every word of the query (split on spaces) appears somewhere in the customer. */
export function matchesText(customer: Customer, text: string): boolean {
  const words = foldForSearch(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = haystack(customer);
  return words.every((word) => hay.includes(word));
}

const compareNickname = (a: Customer, b: Customer) => a.nickname.localeCompare(b.nickname, 'ja');

/** Customers never visited go last in both last-visit orders. */
function compareLastVisit(direction: 1 | -1) {
  return (a: Customer, b: Customer) => {
    const [left, right] = [lastVisit(a), lastVisit(b)];
    if (left === right) return compareNickname(a, b);
    if (left === null) return 1;
    if (right === null) return -1;
    return direction * left.localeCompare(right);
  };
}

const ORDERS: Record<ListOrder, (a: Customer, b: Customer) => number> = {
  'last-visit-desc': compareLastVisit(-1),
  'last-visit-asc': compareLastVisit(1),
  'visits-desc': (a, b) => b.visits.length - a.visits.length || compareNickname(a, b),
  nickname: compareNickname,
};

/** The customers the list shows for `query`, in its order. */
export function selectCustomers<T extends { customer: Customer }>(entries: readonly T[], query: ListQuery): T[] {
  return entries
    .filter(({ customer }) => {
      if (query.ng === 'ng' && !customer.ng) return false;
      if (query.ng === 'ok' && customer.ng) return false;
      if (query.tag && !customer.tags.includes(query.tag)) return false;
      return matchesText(customer, query.text);
    })
    .sort((a, b) => ORDERS[query.order](a.customer, b.customer));
}

/** Every tag in use, most used first, for the tag filter. */
export function tagsInUse(customers: readonly Customer[]): string[] {
  const counts = new Map<string, number>();
  for (const customer of customers) for (const tag of customer.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'ja')).map(([tag]) => tag);
}
