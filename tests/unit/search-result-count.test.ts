import { describe, expect, it } from 'vitest';
import { countResults, resultCountText } from '../../src/components/search/result-count';

describe('resultCountText', () => {
  it('counts the diaries read, not the archive pages they came from, once every archive page is read', () => {
    // Two archive pages read, with 7 matching diaries between them, and 3 profiles: 10 results, not 5 pages.
    expect(resultCountText({ ready: 10, unread: 0, unreadArchivePages: 0, namesNotRead: 0 })).toBe('10件見つかりました。');
  });

  it('counts each unread profile or store page as one result', () => {
    expect(resultCountText({ ready: 20, unread: 35, unreadArchivePages: 0, namesNotRead: 0 })).toBe('55件見つかりました。');
  });

  it('says 以上 while archive pages are unread, counting none of their diaries', () => {
    expect(resultCountText({ ready: 20, unread: 35, unreadArchivePages: 5, namesNotRead: 0 })).toBe('50件以上見つかりました。');
  });

  it('does not count twice an exact name whose page may be among the unread ones', () => {
    expect(countResults({ ready: 21, unread: 4, unreadArchivePages: 0, namesNotRead: 1 })).toEqual({ count: 24, exact: false });
    expect(resultCountText({ ready: 21, unread: 4, unreadArchivePages: 0, namesNotRead: 1 })).toBe('24件以上見つかりました。');
  });

  it('is exact when an exact name missing from the pages read cannot be among the unread ones', () => {
    // Pagefind's word splitting missed the name, and only archive pages are left unread... those are never a name's page.
    expect(countResults({ ready: 3, unread: 0, unreadArchivePages: 0, namesNotRead: 1 })).toEqual({ count: 3, exact: true });
    expect(countResults({ ready: 3, unread: 2, unreadArchivePages: 2, namesNotRead: 1 })).toEqual({ count: 3, exact: false });
  });
});
