import { describe, expect, it } from 'vitest';
import { acceptedHandle, atHandle, handleProblem, looksLikeHandle, normalizeHandle, X_HANDLE_MAX_LENGTH } from '../../src/lib/handles';

describe('normalizeHandle', () => {
  it.each([
    ['miu_0312', 'miu_0312'],
    ['@miu_0312', 'miu_0312'],
    ['@MIU_0312', 'miu_0312'],
    ['  @@Miu_0312  ', 'miu_0312'],
    ['＠ｍｉｕ＿０３１２', 'miu_0312'],
    ['@ miu', 'miu'],
    ['＠ｍｉｕ', 'miu'],
    ['  miu  ', 'miu'],
    ['\tMiu\n', 'miu'],
    ['　＠Ｍｉｕ　', 'miu'],
    ['', ''],
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
  it.each(['miu-0312', 'miu.0312', 'みう', 'miu 0312', 'miu@x', 'ミウ_0312'])('refuses %j with the exact message', (input) => {
    expect(handleProblem(input)).toBe('X のユーザー名に使えるのは半角英数字とアンダースコア（_）だけです。');
  });
  it('accepts @MIU_0312 and full-width ＠ｍｉｕ, with spaces around', () => {
    expect(handleProblem('@MIU_0312')).toBeNull();
    expect(handleProblem('＠ｍｉｕ')).toBeNull();
    expect(handleProblem('  @miu  ')).toBeNull();
  });
  it('counts after normalisation: 15 characters plus @ pass, 16 fail', () => {
    expect(handleProblem(`@${'a'.repeat(15)}`)).toBeNull();
    expect(handleProblem('ａ'.repeat(16))).toBe('X のユーザー名は 15 文字以内です。');
    expect(X_HANDLE_MAX_LENGTH).toBe(15);
  });
  it('refuses an empty or blank handle', () => {
    expect(handleProblem('')).toBe('ユーザー名を入力してください。');
    expect(handleProblem('   ')).toBe('ユーザー名を入力してください。');
    expect(handleProblem('＠')).toBe('ユーザー名を入力してください。');
  });
});

describe('looksLikeHandle', () => {
  it('is true for handle-shaped queries only', () => {
    expect(looksLikeHandle('@MIU_0312')).toBe(true);
    expect(looksLikeHandle('新宿 アロマ')).toBe(false);
  });
});

describe('atHandle', () => {
  it('shows a stored handle with its @', () => {
    expect(atHandle('miu_0312')).toBe('@miu_0312');
  });
});

describe('acceptedHandle', () => {
  it('is the normalised handle when acceptable', () => {
    expect(acceptedHandle('@MIU_0312')).toBe('miu_0312');
    expect(acceptedHandle('＠ｍｉｕ')).toBe('miu');
  });
  it('is null when the handle would be refused', () => {
    expect(acceptedHandle('')).toBeNull();
    expect(acceptedHandle('miu-0312')).toBeNull();
    expect(acceptedHandle('a'.repeat(16))).toBeNull();
  });
});
