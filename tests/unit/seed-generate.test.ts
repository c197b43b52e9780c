import { describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
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

  it('never gives two owners the same handle or slug', () => {
    const handles = docs.filter((d) => d.path.startsWith('frozenAccounts/')).map((d) => d.data.handle);
    expect(new Set(handles).size).toBe(handles.length);
    const slugs = docs.filter((d) => d.path.startsWith('slugs/'));
    expect(slugs.length).toBe(count(docs, 'accounts/') + count(docs, 'stores/'));
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
