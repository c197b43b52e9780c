/**
 * Page titles that tell namesakes apart: two therapists both called みう
 * differ by area or store, so the title carries both (「みう（新宿・アロマ東京）」).
 */

/** 「name（area・store）」, leaving out what is empty. */
export function therapistTitle(name: string, area: string, storeName?: string): string {
  const where = [area, storeName].filter(Boolean).join('・');
  return where ? `${name}（${where}）` : name;
}

/** 「store（area）」: chains reuse a name across areas. */
export function storeTitle(name: string, area: string): string {
  return area ? `${name}（${area}）` : name;
}
