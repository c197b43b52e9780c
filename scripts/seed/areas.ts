/**
 * Where the demo's stores and therapists are: every area of the vocabulary
 * (src/lib/areas.ts) with a weight roughly as men's-esthetic listings are
 * spread (Tokyo first, then Osaka, Kanagawa, Nagoya, Fukuoka, …), the
 * romaji its store slugs use, and an address and station for its stores.
 */
import { AREAS, OTHER_AREA, prefectureOf, type Area } from '../../src/lib/areas';

interface SeedArea {
  romaji: string;
  /** Relative share of the stores and therapists. */
  weight: number;
  /** The address after the prefecture. */
  town: string;
  station: string;
}

/** Keyed by every area: a new area in the vocabulary does not compile until the seed has it. */
export const SEED_AREAS: Record<Area, SeedArea> = {
  新宿: { romaji: 'shinjuku', weight: 6, town: '新宿区西新宿', station: '新宿駅' },
  渋谷: { romaji: 'shibuya', weight: 4, town: '渋谷区道玄坂', station: '渋谷駅' },
  池袋: { romaji: 'ikebukuro', weight: 5, town: '豊島区東池袋', station: '池袋駅' },
  上野: { romaji: 'ueno', weight: 3, town: '台東区上野', station: '上野駅' },
  銀座: { romaji: 'ginza', weight: 2, town: '中央区銀座', station: '銀座駅' },
  六本木: { romaji: 'roppongi', weight: 2, town: '港区六本木', station: '六本木駅' },
  恵比寿: { romaji: 'ebisu', weight: 3, town: '渋谷区恵比寿南', station: '恵比寿駅' },
  五反田: { romaji: 'gotanda', weight: 3, town: '品川区西五反田', station: '五反田駅' },
  品川: { romaji: 'shinagawa', weight: 1, town: '港区高輪', station: '品川駅' },
  新橋: { romaji: 'shimbashi', weight: 2, town: '港区新橋', station: '新橋駅' },
  秋葉原: { romaji: 'akihabara', weight: 2, town: '千代田区外神田', station: '秋葉原駅' },
  錦糸町: { romaji: 'kinshicho', weight: 3, town: '墨田区江東橋', station: '錦糸町駅' },
  吉祥寺: { romaji: 'kichijoji', weight: 2, town: '武蔵野市吉祥寺本町', station: '吉祥寺駅' },
  立川: { romaji: 'tachikawa', weight: 1, town: '立川市曙町', station: '立川駅' },
  町田: { romaji: 'machida', weight: 1, town: '町田市原町田', station: '町田駅' },
  横浜: { romaji: 'yokohama', weight: 4, town: '横浜市西区南幸', station: '横浜駅' },
  関内: { romaji: 'kannai', weight: 2, town: '横浜市中区真砂町', station: '関内駅' },
  川崎: { romaji: 'kawasaki', weight: 2, town: '川崎市川崎区砂子', station: '川崎駅' },
  大宮: { romaji: 'omiya', weight: 2, town: 'さいたま市大宮区宮町', station: '大宮駅' },
  川口: { romaji: 'kawaguchi', weight: 1, town: '川口市栄町', station: '川口駅' },
  船橋: { romaji: 'funabashi', weight: 2, town: '船橋市本町', station: '船橋駅' },
  千葉: { romaji: 'chiba', weight: 1, town: '千葉市中央区富士見', station: '千葉駅' },
  柏: { romaji: 'kashiwa', weight: 1, town: '柏市柏', station: '柏駅' },
  梅田: { romaji: 'umeda', weight: 4, town: '大阪市北区曽根崎', station: '梅田駅' },
  難波: { romaji: 'namba', weight: 3, town: '大阪市中央区難波', station: 'なんば駅' },
  心斎橋: { romaji: 'shinsaibashi', weight: 2, town: '大阪市中央区心斎橋筋', station: '心斎橋駅' },
  日本橋: { romaji: 'nipponbashi', weight: 2, town: '大阪市浪速区日本橋', station: '日本橋駅' },
  京橋: { romaji: 'kyobashi', weight: 1, town: '大阪市都島区東野田町', station: '京橋駅' },
  天王寺: { romaji: 'tennoji', weight: 1, town: '大阪市天王寺区悲田院町', station: '天王寺駅' },
  名駅: { romaji: 'meieki', weight: 3, town: '名古屋市中村区名駅', station: '名古屋駅' },
  栄: { romaji: 'sakae', weight: 3, town: '名古屋市中区栄', station: '栄駅' },
  金山: { romaji: 'kanayama', weight: 1, town: '名古屋市中区金山', station: '金山駅' },
  博多: { romaji: 'hakata', weight: 2, town: '福岡市博多区博多駅前', station: '博多駅' },
  天神: { romaji: 'tenjin', weight: 2, town: '福岡市中央区天神', station: '天神駅' },
  中洲: { romaji: 'nakasu', weight: 1, town: '福岡市博多区中洲', station: '中洲川端駅' },
  小倉: { romaji: 'kokura', weight: 1, town: '北九州市小倉北区京町', station: '小倉駅' },
  札幌: { romaji: 'sapporo', weight: 1, town: '札幌市中央区北五条西', station: '札幌駅' },
  すすきの: { romaji: 'susukino', weight: 2, town: '札幌市中央区南四条西', station: 'すすきの駅' },
  仙台: { romaji: 'sendai', weight: 2, town: '仙台市青葉区中央', station: '仙台駅' },
  京都: { romaji: 'kyoto', weight: 1, town: '京都市下京区四条通', station: '京都河原町駅' },
  三宮: { romaji: 'sannomiya', weight: 2, town: '神戸市中央区三宮町', station: '三宮駅' },
  広島: { romaji: 'hiroshima', weight: 1, town: '広島市中区胡町', station: '八丁堀駅' },
  那覇: { romaji: 'naha', weight: 1, town: '那覇市松山', station: '県庁前駅' },
  その他: { romaji: 'other', weight: 1, town: '静岡市葵区紺屋町', station: '静岡駅' },
};

/** The prefecture of an area's demo addresses (その他, under none, has its stores in 静岡県). */
export function seedPrefectureOf(area: Area): string {
  return prefectureOf(area) ?? '静岡県';
}

const TOTAL_WEIGHT = AREAS.reduce((sum, area) => sum + SEED_AREAS[area].weight, 0);

/**
 * The area of the `count` stores in turn, by smooth weighted round-robin:
 * every prefix of the sequence is spread by weight (the heaviest, 新宿,
 * first), so 30 stores and 1,500 cover the country alike.
 */
export function storeAreas(count: number): Area[] {
  const credit = new Map<Area, number>(AREAS.map((area) => [area, 0]));
  const out: Area[] = [];
  for (let i = 0; i < count; i++) {
    let best: Area = AREAS[0];
    for (const area of AREAS) {
      const next = credit.get(area)! + SEED_AREAS[area].weight;
      credit.set(area, next);
      if (next > credit.get(best)!) best = area;
    }
    credit.set(best, credit.get(best)! - TOTAL_WEIGHT);
    out.push(best);
  }
  return out;
}

/** An area drawn by weight from `roll`, a whole number in [0, TOTAL_WEIGHT). */
export function areaAt(roll: number): Area {
  let left = roll;
  for (const area of AREAS) {
    left -= SEED_AREAS[area].weight;
    if (left < 0) return area;
  }
  return OTHER_AREA;
}

/** The upper bound of areaAt's roll. */
export const AREA_ROLLS = TOTAL_WEIGHT;
