import { describe, expect, it } from 'vitest';
import { planSlugChange, type SlugChange } from '../../src/lib/profile/slug-plan';

const base: SlugChange = {
  uid: 'alice',
  kind: 'therapist',
  current: 'miu',
  next: 'miu-new',
  nextOwner: null,
  currentOwner: { userId: 'alice', kind: 'therapist' },
};

describe('planSlugChange', () => {
  it('touches no slug when the slug is unchanged', () => {
    expect(planSlugChange({ ...base, next: 'miu', nextOwner: { userId: 'bob' } })).toEqual({ taken: false, reserve: null, release: null });
  });

  it('reserves the new slug for the uid and kind and releases the old one', () => {
    expect(planSlugChange(base)).toEqual({
      taken: false,
      reserve: { slug: 'miu-new', userId: 'alice', kind: 'therapist' },
      release: 'miu',
    });
    expect(planSlugChange({ ...base, kind: 'store' })).toMatchObject({ reserve: { kind: 'store' } });
  });

  it('says taken when someone else holds the new slug', () => {
    expect(planSlugChange({ ...base, nextOwner: { userId: 'bob', kind: 'store' } })).toEqual({ taken: true });
  });

  it('does not create a reservation the uid already holds', () => {
    expect(planSlugChange({ ...base, nextOwner: { userId: 'alice', kind: 'therapist' } })).toEqual({
      taken: false,
      reserve: null,
      release: 'miu',
    });
  });

  it('releases only its own old reservation', () => {
    expect(planSlugChange({ ...base, currentOwner: null })).toMatchObject({ release: null });
    expect(planSlugChange({ ...base, currentOwner: { userId: 'bob' } })).toMatchObject({ release: null });
    expect(planSlugChange({ ...base, current: '' })).toMatchObject({ release: null });
  });
});
