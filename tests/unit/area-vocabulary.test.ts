/**
 * The area vocabulary (src/lib/areas.ts) and the places that must agree
 * with it: firestore.rules `isArea`, the source and public schemas, and the
 * editors' validation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREAS, OTHER_AREA, PREFECTURES, areaOrder, areaProblem, compareAreas, isArea, prefectureOf } from '../../src/lib/areas';
import { area } from '../../src/schema/common';
import { publicRanking } from '../../src/schema/rankings';
import { publicStore, publicTherapist } from '../../src/schema/public';
import { publicExport } from '../factories/public-export';
import { NOT_AREAS } from '../fixtures/not-areas';

/** The values of firestore.rules `isArea`'s list, in order, read from the rules file itself. */
function rulesAreas(): string[] {
  const rules = readFileSync('firestore.rules', 'utf8');
  const start = rules.indexOf('function isArea(value) {');
  expect(start, 'firestore.rules has function isArea(value)').toBeGreaterThan(-1);
  const body = rules.slice(start, rules.indexOf('\n    }', start));
  const code = body
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
  expect(code).toMatch(/value is string && value in \[/);
  return [...code.matchAll(/'([^'\\]*)'/g)].map((match) => match[1]!);
}

describe('the area vocabulary', () => {
  it('lists each area once, prefecture by prefecture, その他 last', () => {
    expect(new Set(AREAS).size).toBe(AREAS.length);
    expect(AREAS).toEqual([...PREFECTURES.flatMap(({ areas }) => areas), OTHER_AREA]);
    expect(AREAS.at(-1)).toBe('その他');
    expect(AREAS.length).toBeGreaterThanOrEqual(30);
    expect(AREAS.length).toBeLessThanOrEqual(45);
    expect(PREFECTURES.slice(0, 8).map(({ name }) => name)).toEqual([
      '東京都',
      '神奈川県',
      '埼玉県',
      '千葉県',
      '大阪府',
      '愛知県',
      '福岡県',
      '北海道',
    ]);
  });

  it('holds the areas the issue names', () => {
    for (const name of [
      '新宿',
      '渋谷',
      '池袋',
      '上野',
      '銀座',
      '六本木',
      '恵比寿',
      '横浜',
      '梅田',
      '難波',
      '栄',
      '博多',
      '天神',
      '札幌',
      'その他',
    ]) {
      expect(isArea(name), name).toBe(true);
    }
  });

  it('holds only NFKC-stable names without spaces, so what is stored is what a migration matches', () => {
    for (const name of AREAS) expect(name.normalize('NFKC').trim(), name).toBe(name);
  });

  it('knows each area’s prefecture; その他 and anything else have none', () => {
    expect(prefectureOf('新宿')).toBe('東京都');
    expect(prefectureOf('日本橋')).toBe('大阪府');
    expect(prefectureOf('すすきの')).toBe('北海道');
    expect(prefectureOf('那覇')).toBe('沖縄県');
    expect(prefectureOf(OTHER_AREA)).toBeNull();
    expect(prefectureOf('函館')).toBeNull();
    for (const { name, areas } of PREFECTURES) for (const one of areas) expect(prefectureOf(one)).toBe(name);
  });

  it('orders areas as listed, anything outside the vocabulary after them', () => {
    expect(AREAS.map(areaOrder)).toEqual(AREAS.map((_, index) => index));
    expect(areaOrder('函館')).toBe(AREAS.length);
    expect(['その他', '函館', '梅田', '新宿', '渋谷'].sort(compareAreas)).toEqual(['新宿', '渋谷', '梅田', 'その他', '函館']);
  });

  it('isArea accepts the vocabulary exactly', () => {
    for (const name of AREAS) expect(isArea(name)).toBe(true);
    for (const value of [...NOT_AREAS, null, undefined, 0, ['新宿'], { name: '新宿' }])
      expect(isArea(value), JSON.stringify(value)).toBe(false);
  });

  it('says in Japanese what is wrong with a value that is not an area', () => {
    expect(areaProblem('新宿')).toBeUndefined();
    expect(areaProblem('')).toBe('エリアを選んでください。');
    expect(areaProblem('歌舞伎町')).toBe('「歌舞伎町」は選べるエリアにありません。一覧から選び直してください。');
  });
});

describe('firestore.rules isArea', () => {
  it('lists exactly the TypeScript vocabulary, in its order', () => {
    expect(rulesAreas()).toEqual([...AREAS]);
  });
});

describe('the schemas', () => {
  const { therapists, stores, rankings } = publicExport();
  const therapist = therapists[0]!;
  const store = stores[0]!;

  it('accept every area of the vocabulary, in the source and the public shapes', () => {
    for (const name of AREAS) {
      expect(area.safeParse(name).success, name).toBe(true);
      expect(publicTherapist.safeParse({ ...therapist, area: name }).success, name).toBe(true);
      expect(publicStore.safeParse({ ...store, area: name }).success, name).toBe(true);
    }
  });

  it('refuse anything else, in the source and the public shapes', () => {
    for (const value of NOT_AREAS) {
      expect(area.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(publicTherapist.safeParse({ ...therapist, area: value }).success, JSON.stringify(value)).toBe(false);
      expect(publicStore.safeParse({ ...store, area: value }).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('let the public ranking have area tables of the vocabulary only', () => {
    const ranking = rankings[0]!;
    const entries = Object.values(ranking.areas)[0]!;
    expect(publicRanking.safeParse(ranking).success).toBe(true);
    for (const value of ['..', 'a/b', '%2F', '函館']) {
      expect(publicRanking.safeParse({ ...ranking, areas: { [value]: entries } }).success, value).toBe(false);
    }
  });
});
