/** Areas the directory groups stores and therapists by, in display order. */
export const AREAS = ['新宿', '渋谷', '池袋', '恵比寿', '銀座', '上野', '横浜', '梅田', '難波', '栄', '天神', 'すすきの'] as const;
export type Area = (typeof AREAS)[number];

/** Sort key for an area: known areas in AREAS order, others after, by name. */
export function areaOrder(area: string): number {
  const index = (AREAS as readonly string[]).indexOf(area);
  return index === -1 ? AREAS.length : index;
}
