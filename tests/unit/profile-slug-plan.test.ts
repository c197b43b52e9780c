import { describe, expect, it } from 'vitest';
import { SLUG_HOLD_DAYS as SCHEMA_HOLD_DAYS } from '../../src/schema/slugs';
import { SLUG_HOLD_DAYS } from '../../src/lib/caps';
import {
  planSlugChange,
  SLUG_TAKEN_MESSAGE,
  slugHolderFrom,
  slugState,
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
  now,
  ...over,
});

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
    expect(planSlugChange(change({ next: 'old-slug' }))).toEqual({ taken: false, claim: null, release: null });
  });

  it('claims the new slug and keeps the old one as released (never deleted)', () => {
    expect(planSlugChange(change({}))).toEqual({
      taken: false,
      claim: { slug: 'new-slug', userId: 'me', kind: 'therapist' },
      release: { slug: 'old-slug', userId: 'me', kind: 'therapist' },
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
    expect(planSlugChange(change({ currentHolder: held('other') }))).toMatchObject({ release: null });
    expect(planSlugChange(change({ currentHolder: null }))).toMatchObject({ release: null });
    expect(planSlugChange(change({ current: '' }))).toMatchObject({ release: null });
  });
});
