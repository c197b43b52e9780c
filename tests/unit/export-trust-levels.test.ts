/**
 * The export's trust derivation, pure (src/registry/derive.ts):
 * the level a claim shows (店舗確認済み only from an operator-verified,
 * public, unsuspended store; docs/decisions/store-verification.md), 確認中
 * for any open dispute whatever the level, and held slugs redirecting at
 * most two per owner (docs/decisions/slug-holds.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPublicExport } from '../../scripts/export/public-records';
import { isDisputed, shownLevel, slugRedirects } from '../../src/registry/derive';
import { emptySourceDocs, type SourceDocs } from '../../src/registry/source-collections';
import type { FrozenAccountDoc } from '../../src/schema/frozen-accounts';
import type { SlugDoc } from '../../src/schema/slugs';
import { accountDoc } from '../../src/schema/accounts';
import { storeDoc } from '../../src/schema/stores';
import { frozenAccountDoc } from '../../src/schema/frozen-accounts';
import { disputeDoc } from '../../src/schema/moderation';

const NOW = new Date('2026-11-22T03:00:00Z');
const at = (date: Date) => ({ toDate: () => date });
const AT = at(new Date('2026-11-01T03:00:00Z'));
const daysAgo = (days: number) => at(new Date(NOW.getTime() - days * 86_400_000));
const PHOTO_BASE = { kind: 'bucket', bucket: 'demo.appspot.com' } as const;

const account = (uid: string) =>
  accountDoc.parse({
    userId: uid,
    displayName: 'みう',
    profileSlug: `slug-${uid}`,
    bio: '',
    photo: '',
    area: '新宿',
    tags: [],
    channels: {},
    published: true,
    createdAt: AT,
    updatedAt: AT,
  });
const store = (uid: string, published = true) =>
  storeDoc.parse({
    userId: uid,
    displayName: '',
    storeName: `店舗${uid}`,
    profileSlug: `store-${uid}`,
    description: '',
    photo: '',
    area: '新宿',
    address: '',
    nearestStation: '',
    hours: '',
    website: '',
    channels: {},
    published,
    createdAt: AT,
    updatedAt: AT,
  });
const claim = (uid: string, handle: string, over: Partial<FrozenAccountDoc> = {}) =>
  frozenAccountDoc.parse({
    userId: uid,
    platform: 'x',
    handle,
    frozenOn: null,
    note: '',
    verification: 'self',
    confirmedBy: null,
    slot: 0,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  });

function source(over: Partial<SourceDocs>): SourceDocs {
  return { ...emptySourceDocs(), ...over };
}

describe('shownLevel', () => {
  it('shows 店舗確認済み only when the confirming store is among the badge stores', () => {
    expect(shownLevel({ verification: 'store', confirmedBy: 'shop' }, new Set(['shop']))).toBe('store');
    expect(shownLevel({ verification: 'store', confirmedBy: 'sock' }, new Set(['shop']))).toBe('self');
    expect(shownLevel({ verification: 'store', confirmedBy: null }, new Set(['shop']))).toBe('self');
  });

  it('leaves self and operator as they are', () => {
    expect(shownLevel({ verification: 'self', confirmedBy: null }, new Set())).toBe('self');
    expect(shownLevel({ verification: 'operator', confirmedBy: null }, new Set())).toBe('operator');
  });

  it('never shows a level above the stored one, and shows store only for a badge store (any claim, any set)', () => {
    const uid = fc.constantFrom('shop', 'sock', 'draft', 'banned');
    fc.assert(
      fc.property(
        fc.constantFrom('self', 'store', 'operator' as const),
        fc.option(uid, { nil: null }),
        fc.uniqueArray(uid),
        (verification, confirmedBy, badge) => {
          const shown = shownLevel({ verification, confirmedBy }, new Set(badge));
          const rank = { self: 0, store: 1, operator: 2 };
          expect(rank[shown]).toBeLessThanOrEqual(rank[verification]);
          if (shown === 'store') expect(badge).toContain(confirmedBy);
        },
      ),
      { seed: 38, numRuns: 500 },
    );
  });
});

describe('isDisputed', () => {
  it('is set by anyone but the holder', () => {
    expect(isDisputed('holder', new Set(['claimant']))).toBe(true);
    expect(isDisputed('holder', new Set(['holder']))).toBe(false);
    expect(isDisputed('holder', undefined)).toBe(false);
  });
});

describe('toPublicExport: badges and 確認中', () => {
  const derived = () =>
    toPublicExport(
      source({
        accounts: new Map([
          ['miu', account('miu')],
          ['rin', account('rin')],
        ]),
        stores: new Map([
          ['shop', store('shop')],
          ['sock', store('sock')],
          ['draft', store('draft', false)],
          ['banned', store('banned')],
        ]),
        storeVerifications: new Set(['shop', 'draft', 'banned']),
        suspensions: new Set(['banned']),
        frozenAccounts: new Map([
          ['x_by_shop', claim('miu', 'by_shop', { verification: 'store', confirmedBy: 'shop' })],
          ['x_by_sock', claim('miu', 'by_sock', { verification: 'store', confirmedBy: 'sock' })],
          ['x_by_draft', claim('miu', 'by_draft', { verification: 'store', confirmedBy: 'draft' })],
          ['x_by_banned', claim('miu', 'by_banned', { verification: 'store', confirmedBy: 'banned' })],
          ['x_disputed_badge', claim('miu', 'disputed_badge', { verification: 'store', confirmedBy: 'shop' })],
          ['x_disputed_op', claim('miu', 'disputed_op', { verification: 'operator' })],
        ]),
        disputes: new Map([
          ['rin_0', disputeDoc.parse({ userId: 'rin', handleId: 'x_disputed_badge', kind: 'former', evidence: '私のです', createdAt: AT })],
          ['rin_1', disputeDoc.parse({ userId: 'rin', handleId: 'x_disputed_op', kind: 'former', evidence: '私のです', createdAt: AT })],
        ]),
      }),
      '2026-11-21',
      { photoBase: PHOTO_BASE, now: NOW },
    );

  it('carries each public store’s own level', () => {
    expect(derived().stores.map((s) => [s.id, s.verified])).toEqual([
      ['shop', true],
      ['sock', false],
    ]);
  });

  it('shows a badge only from a verified store that is public and not suspended', () => {
    const level = Object.fromEntries(derived().frozenAccounts.map((f) => [f.id, f.verification]));
    expect(level).toMatchObject({ x_by_shop: 'store', x_by_sock: 'self', x_by_draft: 'self', x_by_banned: 'self' });
  });

  it('marks an open dispute 確認中 whatever the level', () => {
    const disputed = Object.fromEntries(derived().frozenAccounts.map((f) => [f.id, [f.verification, f.disputed]]));
    expect(disputed).toMatchObject({
      x_disputed_badge: ['store', true],
      x_disputed_op: ['operator', true],
      x_by_shop: ['store', false],
    });
  });
});

describe('slugRedirects', () => {
  const profiles = { therapists: [{ id: 'miu', profileSlug: 'miu-now' }], stores: [] } as unknown as Parameters<typeof slugRedirects>[1];
  const held = (days: number): SlugDoc => ({ userId: 'miu', kind: 'therapist', releasedAt: daysAgo(days) });

  it('redirects the two newest held slugs of an owner, not a third, nor one past 30 days', () => {
    const slugs = new Map<string, SlugDoc>([
      ['rena-official', held(9)],
      ['shinjuku-no1', held(5)],
      ['miu-three', held(2)],
      ['miu-ancient', held(31)],
      ['miu-now', { userId: 'miu', kind: 'therapist', releasedAt: null }],
    ]);
    expect(slugRedirects(slugs, profiles, NOW).map((r) => r.from)).toEqual(['miu-three', 'shinjuku-no1']);
  });

  it('redirects a held slug until 30 days after its release', () => {
    expect(slugRedirects(new Map([['miu-old', held(10)]]), profiles, NOW)).toEqual([
      { from: 'miu-old', to: 'miu-now', kind: 'therapist', until: new Date(NOW.getTime() + 20 * 86_400_000).toISOString() },
    ]);
  });
});
