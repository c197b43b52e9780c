/** The customer list (search, filters, order), the CSV export and the recovery code's format. */
import { describe, expect, it } from 'vitest';
import { customerProblems, lastVisit, parseMinutes, visitProblems, type Customer } from '../../src/lib/notebook/customer';
import { customersCsv } from '../../src/lib/notebook/csv';
import { foldForSearch, NO_QUERY, selectCustomers, tagsInUse } from '../../src/lib/notebook/list-view';
import { formatRecoveryCode, newRecoveryCode, normalizeRecoveryCode, recoveryCodeBytes } from '../../src/lib/notebook/recovery-code';

const visit = (date: string, memo = '') => ({ id: date, date, course: '', minutes: null, memo });
const customer = (nickname: string, overrides: Partial<Customer> = {}): Customer => ({
  id: nickname,
  nickname,
  ng: false,
  tags: [],
  notes: '',
  visits: [],
  createdAt: 0,
  updatedAt: 0,
  ...overrides,
});
const entries = (customers: Customer[]) => customers.map((c, n) => ({ slot: String(n), customer: c }));
const names = (list: { customer: Customer }[]) => list.map((e) => e.customer.nickname);

const TANAKA = customer('たなかさん', { tags: ['常連', '肩こり'], visits: [visit('2026-11-01'), visit('2026-11-20', 'アロマで強め')] });
const KEN = customer('ＫＥＮさん', { tags: ['常連'], visits: [visit('2026-10-01')] });
const NG = customer('Sさん', { ng: true, tags: ['要注意'], notes: '無断キャンセル2回', visits: [visit('2026-11-10')] });
const NEW = customer('あおいさん');
const ALL = entries([TANAKA, KEN, NG, NEW]);

describe('customer list', () => {
  it('orders by last visit, newest first, never-visited last', () => {
    expect(names(selectCustomers(ALL, NO_QUERY))).toEqual(['たなかさん', 'Sさん', 'ＫＥＮさん', 'あおいさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, order: 'last-visit-asc' }))).toEqual([
      'ＫＥＮさん',
      'Sさん',
      'たなかさん',
      'あおいさん',
    ]);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, order: 'visits-desc' }))[0]).toBe('たなかさん');
    expect(lastVisit(TANAKA)).toBe('2026-11-20');
    expect(lastVisit(NEW)).toBeNull();
  });

  it('searches nickname, tags, notes and visit memos, folding katakana, width and case', () => {
    expect(names(selectCustomers(ALL, { ...NO_QUERY, text: 'タナカ' }))).toEqual(['たなかさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, text: 'ken' }))).toEqual(['ＫＥＮさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, text: 'キャンセル' }))).toEqual(['Sさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, text: 'アロマ 強め' }))).toEqual(['たなかさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, text: 'いない人' }))).toEqual([]);
    expect(foldForSearch('ＡＢＣカナ')).toBe('abcかな');
  });

  it('filters by tag and by the NG flag', () => {
    expect(names(selectCustomers(ALL, { ...NO_QUERY, tag: '常連' }))).toEqual(['たなかさん', 'ＫＥＮさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, ng: 'ng' }))).toEqual(['Sさん']);
    expect(names(selectCustomers(ALL, { ...NO_QUERY, ng: 'ok' }))).not.toContain('Sさん');
    expect(tagsInUse(ALL.map((e) => e.customer))).toEqual(['常連', '肩こり', '要注意']);
  });
});

describe('form checks', () => {
  it('needs a nickname of at most 40 characters and at most 10 tags', () => {
    expect(customerProblems({ nickname: ' ', ng: false, tags: [], notes: '' }).nickname).toBeTruthy();
    expect(customerProblems({ nickname: 'あ'.repeat(41), ng: false, tags: [], notes: '' }).nickname).toBeTruthy();
    expect(
      customerProblems({ nickname: 'A', ng: false, tags: Array.from({ length: 11 }, (_, n) => `t${n}`), notes: '' }).tags,
    ).toBeTruthy();
    expect(customerProblems({ nickname: 'A', ng: true, tags: ['常連'], notes: 'メモ' })).toEqual({});
  });

  it('needs a real visit date and sensible minutes (full-width digits accepted)', () => {
    expect(parseMinutes('９０')).toBe(90);
    expect(parseMinutes('')).toBeNull();
    expect(visitProblems({ date: '2026-02-30', course: '', minutes: null, memo: '' }).date).toBeTruthy();
    expect(visitProblems({ date: '2026-02-28', course: '', minutes: 0, memo: '' }).minutes).toBeTruthy();
    expect(visitProblems({ date: '2026-02-28', course: 'アロマ', minutes: 90, memo: '' })).toEqual({});
  });
});

describe('CSV export', () => {
  it('has a BOM and a header, quotes what needs it and defuses formulas', () => {
    const csv = customersCsv([
      customer('=HYPERLINK("x")', { notes: '一行目\n二行目', tags: ['a', 'b'], visits: [visit('2026-11-20', 'メモ')] }),
    ]);
    expect(csv.startsWith('\ufeff呼び名,NG,タグ,最終来店,来店回数,メモ,来店記録\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('"一行目\n二行目"');
    expect(csv).toContain('a、b,2026-11-20,1,');
  });
});

describe('recovery code', () => {
  it('is 24 characters in six groups and reads back forgivingly', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){5}[0-9A-HJKMNP-TV-Z]{4}$/);
    const bytes = recoveryCodeBytes(code)!;
    expect(bytes).toHaveLength(15);
    const fullWidthLower = code.toLowerCase().replace(/[a-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(recoveryCodeBytes(fullWidthLower)).toEqual(bytes);
    expect(normalizeRecoveryCode('OIL0-0000-0000-0000-0000-0000')).toBe('011000000000000000000000');
    expect(recoveryCodeBytes('short')).toBeNull();
    expect(formatRecoveryCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });
});
