/**
 * Who counts for the 推しランキング and what is a burst (scripts/ranking/count.ts):
 * verified email and an account older than 7 days, one per account and
 * target, never herself, therapists only; more than BURST_FANS favourites
 * from new accounts within 24 hours are held, not counted.
 */
import { describe, expect, it } from 'vitest';
import { countFans, findBursts, isEligibleFan, isFromNewAccount, type FanAccount, type FavoriteRow } from '../../scripts/ranking/count';
import { BURST_FANS } from '../../src/schema/rankings';

const NOW = new Date('2026-11-24T15:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const account = (overrides: Partial<FanAccount> = {}): FanAccount => ({
  emailVerified: true,
  createdAt: ago(100),
  disabled: false,
  ...overrides,
});
const row = (fan: string, target: string, overrides: Partial<FavoriteRow> = {}): FavoriteRow => ({
  fan,
  target,
  kind: 'therapist',
  createdAt: ago(10),
  ...overrides,
});

describe('isEligibleFan', () => {
  it('counts a verified account more than 7 days old', () => {
    expect(isEligibleFan(account({ createdAt: ago(7.01) }), NOW)).toBe(true);
  });
  it('not an account exactly 7 days old or younger', () => {
    expect(isEligibleFan(account({ createdAt: ago(7) }), NOW)).toBe(false);
    expect(isEligibleFan(account({ createdAt: ago(1) }), NOW)).toBe(false);
  });
  it('not an unverified, disabled or unknown account', () => {
    expect(isEligibleFan(account({ emailVerified: false }), NOW)).toBe(false);
    expect(isEligibleFan(account({ disabled: true }), NOW)).toBe(false);
    expect(isEligibleFan(undefined, NOW)).toBe(false);
  });
});

describe('isFromNewAccount', () => {
  it('is new when made within 30 days of signing up (or the account is unknown)', () => {
    expect(isFromNewAccount(row('f', 't', { createdAt: ago(1) }), account({ createdAt: ago(20) }))).toBe(true);
    expect(isFromNewAccount(row('f', 't', { createdAt: ago(1) }), account({ createdAt: ago(40) }))).toBe(false);
    expect(isFromNewAccount(row('f', 't'), undefined)).toBe(true);
  });
});

describe('countFans', () => {
  const accounts = new Map<string, FanAccount>([
    ['old', account()],
    ['old2', account()],
    ['unverified', account({ emailVerified: false })],
    ['young', account({ createdAt: ago(3) })],
    ['disabled', account({ disabled: true })],
    ['miu', account()],
  ]);

  it('counts one per eligible account and target, never herself, therapists only', () => {
    const { counts, excluded } = countFans(
      [
        row('old', 'miu'),
        row('old', 'miu'),
        row('old2', 'miu'),
        row('unverified', 'miu'),
        row('young', 'miu'),
        row('disabled', 'miu'),
        row('ghost', 'miu'),
        row('miu', 'miu'),
        row('old', 'store-1', { kind: 'store' }),
        row('old', 'rin'),
      ],
      accounts,
      { now: NOW },
    );
    expect(Object.fromEntries(counts)).toEqual({ miu: 2, rin: 1 });
    expect(excluded).toEqual({ ineligible: 4, self: 1, duplicate: 1, store: 1, held: 0 });
  });

  it('counts only favourites made by then (a ranking for an earlier day)', () => {
    const { counts } = countFans([row('old', 'miu', { createdAt: ago(2) }), row('old2', 'miu', { createdAt: ago(-0.1) })], accounts, {
      now: NOW,
    });
    expect(counts.get('miu')).toBe(1);
  });

  it('leaves out suspended fans', () => {
    const { counts } = countFans([row('old', 'miu'), row('old2', 'miu')], accounts, { now: NOW, suspended: new Set(['old2']) });
    expect(counts.get('miu')).toBe(1);
  });

  it('holds new accounts’ favourites inside a held window, and only those', () => {
    const newish = account({ createdAt: ago(12) });
    const withNew = new Map([...accounts, ['new1', newish], ['new2', newish]]);
    const held = [{ target: 'miu', from: ago(2), to: ago(0.5) }];
    const { counts, excluded } = countFans(
      [
        row('new1', 'miu', { createdAt: ago(1) }),
        // Outside the window.
        row('new2', 'miu', { createdAt: ago(3) }),
        // An old account inside the window still counts.
        row('old', 'miu', { createdAt: ago(1) }),
        // Another target is not held.
        row('new1', 'rin', { createdAt: ago(1) }),
      ],
      withNew,
      { now: NOW, held },
    );
    expect(Object.fromEntries(counts)).toEqual({ miu: 2, rin: 1 });
    expect(excluded.held).toBe(1);
  });
});

describe('findBursts', () => {
  const fans = (count: number, created: number) =>
    new Map<string, FanAccount>(Array.from({ length: count }, (_, i) => [`f${i}`, account({ createdAt: ago(created) })]));

  it(`flags more than ${BURST_FANS} favourites from new accounts within 24 hours`, () => {
    const accounts = fans(BURST_FANS + 1, 10);
    const rows = [...accounts.keys()].map((fan) => row(fan, 'miu', { createdAt: ago(0.5) }));
    expect(findBursts(rows, accounts, NOW)).toEqual([
      { target: 'miu', fans: BURST_FANS + 1, from: new Date(NOW.getTime() - DAY), to: NOW },
    ]);
  });

  it(`not ${BURST_FANS} exactly, nor older accounts, nor favourites older than 24 hours`, () => {
    const exactly = fans(BURST_FANS, 10);
    expect(
      findBursts(
        [...exactly.keys()].map((fan) => row(fan, 'miu', { createdAt: ago(0.5) })),
        exactly,
        NOW,
      ),
    ).toEqual([]);
    const old = fans(BURST_FANS + 5, 60);
    expect(
      findBursts(
        [...old.keys()].map((fan) => row(fan, 'miu', { createdAt: ago(0.5) })),
        old,
        NOW,
      ),
    ).toEqual([]);
    const many = fans(BURST_FANS + 5, 10);
    expect(
      findBursts(
        [...many.keys()].map((fan) => row(fan, 'miu', { createdAt: ago(1.1) })),
        many,
        NOW,
      ),
    ).toEqual([]);
  });

  it('counts each fan once and herself never', () => {
    const accounts = fans(BURST_FANS, 10);
    accounts.set('miu', account({ createdAt: ago(10) }));
    const rows = [
      ...[...accounts.keys()].filter((fan) => fan !== 'miu').map((fan) => row(fan, 'miu', { createdAt: ago(0.5) })),
      row('f0', 'miu', { createdAt: ago(0.4) }),
      row('miu', 'miu', { createdAt: ago(0.5) }),
    ];
    expect(findBursts(rows, accounts, NOW)).toEqual([]);
  });
});
