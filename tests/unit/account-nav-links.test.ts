import { describe, expect, it } from 'vitest';
import { accountMenuLinks } from '../../src/lib/auth/account-links';
import { safeAnnouncementLink } from '../../src/lib/announcements/link';

describe('accountMenuLinks', () => {
  it('sends a store account to /store-profile', () => {
    expect(accountMenuLinks('store')[0]).toEqual({ href: '/store-profile', label: 'プロフィール' });
  });
  it.each(['therapist', 'none', null] as const)('sends %s to /profile', (type) => {
    expect(accountMenuLinks(type)[0]!.href).toBe('/profile');
  });
  it('lists the menu in SPEC order', () => {
    expect(accountMenuLinks('therapist').map((link) => link.label)).toEqual(['プロフィール', 'スケジュール管理', '顧客管理', 'お気に入り']);
  });
});

describe('safeAnnouncementLink', () => {
  it.each(['/howto', 'https://example.com/x'])('keeps %s', (link) => {
    expect(safeAnnouncementLink(link)).toBe(link);
  });
  it.each(['', 'javascript:alert(1)', '//evil.example', 'http://example.com', '/\\evil'])('drops %j', (link) => {
    expect(safeAnnouncementLink(link)).toBeNull();
  });
});
