import { describe, expect, it } from 'vitest';
import { matchTier, rankResults } from '../../src/lib/search/rank';

describe('matchTier', () => {
  it.each([
    ['みう', 'みう', 0],
    ['ミウ', 'ミウ', 0],
    ['ｱﾛﾏ新宿', 'アロマ新宿', 0],
    ['アロマ 新宿', 'アロマ新宿', 0],
    ['みう', 'みう（新人）', 1],
    ['新宿', 'アロマ新宿', 2],
    ['みう', 'さくら', 3],
    ['', 'みう', 3],
  ])('%s against %s is tier %i', (query, title, tier) => {
    expect(matchTier(query, { title })).toBe(tier);
  });
});

describe('rankResults', () => {
  it('puts the exact name first, then prefixes, keeping the engine order within a tier', () => {
    const titles = ['ありがとう', 'みう（新人）', 'さくら', 'みう', 'みうら'];
    const ranked = rankResults('みう', titles, (title) => ({ title }));
    expect(ranked).toEqual(['みう', 'みう（新人）', 'みうら', 'ありがとう', 'さくら']);
  });
});
