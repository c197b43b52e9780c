import { describe, expect, it } from 'vitest';
import { normalizeSlug, slugProblem } from '../../src/lib/slugs';

describe('normalizeSlug', () => {
  it.each([
    ['Miu', 'miu'],
    ['  Aroma Shinjuku ', 'aroma-shinjuku'],
    ['miu__relax', 'miu-relax'],
    ['ＡＢＣ－１２３', 'abc-123'],
    ['--みう-miu--', 'miu'],
    ['a!!b', 'ab'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSlug(input)).toBe(expected);
  });
});

describe('slugProblem', () => {
  it('accepts 3 to 30 lower-case letters, digits and inner hyphens', () => {
    expect(slugProblem('miu')).toBeNull();
    expect(slugProblem('a'.repeat(30))).toBeNull();
  });
  it('refuses too short and too long', () => {
    expect(slugProblem('ab')).toBe('URL は 3 文字以上にしてください。');
    expect(slugProblem('a'.repeat(31))).toBe('URL は 30 文字以内にしてください。');
  });
  it('refuses reserved words', () => {
    expect(slugProblem('Admin')).toBe('この URL は使えません。別の文字列にしてください。');
  });
});
