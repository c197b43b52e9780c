/**
 * The "N件" of a search. Pagefind counts pages, and a blog archive page in
 * the index stands for the diaries on it that match, none or many
 * (./blog-results.ts): until every archive page among the results has been
 * read, the diaries on the unread ones are unknown. Profiles and stores are
 * one result per page. So the count is exact once no archive page is left
 * unread, and a lower bound ("N件以上") until then.
 */

export interface ResultCount {
  /** Results read and ready to show: exact names, then the read pages expanded, without repeats. */
  ready: number;
  /** Pages found and not read yet. */
  unread: number;
  /** Of those, blog archive pages (Pagefind's count of the blog kind, less the ones read). */
  unreadArchivePages: number;
  /** Exact names (shown first) whose page was not among the pages read: it may be one of the unread ones. */
  namesNotRead: number;
}

/** How many results there are at least, and whether that is all of them. */
export function countResults({ ready, unread, unreadArchivePages, namesNotRead }: ResultCount): { count: number; exact: boolean } {
  const unreadProfiles = unread - unreadArchivePages;
  // An exact name shown first is left out of the list when its page comes up again: it may be counted twice.
  const doubtful = unreadProfiles > 0 ? Math.min(namesNotRead, unreadProfiles) : 0;
  return { count: ready + unreadProfiles - doubtful, exact: unreadArchivePages === 0 && doubtful === 0 };
}

/** The status line of a search that found something. */
export function resultCountText(counted: ResultCount): string {
  const { count, exact } = countResults(counted);
  return exact ? `${count}件見つかりました。` : `${count}件以上見つかりました。`;
}
