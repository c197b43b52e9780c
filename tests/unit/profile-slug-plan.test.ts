import { describe, expect, it } from 'vitest';
import { SLUG_HOLD_DAYS as SCHEMA_HOLD_DAYS } from '../../src/schema/slugs';
import { SLUG_HOLD_DAYS } from '../../src/lib/caps';
import fc from 'fast-check';
import { MAX_HELD_SLUGS } from '../../src/lib/caps';
import {
  planSlugChange,
  SLUG_TAKEN_MESSAGE,
  slugHolderFrom,
  slugState,
  type ListedHold,
  type SlugChange,
  type SlugHolder,
} from '../../src/lib/profile/slug-plan';

const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const held = (userId: string, releasedAt: Date | null = null): SlugHolder => ({ userId, kind: 'therapist', releasedAt });

const change = (over: Partial<SlugChange>): SlugChange => ({
  uid: 'me',
  kind: 'therapist',
  current: 'old-slug',
  next: 'new-slug',
  nextHolder: null,
  currentHolder: held('me'),
  holds: [],
  now,
  ...over,
});
/** One of her listed holds, released `days` ago (by `userId`, default her). */
const listed = (slug: string, days: number, userId = 'me'): ListedHold => ({ slug, holder: held(userId, daysAgo(days)) });

describe('slugState', () => {
  it('is free when nobody holds it, or it was released over 30 days ago', () => {
    expect(SLUG_HOLD_DAYS).toBe(SCHEMA_HOLD_DAYS);
    expect(slugState(null, 'me', now)).toBe('free');
    expect(slugState(held('other', daysAgo(31)), 'me', now)).toBe('free');
  });

  it('is mine when I hold it, in use or released', () => {
    expect(slugState(held('me'), 'me', now)).toBe('mine');
    expect(slugState(held('me', daysAgo(2)), 'me', now)).toBe('mine');
  });

  it('is taken while someone uses it, held for 30 days after she released it', () => {
    expect(slugState(held('other'), 'me', now)).toBe('taken');
    expect(slugState(held('other', daysAgo(1)), 'me', now)).toBe('held');
    expect(slugState(held('other', daysAgo(30)), 'me', now)).toBe('held');
  });

  it('never calls a slug mine for someone without an account', () => {
    expect(slugState(held(''), '', now)).toBe('taken');
  });
});

describe('slugHolderFrom', () => {
  it('reads userId, kind and releasedAt (a Timestamp) from a slug doc', () => {
    expect(slugHolderFrom(undefined)).toBeNull();
    expect(slugHolderFrom({ userId: 'a', kind: 'store', releasedAt: null })).toEqual({ userId: 'a', kind: 'store', releasedAt: null });
    const at = daysAgo(3);
    expect(slugHolderFrom({ userId: 'a', kind: 'therapist', releasedAt: { toDate: () => at } })?.releasedAt).toBe(at);
  });
});

describe('planSlugChange', () => {
  it('touches no slug when the slug is unchanged', () => {
    expect(planSlugChange(change({ next: 'old-slug', holds: [listed('a', 3), listed('b', 1)] }))).toEqual({
      taken: false,
      claim: null,
      release: null,
      free: [],
      holds: null,
    });
  });

  it('claims the new slug and keeps the old one as released and listed as held', () => {
    expect(planSlugChange(change({}))).toEqual({
      taken: false,
      claim: { slug: 'new-slug', userId: 'me', kind: 'therapist' },
      release: { slug: 'old-slug', userId: 'me', kind: 'therapist' },
      free: [],
      holds: ['old-slug'],
    });
  });

  it('says taken when someone else uses the new slug or released it within 30 days', () => {
    expect(planSlugChange(change({ nextHolder: held('other') }))).toEqual({ taken: true });
    expect(planSlugChange(change({ nextHolder: held('other', daysAgo(5)) }))).toEqual({ taken: true });
    expect(SLUG_TAKEN_MESSAGE).toContain('30 日間');
  });

  it('takes over a slug released over 30 days ago, and her own held slug', () => {
    expect(planSlugChange(change({ nextHolder: held('other', daysAgo(40)) }))).toMatchObject({ claim: { slug: 'new-slug', userId: 'me' } });
    expect(planSlugChange(change({ nextHolder: held('me', daysAgo(5)) }))).toMatchObject({ claim: { slug: 'new-slug', userId: 'me' } });
  });

  it('does not write a claim she already holds in use', () => {
    expect(planSlugChange(change({ nextHolder: held('me') }))).toMatchObject({ taken: false, claim: null });
  });

  it('releases only her own old slug doc', () => {
    expect(planSlugChange(change({ currentHolder: held('other') }))).toMatchObject({ release: null, holds: null });
    expect(planSlugChange(change({ currentHolder: null }))).toMatchObject({ release: null, holds: null });
    expect(planSlugChange(change({ current: '' }))).toMatchObject({ release: null, holds: null });
  });
});

