import { describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import { X_HANDLE_PATTERN } from '../../src/lib/handles';
import { validateSeed } from '../../scripts/seed/write';

const today = '2026-11-22';
const count = (docs: { path: string }[], prefix: string) => docs.filter((d) => d.path.startsWith(prefix)).length;

describe('generateSeed', () => {
  const docs = generateSeed({ therapists: 200, today });

  it('is deterministic', () => {
    expect(generateSeed({ therapists: 200, today })).toEqual(docs);
  });

  it('differs with another seed', () => {
    expect(generateSeed({ therapists: 200, today, seed: 'other' })).not.toEqual(docs);
  });

  it('has the demo sizes', () => {
    expect(count(docs, 'accounts/')).toBe(200);
    expect(count(docs, 'stores/')).toBeGreaterThanOrEqual(30);
    expect(count(docs, 'frozenAccounts/')).toBeGreaterThanOrEqual(100);
    const areas = new Set(docs.filter((d) => d.path.startsWith('stores/')).map((d) => d.data.area));
    expect(areas.size).toBeGreaterThanOrEqual(6);
  });

  it('has most therapists published and some not', () => {
    const published = docs.filter((d) => d.path.startsWith('accounts/') && d.data.published).length;
    expect(published).toBeGreaterThan(150);
    expect(published).toBeLessThan(200);
  });

  it('puts shifts on the next 14 days only', () => {
    const dates = new Set(docs.filter((d) => d.path.startsWith('schedules/')).map((d) => d.data.date as string));
    expect([...dates].sort()[0]).toBe(today);
    expect([...dates].sort().at(-1)).toBe('2026-12-05');
  });

  it('keys each former handle by x_{handle}, as the rules require', () => {
    const frozen = docs.filter((d) => d.path.startsWith('frozenAccounts/'));
    for (const { path, data } of frozen) {
      expect(data.handle).toMatch(X_HANDLE_PATTERN);
      expect(path).toBe(`frozenAccounts/x_${data.handle as string}`);
    }
    expect(frozen.map((d) => d.path)).toContain('frozenAccounts/x_miu_0312');
  });

  it('never gives two owners the same handle or slug', () => {
    const frozen = docs.filter((d) => d.path.startsWith('frozenAccounts/'));
    const handles = frozen.map((d) => d.data.handle);
    expect(new Set(handles).size).toBe(handles.length);
    expect(new Set(frozen.map((d) => d.path)).size).toBe(frozen.length);
    const slugs = docs.filter((d) => d.path.startsWith('slugs/'));
    expect(slugs.length).toBe(count(docs, 'accounts/') + count(docs, 'stores/'));
  });

  it("puts each shift at its therapist's current store", () => {
    const storeOf = new Map(docs.filter((d) => d.path.startsWith('accounts/')).map((d) => [d.data.userId, d.data.storeId]));
    const shifts = docs.filter((d) => d.path.startsWith('schedules/'));
    expect(shifts.length).toBeGreaterThan(0);
    for (const { data } of shifts) expect(data.storeId).toBe(storeOf.get(data.userId));
  });

  it('passes every collection schema', () => {
    expect(() => validateSeed(docs)).not.toThrow();
  });

  it('scales to a requested number of therapists', () => {
    const big = generateSeed({ therapists: 3000, today });
    expect(count(big, 'accounts/')).toBe(3000);
    expect(count(big, 'stores/')).toBe(429);
  });
});

describe('validateSeed', () => {
  it('names the bad document', () => {
    expect(() => validateSeed([{ path: 'accounts/x', data: { userId: 'x' } }])).toThrow(/Seed document accounts\/x is invalid/);
  });
});
