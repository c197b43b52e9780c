import { describe, expect, it } from 'vitest';
import { NAME_SHARD_COUNT, lookUpName, nameShard, type NameEntry } from '../../src/lib/search/name-index';

const entry = (name: string, key: string, filters: Partial<NameEntry['filters']> = {}): NameEntry => ({
  key,
  url: `/profile/${name}`,
  therapist: true,
  facts: { shiftDays: [], level: 0, fans: 0, wrote: '' },
  meta: { uid: `uid-${name}`, title: name, kind: 'セラピスト', area: '新宿', store: '', image: '', illustration: '', x: '' },
  filters: { kind: 'セラピスト', area: '新宿', store: '', ...filters },
});

describe('name index', () => {
  it('puts a name and its typed variants (width, case, spaces) in the same three-hex-digit shard', () => {
    expect(nameShard('れな☆')).toMatch(/^[0-9a-f]{3}$/);
    expect(nameShard('ＭＩＵ')).toBe(nameShard('miu'));
    expect(nameShard(' まな ちゃん ')).toBe(nameShard('まなちゃん'));
    expect(parseInt(nameShard('癒しの森 新宿店'), 16)).toBeLessThan(NAME_SHARD_COUNT);
  });

  it('spreads names over many shards', () => {
    const shards = new Set(Array.from({ length: 2000 }, (_, i) => nameShard(`セラピスト${i}`)));
    expect(shards.size).toBeGreaterThan(800);
  });

  it('answers only the exact folded name, not a prefix or a longer name', () => {
    const shard = [entry('みう', 'みう'), entry('みう（新人）', 'みう(新人)'), entry('み', 'み')];
    expect(lookUpName(shard, ' みう ', {}).map((e) => e.meta.title)).toEqual(['みう']);
    expect(lookUpName(shard, 'みう（', {})).toEqual([]);
  });

  it('applies the search filters to exact hits', () => {
    const shard = [entry('れな', 'れな', { area: '新宿' }), entry('れな', 'れな', { area: '渋谷' })];
    expect(lookUpName(shard, 'れな', { area: '渋谷' }).map((e) => e.filters.area)).toEqual(['渋谷']);
    expect(lookUpName(shard, 'れな', { kind: '店舗' })).toEqual([]);
  });
});
