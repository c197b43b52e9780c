/** The rows of /frozen-accounts and its filtered views, from the export, and their pages. */
import type { Page } from 'astro';
import { compareAreas, isArea, type Area } from '../lib/areas';
import { FROZEN_PAGE_SIZE, INITIALS, initialOf } from '../lib/frozen/list';
import { frozenListPath, type FrozenListFilter } from '../lib/routes';
import { loadDirectory, type Directory, type ListedFrozenAccount } from './directory';
import { MemoSlot, memoized } from './export-memo';

export interface FrozenListData {
  rows: ListedFrozenAccount[];
  areas: Area[];
  byArea: Map<string, ListedFrozenAccount[]>;
  byInitial: Map<string, ListedFrozenAccount[]>;
}

function group(rows: readonly ListedFrozenAccount[], key: (row: ListedFrozenAccount) => string) {
  const groups = new Map<string, ListedFrozenAccount[]>();
  for (const row of rows) {
    const rowsOfKey = groups.get(key(row));
    if (rowsOfKey) rowsOfKey.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const LIST = new MemoSlot<FrozenListData>('frozen list');

/** The list's rows (by handle), its areas and its groupings, for one export. */
export function frozenList(site: Directory): FrozenListData {
  return memoized(site, LIST, () => {
    const rows = [...site.listedFrozenAccounts].sort((a, b) => a.handle.localeCompare(b.handle));
    const byArea = group(rows, (row) => row.owner.area);
    // Owners' areas are of the vocabulary (the export's schema); the filter says so to the type checker.
    const areas = [...byArea.keys()].filter(isArea).sort(compareAreas);
    return { rows, areas, byArea, byInitial: group(rows, (row) => initialOf(row.handle)) };
  });
}

export async function loadFrozenList(): Promise<FrozenListData> {
  return frozenList(await loadDirectory());
}

/** One list view: its filter and rows. Every letter has a view (also an empty one, so the filter links never 404). */
export function frozenListViews(data: FrozenListData): { filter: FrozenListFilter; rows: ListedFrozenAccount[] }[] {
  return [
    { filter: null, rows: data.rows },
    ...data.areas.map((area) => ({ filter: { area }, rows: data.byArea.get(area) ?? [] })),
    ...INITIALS.map((initial) => ({ filter: { initial }, rows: data.byInitial.get(initial) ?? [] })),
  ];
}

/** How many pages a view has (at least one, which may be empty). */
export function frozenListPageCount(rows: readonly unknown[]): number {
  return Math.max(1, Math.ceil(rows.length / FROZEN_PAGE_SIZE));
}

/** The `[...page]` parameter of page `n` (none for the first page). */
export function frozenPageParam(n: number): string | undefined {
  return n > 1 ? String(n) : undefined;
}

/**
 * Page `pageParam` of a view, shaped like Astro's paginate() pages (the
 * first page has no number in its URL); undefined when there is no such page.
 */
export function frozenListPage(
  rows: readonly ListedFrozenAccount[],
  filter: FrozenListFilter,
  pageParam: string | undefined,
): Page<ListedFrozenAccount> | undefined {
  const lastPage = frozenListPageCount(rows);
  const n = pageParam === undefined ? 1 : /^[1-9]\d*$/.test(pageParam) ? Number(pageParam) : NaN;
  if (!(n >= 1 && n <= lastPage) || pageParam === '1') return undefined;
  const url = (page: number) => frozenListPath(filter, page);
  const start = (n - 1) * FROZEN_PAGE_SIZE;
  const end = Math.min(start + FROZEN_PAGE_SIZE, rows.length);
  return {
    data: rows.slice(start, end),
    start,
    end: end - 1,
    size: FROZEN_PAGE_SIZE,
    total: rows.length,
    currentPage: n,
    lastPage,
    url: {
      current: url(n),
      next: n === lastPage ? undefined : url(n + 1),
      prev: n === 1 ? undefined : url(n - 1),
      first: n === 1 ? undefined : url(1),
      last: n === lastPage ? undefined : url(lastPage),
    },
  };
}
