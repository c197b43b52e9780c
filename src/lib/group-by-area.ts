import { compareAreas } from './areas';

/** Items grouped by their `area`, areas in AREAS order (unknown ones after, by name). */
export function groupByArea<T extends { area: string }>(items: readonly T[]): { area: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.area);
    if (group) group.push(item);
    else groups.set(item.area, [item]);
  }
  return [...groups].sort(([a], [b]) => compareAreas(a, b)).map(([area, grouped]) => ({ area, items: grouped }));
}
