/**
 * Paging for feeds that grow every day (/blogs, /timeline): pages a new
 * item does not rewrite. The feed's top page shows the newest items;
 * archive pages are counted from the oldest (page 1 holds the oldest
 * `size`), so a new item changes the top page and the last archive page
 * only, and every older page keeps its URL and its bytes. Pure.
 */
/** Items on a feed's top page and on each archive page. */
export const FEED_PAGE_SIZE = 20;

export interface ArchivePage<T> {
  /** 1 = the oldest items. */
  page: number;
  /** Newest first, as shown. */
  items: T[];
}

export interface StableFeed<T> {
  /** The top page: the newest `size` items, newest first. */
  latest: T[];
  /** Archive pages, oldest page first: the newest `keep` of them. */
  archive: ArchivePage<T>[];
  /** How many archive pages the feed has, kept or not (the newest's number). */
  pages: number;
  /** The archive page to continue from below the top page (holding the newest item not on it), or null. */
  continueAt: number | null;
}

/**
 * The feed's pages, of its archive only the newest `keep` (at least 2, so
 * that `continueAt` is one of them): the older are not made at all.
 */
export function stableFeed<T>(oldestFirst: readonly T[], size: number, keep = Infinity): StableFeed<T> {
  if (keep < 2) throw new Error(`A feed keeps at least 2 archive pages (the top page continues on one of the newest two), not ${keep}.`);
  const pages = Math.ceil(oldestFirst.length / size);
  const archive: ArchivePage<T>[] = [];
  for (let page = Math.max(1, pages - keep + 1); page <= pages; page++) {
    archive.push({ page, items: oldestFirst.slice((page - 1) * size, page * size).reverse() });
  }
  const latest = oldestFirst.slice(-size).reverse();
  const firstHidden = oldestFirst.length - size - 1;
  return { latest, archive, pages, continueAt: firstHidden >= 0 ? Math.floor(firstHidden / size) + 1 : null };
}
