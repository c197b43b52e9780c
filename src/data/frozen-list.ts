/** The rows of /frozen-accounts and its filtered views, from the export. */
import { areaOrder } from '../lib/areas';
import { initialOf } from '../lib/frozen-list';
import { loadDirectory, type ListedFrozenAccount } from './directory';

export interface FrozenListData {
  rows: ListedFrozenAccount[];
  areas: string[];
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

export async function loadFrozenList(): Promise<FrozenListData> {
  const { listedFrozenAccounts } = await loadDirectory();
  const rows = [...listedFrozenAccounts].sort((a, b) => a.handle.localeCompare(b.handle));
  const byArea = group(rows, (row) => row.owner.area);
  const areas = [...byArea.keys()].sort((a, b) => areaOrder(a) - areaOrder(b) || a.localeCompare(b, 'ja'));
  return { rows, areas, byArea, byInitial: group(rows, (row) => initialOf(row.handle)) };
}
