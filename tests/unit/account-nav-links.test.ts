import { describe, expect, it } from 'vitest';
import { accountMenuLinks, drawerLinks, mayUsePage, type GuardedPage } from '../../src/lib/auth/account-links';

/** The path of each guarded page (src/pages). */
const GUARDED_PATHS: Record<GuardedPage, string> = {
  profile: '/profile',
  'store-profile': '/store-profile',
  schedule: '/schedule/manage',
  'blog-editor': '/blog-editor',
  notebook: '/customerManagement',
};
import { safeAnnouncementLink } from '../../src/lib/announcements/link';

describe('accountMenuLinks', () => {
  it.each([
    ['none', ['推し', 'お知らせ', '設定']],
    ['therapist', ['プロフィール', 'スケジュール管理', 'ブログ', '顧客管理', '設定']],
    ['store', ['店舗プロフィール', '在籍セラピストの出勤', 'メンバー', 'ブログ', '設定']],
  ] as const)('offers a %s account its own pages', (type, labels) => {
    expect(accountMenuLinks(type).map((link) => link.label)).toEqual(labels);
  });

  it('offers no page that the guard would refuse the same account', () => {
    for (const type of ['none', 'therapist', 'store'] as const) {
      for (const link of accountMenuLinks(type)) {
        const page = Object.entries(GUARDED_PATHS).find(([, path]) => link.href.split('#')[0] === path)?.[0] as GuardedPage | undefined;
        if (page) expect(mayUsePage(page, type), `${type} → ${link.href}`).toBe(true);
      }
    }
  });

  it('lists お知らせ once in the drawer, first', () => {
    for (const type of ['none', 'therapist', 'store', null] as const) {
      const labels = drawerLinks(type).map((link) => link.label);
      expect(labels[0]).toBe('お知らせ');
      expect(labels.filter((label) => label === 'お知らせ')).toHaveLength(1);
    }
  });
});

describe('mayUsePage', () => {
  it.each([
    ['profile', ['therapist']],
    ['store-profile', ['store']],
    ['schedule', ['therapist', 'store']],
    ['blog-editor', ['therapist', 'store']],
    ['notebook', ['therapist']],
  ] as const)('lets only %s use its page', (page, types) => {
    for (const type of ['none', 'therapist', 'store'] as const)
      expect(mayUsePage(page, type)).toBe((types as readonly string[]).includes(type));
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
