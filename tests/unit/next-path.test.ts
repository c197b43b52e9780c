import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginUrlFor, safeNextPath } from '../../src/lib/auth/next-path';

describe('safeNextPath', () => {
  it.each([
    ['/announcements', '/announcements'],
    ['/schedule/manage?week=2026-11-23', '/schedule/manage?week=2026-11-23'],
    ['/profile#avatar', '/profile#avatar'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'announcements',
    '//evil.example/phish',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%0a//evil.example'.replace('%0a', '\n'),
    '\t//evil.example',
    '/login',
    '/register?next=/x',
  ])('sends %j home instead', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('builds the /login URL that returns to a page', () => {
    expect(loginUrlFor('/schedule/manage?week=1')).toBe('/login?next=%2Fschedule%2Fmanage%3Fweek%3D1');
  });
});

describe('afterSignInPath', () => {
  it('sends a fan account (no profile) to her 推し list when no next is given', () => {
    expect(afterSignInPath(null, 'none')).toBe('/favorites');
    expect(afterSignInPath('', 'none')).toBe('/favorites');
  });

  it.each(['therapist', 'store', null] as const)('sends a %s account home when no next is given', (accountType) => {
    expect(afterSignInPath(null, accountType)).toBe('/');
  });

  it('follows a given same-site next for every account, a fan too', () => {
    expect(afterSignInPath('/announcements', 'none')).toBe('/announcements');
    expect(afterSignInPath('/', 'none')).toBe('/');
    expect(afterSignInPath('/profile', 'therapist')).toBe('/profile');
  });

  it('sends a next that leaves the site home, not to the list', () => {
    expect(afterSignInPath('//evil.example/phish', 'none')).toBe('/');
    expect(afterSignInPath('https://evil.example/', 'therapist')).toBe('/');
  });
});