describe('planSlugChange: at most two held slugs', () => {
  it('holds a second one beside the first, oldest first', () => {
    expect(planSlugChange(change({ holds: [listed('a', 10)] }))).toMatchObject({ free: [], holds: ['a', 'old-slug'] });
  });

  it('releases the oldest for real when a third would be held', () => {
    expect(planSlugChange(change({ holds: [listed('b', 2), listed('a', 20)] }))).toMatchObject({
      release: { slug: 'old-slug' },
      free: ['a'],
      holds: ['b', 'old-slug'],
    });
  });

  it('takes back a held slug without releasing another for real', () => {
    expect(
      planSlugChange(change({ next: 'a', nextHolder: held('me', daysAgo(20)), holds: [listed('a', 20), listed('b', 2)] })),
    ).toMatchObject({ claim: { slug: 'a' }, free: [], holds: ['b', 'old-slug'] });
  });

  it('drops holds that ended (over a day past 30 days), were taken by someone else or are gone, without deleting them', () => {
    const holds = [listed('ended', 32), listed('taken', 40, 'other'), { slug: 'gone', holder: null }, listed('b', 2)];
    expect(planSlugChange(change({ holds }))).toMatchObject({ free: [], holds: ['b', 'old-slug'] });
  });

  it('keeps a hold ending about now listed (the server may not see it ended yet), and frees it first', () => {
    expect(planSlugChange(change({ holds: [listed('ending', 30.5), listed('b', 2)] }))).toMatchObject({
      free: ['ending'],
      holds: ['b', 'old-slug'],
    });
  });

  it('writes no list when nothing is released and the list is as stored', () => {
    expect(planSlugChange(change({ currentHolder: null, holds: [listed('a', 3), listed('b', 1)] }))).toMatchObject({
      holds: null,
      free: [],
    });
  });

  it('for any stored list and rename: at most two listed, each hers and released, none freed that is listed, the oldest freed first', () => {
    const hold = fc.record({
      slug: fc.constantFrom('a', 'b', 'c', 'd', 'old-slug', 'new-slug'),
      days: fc.double({ min: 0, max: 60, noNaN: true }),
      mine: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uniqueArray(hold, { selector: (h) => h.slug, maxLength: 3 }), (stored) => {
        const holds = stored.map((h) => listed(h.slug, h.days, h.mine ? 'me' : 'other'));
        const plan = planSlugChange(change({ holds }));
        if (plan.taken) return;
        const list = plan.holds ?? holds.map((h) => h.slug);
        expect(list.length).toBeLessThanOrEqual(MAX_HELD_SLUGS);
        expect(list).toContain('old-slug');
        expect(list).not.toContain('new-slug');
        for (const slug of plan.free) expect(list).not.toContain(slug);
        const byId = new Map<string, (typeof stored)[number]>(stored.map((h) => [h.slug, h]));
        for (const slug of list.filter((each) => each !== 'old-slug')) {
          expect(byId.get(slug)).toMatchObject({ mine: true });
          expect(byId.get(slug)!.days).toBeLessThanOrEqual(31);
        }
        const releasedAt = new Map(holds.map((h) => [h.slug, h.holder?.releasedAt?.getTime() ?? 0]));
        for (const slug of plan.free) {
          for (const kept of list) if (kept !== 'old-slug') expect(releasedAt.get(slug)!).toBeLessThanOrEqual(releasedAt.get(kept)!);
        }
      }),
      { seed: 38, numRuns: 300 },
    );
  });
});
