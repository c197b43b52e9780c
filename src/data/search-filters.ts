/** The filter choices of /search: the areas in use, and the store names of each area. */
import { compareAreas } from '../lib/areas';
import { groupByArea } from '../lib/group-by-area';
import { storeDisplayName } from '../lib/store-name';
import type { Directory } from './directory';

export interface SearchFilters {
  areas: string[];
  storesByArea: { area: string; names: string[] }[];
}

export function searchFilters({ therapists, stores }: Directory): SearchFilters {
  const areas = [...new Set([...therapists, ...stores].map((item) => item.area))].sort(compareAreas);
  const storesByArea = groupByArea(stores).map((group) => ({
    area: group.area,
    names: group.items.map(storeDisplayName).sort((a, b) => a.localeCompare(b, 'ja')),
  }));
  return { areas, storesByArea };
}
