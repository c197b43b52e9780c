import { describe, expect, it } from 'vitest';
import { handleProblem, looksLikeHandle, normalizeHandle } from '../../src/lib/handles';

describe('normalizeHandle', () => {
  it.each([
    ['miu_0312', 'miu_0312'],
    ['@miu_0312', 'miu_0312'],
    ['@MIU_0312', 'miu_0312'],
    ['  @@Miu_0312  ', 'miu_0312'],
    ['＠ｍｉｕ＿０３１２', 'miu_0312'],
    ['@ miu', 'miu'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeHandle(input)).toBe(expected);
  });
});

describe('handleProblem', () => {
  it('accepts X handles of 1 to 15 letters, digits and underscores', () => {
    expect(handleProblem('a')).toBeNull();
    expect(handleProblem('@Abc_123456789_x')).toBeNull();
  });
  it('explains an empty handle', () => {
    expect(handleProblem(' @ ')).toBe('ユーザー名を入力してください。');
  });
  it('refuses 16 characters', () => {
    expect(handleProblem('abcdefghijklmnop')).toBe('X のユーザー名は 15 文字以内です。');
  });
  it('refuses characters X does not allow', () => {
    expect(handleProblem('miu-0312')).toMatch('半角英数字とアンダースコア');
    expect(handleProblem('みう')).toMatch('半角英数字とアンダースコア');
  });
});

describe('looksLikeHandle', () => {
  it('is true for handle-shaped queries only', () => {
    expect(looksLikeHandle('@MIU_0312')).toBe(true);
    expect(looksLikeHandle('新宿 アロマ')).toBe(false);
  });
});
