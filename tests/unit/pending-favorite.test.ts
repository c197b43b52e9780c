import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginUrlFor, safeNextPath } from '../../src/lib/auth/next-path';
import {
  capturePendingFavorite,
  carriedQuery,
  favoriteSignInUrl,
  forgetPendingFavorite,
  parsePendingParam,
  PENDING_MAX_AGE_MS,
  readPendingFavorite,
} from '../../src/lib/favorites/pending-favorite';

const SEED = { seed: 40_1, numRuns: 300 };

describe('parsePendingParam', () => {
  it.each([
    ['therapist:abc123', { kind: 'therapist', uid: 'abc123' }],
    ['store:Shop_1-x', { kind: 'store', uid: 'Shop_1-x' }],
  ])('reads %s', (value, target) => {
    expect(parsePendingParam(value)).toEqual(target);
  });

  it.each([
    null,
    '',
    'fan:abc',
    'therapist:',
    'therapist:a/b',
    'therapist:../x',
    'store:a b',
    `therapist:${'a'.repeat(129)}`,
    'therapist:a:b',
  ])('refuses %j', (value) => {
    expect(parsePendingParam(value)).toBeNull();
  });

  it('never yields a uid that could leave its path segment (any input)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        const target = parsePendingParam(value);
        if (target) expect(target.uid).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
      }),
      SEED,
    );
  });
});

describe('favoriteSignInUrl', () => {
  it('keeps next as the page and adds the target', () => {
    const url = new URL(favoriteSignInUrl(loginUrlFor('/profile/miu'), { uid: 'u1', kind: 'therapist' }), 'https://x.invalid');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/profile/miu');
    expect(url.searchParams.get('oshi')).toBe('therapist:u1');
  });

  it('round-trips any page and target, and next stays on the site', () => {
    const uid = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), uid, fc.constantFrom('therapist' as const, 'store' as const), (page, id, kind) => {
        const url = new URL(favoriteSignInUrl(loginUrlFor(page), { uid: id, kind }), 'https://x.invalid');
        expect(parsePendingParam(url.searchParams.get('oshi'))).toEqual({ uid: id, kind });
        expect(url.searchParams.get('next')).toBe(safeNextPath(page));
      }),
      SEED,
    );
  });
});

describe('carriedQuery', () => {
  it('carries next and the target from /login to /register, with kind=fan', () => {
    const query = carriedQuery('?next=%2Fprofile%2Fmiu&oshi=therapist%3Au1', { uid: 'u1', kind: 'therapist' }, { kind: 'fan' });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ kind: 'fan', next: '/profile/miu', oshi: 'therapist:u1' });
  });
  it('is empty when there is nothing to carry', () => {
    expect(carriedQuery('', null)).toBe('');
  });
});

describe('the pending 推し in storage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    // Node has no localStorage: a minimal one for the module under test.
    Object.assign(globalThis, {
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      },
    });
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('is kept from the page’s oshi parameter and read back until forgotten', () => {
    expect(capturePendingFavorite('?oshi=therapist%3Au1', 1_000)).toEqual({ uid: 'u1', kind: 'therapist' });
    // Another tab (the verification link's) has no parameter and still finds it.
    expect(capturePendingFavorite('', 2_000)).toEqual({ uid: 'u1', kind: 'therapist' });
    forgetPendingFavorite();
    expect(readPendingFavorite(3_000)).toBeNull();
  });

  it('is forgotten after a day, and a bad parameter changes nothing', () => {
    capturePendingFavorite('?oshi=store%3As1', 0);
    expect(capturePendingFavorite('?oshi=evil%3A%2F%2Fx', 10)).toEqual({ uid: 's1', kind: 'store' });
    expect(readPendingFavorite(PENDING_MAX_AGE_MS + 1)).toBeNull();
  });

  it('ignores a tampered entry', () => {
    store.set('theralink:pending-favorite', JSON.stringify({ kind: 'therapist', uid: '../x', savedAt: 0 }));
    expect(readPendingFavorite(1)).toBeNull();
    store.set('theralink:pending-favorite', '{not json');
    expect(readPendingFavorite(1)).toBeNull();
  });
});
