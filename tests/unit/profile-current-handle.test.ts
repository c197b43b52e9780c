import { describe, expect, it } from 'vitest';
import { currentHandleTakenMessage, planCurrentHandle, type CurrentHandleChange } from '../../src/lib/profile/current-handle';

const change = (over: Partial<CurrentHandleChange>): CurrentHandleChange => ({
  previous: 'old_me',
  next: 'new_me',
  previousHolder: 'mine',
  nextCurrentHolder: 'none',
  nextFormerHolder: 'none',
  ...over,
});

describe('planCurrentHandle', () => {
  it('does nothing while the handle is unchanged', () => {
    expect(planCurrentHandle(change({ next: 'old_me' }))).toEqual({ taken: false, release: null, claim: null });
  });

  it('releases her old reservation and reserves the new handle', () => {
    expect(planCurrentHandle(change({}))).toEqual({ taken: false, release: 'x_old_me', claim: 'x_new_me' });
  });

  it('releases nothing that is not hers and claims nothing she holds', () => {
    expect(planCurrentHandle(change({ previousHolder: 'none' }))).toMatchObject({ release: null, claim: 'x_new_me' });
    expect(planCurrentHandle(change({ previousHolder: 'other' }))).toMatchObject({ release: null });
    expect(planCurrentHandle(change({ nextCurrentHolder: 'mine' }))).toMatchObject({ claim: null });
  });

  it('handles adding and removing the handle', () => {
    expect(planCurrentHandle(change({ previous: undefined }))).toEqual({ taken: false, release: null, claim: 'x_new_me' });
    expect(planCurrentHandle(change({ next: undefined }))).toEqual({ taken: false, release: 'x_old_me', claim: null });
  });

  it('refuses someone else’s current handle, and someone else’s former one (unreadable counts as someone else’s)', () => {
    expect(planCurrentHandle(change({ nextCurrentHolder: 'other' }))).toEqual({ taken: true, kind: 'current' });
    expect(planCurrentHandle(change({ nextFormerHolder: 'other' }))).toEqual({ taken: true, kind: 'former' });
    expect(planCurrentHandle(change({ nextFormerHolder: 'hidden' }))).toEqual({ taken: true, kind: 'former' });
    expect(planCurrentHandle(change({ nextCurrentHolder: 'hidden' }))).toEqual({ taken: true, kind: 'current' });
  });

  it('allows her own former handle as her current one', () => {
    expect(planCurrentHandle(change({ nextFormerHolder: 'mine' }))).toMatchObject({ taken: false, claim: 'x_new_me' });
  });
});

describe('currentHandleTakenMessage', () => {
  it('names the handle and the dispute path', () => {
    const message = currentHandleTakenMessage('miu', 'current');
    expect(message).toContain('@miu');
    expect(message).toContain('申し立てる');
  });
});
