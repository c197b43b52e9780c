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
  /** Archive pages, oldest page first. */
  archive: ArchivePage<T>[];
  /** The archive page to continue from below the top page (holding the newest item not on it), or null. */
  continueAt: number | null;
}

export function stableFeed<T>(oldestFirst: readonly T[], size: number): StableFeed<T> {
  const archive: ArchivePage<T>[] = [];
  for (let start = 0; start < oldestFirst.length; start += size) {
    archive.push({ page: archive.length + 1, items: oldestFirst.slice(start, start + size).reverse() });
  }
  const latest = oldestFirst.slice(-size).reverse();
  const firstHidden = oldestFirst.length - size - 1;
  return { latest, archive, continueAt: firstHidden >= 0 ? Math.floor(firstHidden / size) + 1 : null };
}
