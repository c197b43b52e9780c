import { describe, expect, it } from 'vitest';
import { parseTags, tagsProblem, tagsToText } from '../../src/lib/profile/tag-input';

describe('parseTags', () => {
  it('splits on commas, 、 and spaces (full-width too) and drops #', () => {
    expect(parseTags('癒し系, 聞き上手、#新人　高身長，ベテラン')).toEqual(['癒し系', '聞き上手', '新人', '高身長', 'ベテラン']);
  });
  it('drops empty and repeated tags, keeping the first order', () => {
    expect(parseTags(' ,、 新人,, 新人 ＃新人 癒し系 ')).toEqual(['新人', '癒し系']);
  });
  it('folds full-width letters', () => {
    expect(parseTags('ＮＥＷ')).toEqual(['NEW']);
  });
  it('gives no tags for an empty text', () => {
    expect(parseTags('')).toEqual([]);
  });
  it('reads back what tagsToText writes', () => {
    const tags = ['癒し系', '聞き上手'];
    expect(parseTags(tagsToText(tags))).toEqual(tags);
  });
});

describe('tagsProblem', () => {
  it('accepts up to 10 tags of up to 20 characters', () => {
    expect(tagsProblem(Array.from({ length: 10 }, (_, i) => `${'あ'.repeat(19)}${i}`))).toBeNull();
    expect(tagsProblem([])).toBeNull();
  });
  it('refuses an eleventh tag', () => {
    expect(tagsProblem(Array.from({ length: 11 }, (_, i) => `tag${i}`))).toBe('タグは 10 個までです（いま 11 個）。');
  });
  it('names a tag that is too long', () => {
    expect(tagsProblem(['新人', 'あ'.repeat(21)])).toBe(`「${'あ'.repeat(21)}」は長すぎます。タグは 1 つ 20 文字までです。`);
  });
});
