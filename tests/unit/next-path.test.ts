import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeNextPath } from '../../src/lib/auth/next-path';

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
