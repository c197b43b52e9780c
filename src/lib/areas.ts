/**
 * The area vocabulary: the one list a therapist's or store's `area` is
 * chosen from (docs/decisions/area-vocabulary.md). An area becomes a URL
 * segment (/blogs/area/{area}, /frozen-accounts/area/{area},
 * /favoriteRanking/area/{area}), so it is never free text: the schemas
 * (src/schema/common.ts), firestore.rules `isArea` (a unit test holds its
 * list equal to AREAS) and the editors all take it from here.
 *
 * Prefectures in the order the site lists them, each with its areas; area
 * names are unique across prefectures (大阪's 日本橋 and 京橋 own the names);
 * その他 comes last, under no prefecture.
 */

const TOKYO = [
  '新宿',
  '渋谷',
  '池袋',
  '上野',
  '銀座',
  '六本木',
  '恵比寿',
  '五反田',
  '品川',
  '新橋',
  '秋葉原',
  '錦糸町',
  '吉祥寺',
  '立川',
  '町田',
] as const;
const KANAGAWA = ['横浜', '関内', '川崎'] as const;
const SAITAMA = ['大宮', '川口'] as const;
const CHIBA = ['船橋', '千葉', '柏'] as const;
const OSAKA = ['梅田', '難波', '心斎橋', '日本橋', '京橋', '天王寺'] as const;
const AICHI = ['名駅', '栄', '金山'] as const;
const FUKUOKA = ['博多', '天神', '中洲', '小倉'] as const;
const HOKKAIDO = ['札幌', 'すすきの'] as const;
const MIYAGI = ['仙台'] as const;
const KYOTO = ['京都'] as const;
const HYOGO = ['三宮'] as const;
const HIROSHIMA = ['広島'] as const;
const OKINAWA = ['那覇'] as const;

/** The area for everywhere else (and for stored text no alias maps). */
export const OTHER_AREA = 'その他';

/** Prefectures in display order, each with its areas in display order. */
export const PREFECTURES = [
  { name: '東京都', areas: TOKYO },
  { name: '神奈川県', areas: KANAGAWA },
  { name: '埼玉県', areas: SAITAMA },
  { name: '千葉県', areas: CHIBA },
  { name: '大阪府', areas: OSAKA },
  { name: '愛知県', areas: AICHI },
  { name: '福岡県', areas: FUKUOKA },
  { name: '北海道', areas: HOKKAIDO },
  { name: '宮城県', areas: MIYAGI },
  { name: '京都府', areas: KYOTO },
  { name: '兵庫県', areas: HYOGO },
  { name: '広島県', areas: HIROSHIMA },
  { name: '沖縄県', areas: OKINAWA },
] as const;
export type Prefecture = (typeof PREFECTURES)[number]['name'];

/** Every area, in display order (prefecture by prefecture, その他 last). */
export const AREAS = [
  ...TOKYO,
  ...KANAGAWA,
  ...SAITAMA,
  ...CHIBA,
  ...OSAKA,
  ...AICHI,
  ...FUKUOKA,
  ...HOKKAIDO,
  ...MIYAGI,
  ...KYOTO,
  ...HYOGO,
  ...HIROSHIMA,
  ...OKINAWA,
  OTHER_AREA,
] as const;
export type Area = (typeof AREAS)[number];

const ORDER = new Map<string, number>(AREAS.map((area, index) => [area, index]));
const PREFECTURE_OF = new Map<string, Prefecture>(PREFECTURES.flatMap(({ name, areas }) => areas.map((area) => [area, name] as const)));

/** True when `value` is an area of the vocabulary (exactly: no trimming or folding). */
export function isArea(value: unknown): value is Area {
  return typeof value === 'string' && ORDER.has(value);
}

/** Sort key for an area: its place in AREAS; anything else after them all. */
export function areaOrder(area: string): number {
  return ORDER.get(area) ?? AREAS.length;
}

/** Compares two areas in display order (anything outside the vocabulary last, by name). */
export function compareAreas(a: string, b: string): number {
  return areaOrder(a) - areaOrder(b) || a.localeCompare(b, 'ja');
}

/** The prefecture an area is in; null for その他 and anything outside the vocabulary. */
export function prefectureOf(area: string): Prefecture | null {
  return PREFECTURE_OF.get(area) ?? null;
}

/**
 * What is wrong with `value` as an area, in Japanese, or undefined when it
 * is one: nothing chosen, or text from before the vocabulary (kept in old
 * documents and drafts until chosen again).
 */
export function areaProblem(value: string): string | undefined {
  if (isArea(value)) return undefined;
  return value === '' ? 'エリアを選んでください。' : `「${value}」は選べるエリアにありません。一覧から選び直してください。`;
}
