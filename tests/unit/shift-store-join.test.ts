/**
 * Shifts entered before a store confirmed her join it (src/lib/membership/state.ts
 * shiftStoreOf; docs/decisions/membership-requests.md): the export shows a
 * store-less shift under her confirmed store, never under a store that has
 * not confirmed her current request, and makes every shift store-less once
 * she leaves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPublicExport } from '../../scripts/export/public-records';
import { shiftStoreOf } from '../../src/lib/membership/state';
import { emptySourceDocs, type SourceDocs } from '../../src/registry/source-collections';
import { accountDoc } from '../../src/schema/accounts';
import { membershipDoc } from '../../src/schema/memberships';
import { scheduleDoc } from '../../src/schema/schedules';
import { storeRequestDoc } from '../../src/schema/store-requests';
import { storeDoc } from '../../src/schema/stores';

const AT = { toDate: () => new Date('2026-11-01T03:00:00Z') };
const ASKED = { seconds: 1_790_000_000, nanoseconds: 5, toDate: () => new Date(1_790_000_000_000) };
const PHOTO_BASE = { kind: 'bucket', bucket: 'demo.appspot.com' } as const;

const account = accountDoc.parse({
  userId: 'miu',
  displayName: 'みう',
  profileSlug: 'miu',
  bio: '',
  photo: '',
  area: '新宿',
  tags: [],
  channels: {},
  published: true,
  createdAt: AT,
  updatedAt: AT,
});
const store = (uid: string) =>
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
    published: true,
    createdAt: AT,
    updatedAt: AT,
  });
const shift = (date: string, storeId: string | null) =>
  scheduleDoc.parse({ userId: 'miu', storeId, date, start: '12:00', end: '18:00', note: '', updatedAt: AT });

/** Her shifts: two entered while her request waited (no store), one under a store she left. */
function source(request: string | null, answer: 'confirmed' | 'declined' | 'removed' | null): SourceDocs {
  return {
    ...emptySourceDocs(),
    accounts: new Map([['miu', account]]),
    stores: new Map([
      ['shop', store('shop')],
      ['gone', store('gone')],
    ]),
    storeRequests: new Map([
      ['miu', storeRequestDoc.parse({ userId: 'miu', storeId: request, requestedAt: request ? ASKED : null, updatedAt: AT })],
    ]),
    memberships: answer
      ? new Map([['shop_miu', membershipDoc.parse({ storeId: 'shop', userId: 'miu', status: answer, requestedAt: ASKED, updatedAt: AT })]])
      : new Map(),
    schedules: new Map([
      ['miu_2026-12-01_0', shift('2026-12-01', null)],
      ['miu_2026-12-02_0', shift('2026-12-02', null)],
      ['miu_2026-12-03_0', shift('2026-12-03', 'gone')],
    ]),
  };
}

const storesOfShifts = (docs: SourceDocs) =>
  toPublicExport(docs, '2026-11-01', { photoBase: PHOTO_BASE, now: new Date('2026-11-28T03:00:00Z') }).shifts.map((s) => [
    s.date,
    s.storeId,
  ]);

describe('shifts entered before approval', () => {
  it('stay store-less while her request waits or was declined', () => {
    for (const answer of [null, 'declined'] as const) {
      expect(storesOfShifts(source('shop', answer))).toEqual([
        ['2026-12-01', null],
        ['2026-12-02', null],
        ['2026-12-03', null],
      ]);
    }
  });

  it('join the store once it confirms her; a shift of a store she left does not', () => {
    expect(storesOfShifts(source('shop', 'confirmed'))).toEqual([
      ['2026-12-01', 'shop'],
      ['2026-12-02', 'shop'],
      ['2026-12-03', null],
    ]);
  });

  it('leave it when she leaves or the store removes her', () => {
    expect(storesOfShifts(source(null, 'confirmed')).every(([, storeId]) => storeId === null)).toBe(true);
    expect(storesOfShifts(source('shop', 'removed')).every(([, storeId]) => storeId === null)).toBe(true);
  });

  it('shiftStoreOf names only her confirmed store, and names it for a store-less shift (any ids)', () => {
    const id = fc.option(fc.constantFrom('shop', 'gone', 'other'), { nil: null });
    fc.assert(
      fc.property(id, id, (shiftStore, confirmed) => {
        const shown = shiftStoreOf(shiftStore, confirmed);
        expect(shown === null || shown === confirmed).toBe(true);
        if (confirmed !== null && (shiftStore === null || shiftStore === confirmed)) expect(shown).toBe(confirmed);
        if (shiftStore !== null && shiftStore !== confirmed) expect(shown).toBeNull();
      }),
      { seed: 40, numRuns: 300 },
    );
  });
});
