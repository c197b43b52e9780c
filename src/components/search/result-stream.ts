/**
 * The result list of one full-text search on /search: the exact name group
 * first (ranked, src/lib/search/name-rank.ts), then the pages Pagefind
 * found, read a batch at a time behind 「さらに表示」, and the count line
 * (./result-count.ts) kept true while they are read.
 */
import { SEARCH_KINDS, cleanResultUrl } from '../../lib/search-query';
import type { NameEntry } from '../../lib/search/name-index';
import { orderNameSearch, workDays } from '../../lib/search/name-rank';
import { tokyoDateKey } from '../../lib/tokyo-date';
import { expandBlogResults, isBlogArchive } from './blog-results';
import type { PagefindResult, PagefindResultData } from './pagefind';
import { resultCard, type CardNote } from './result-card';
import { resultCountText } from './result-count';

/** Results shown at a time; each one is a separate fetch of its fragment. */
const BATCH_SIZE = 20;
/** The first results are re-ordered so an exact name or store comes first. */
const RERANK_WINDOW = 40;

type Shown = Pick<PagefindResultData, 'url' | 'meta'> & { excerpt?: string };

export interface ResultStream {
  /** Shows the first results of a search; false when there is nothing to show. */
  start(found: PagefindResult[], q: string, exact: NameEntry[], archivePages: number, current: () => boolean): Promise<boolean>;
  /** Shows the next batch (「さらに表示」). */
  showMore(current: () => boolean): Promise<void>;
  /** Empties the list for a new search. */
  clear(): void;
}

/** 本日出勤 / 今週出勤 on a card of the name group, from the shift days the name index carries. */
function workNote(entry: NameEntry, today: string): CardNote | undefined {
  const work = workDays(entry.facts, today);
  if (work.today) return { text: '本日出勤', tone: 'solid-brand' };
  return work.week ? { text: '今週出勤', tone: 'brand' } : undefined;
}

export function resultStream(list: HTMLOListElement, more: HTMLButtonElement, say: (text: string) => void): ResultStream {
  let pending: PagefindResult[] = [];
  let ranked: Shown[] = [];
  /** Pages named exactly like the query (the name index), shown first. */
  let exactUrls = new Set<string>();
  let notes = new Map<string, CardNote>();
  /** What the count needs that the list does not show (./result-count.ts), one per search. */
  let tally = {
    /** Blog archive pages among the pages found that are not read yet. */
    archivePagesUnread: 0,
    /** Exact names whose page has not come up among the pages read. */
    namesNotRead: new Set<string>(),
  };

  /** Reads pages found: their results, and what the count learns from them. */
  async function read(results: PagefindResult[]): Promise<PagefindResultData[]> {
    // The search's own tally: a newer search may have begun by the time the pages are in.
    const counting = tally;
    const pages = await Promise.all(results.map((result) => result.data()));
    counting.archivePagesUnread = Math.max(0, counting.archivePagesUnread - pages.filter(isBlogArchive).length);
    const items = pages.flatMap(expandBlogResults);
    for (const data of items) counting.namesNotRead.delete(cleanResultUrl(data.url));
    return items;
  }

  /** Says how many results there are, or at least (until every archive page found is read). */
  function sayCount() {
    say(
      resultCountText({
        ready: list.childElementCount + ranked.length,
        unread: pending.length,
        unreadArchivePages: tally.archivePagesUnread,
        namesNotRead: tally.namesNotRead.size,
      }),
    );
  }

  async function showMore(current: () => boolean) {
    const fromRanked = ranked.splice(0, BATCH_SIZE);
    const fetched = await read(pending.splice(0, BATCH_SIZE - fromRanked.length));
    if (!current()) return;
    for (const data of [...fromRanked, ...fetched.filter((data) => !exactUrls.has(cleanResultUrl(data.url)))])
      list.append(resultCard(data, notes.get(data.url)));
    more.hidden = ranked.length === 0 && pending.length === 0;
    sayCount();
  }

  /**
   * Reads the first pages found, orders them under the exact name group and
   * shows the first; `archivePages` is Pagefind's count of blog archive pages among them.
   */
  async function start(found: PagefindResult[], q: string, exact: NameEntry[], archivePages: number, current: () => boolean) {
    pending = [...found];
    exactUrls = new Set(exact.map((entry) => entry.url));
    tally = { archivePagesUnread: archivePages, namesNotRead: new Set(exactUrls) };
    const today = tokyoDateKey();
    notes = new Map(
      exact.flatMap((entry) => {
        const note = workNote(entry, today);
        return note ? [[entry.url, note] as const] : [];
      }),
    );
    const items: PagefindResultData[] = [];
    // An archive page may hold no matching diary: read on until there is something to show, or nothing left.
    do {
      items.push(...(await read(pending.splice(0, RERANK_WINDOW))));
      if (!current()) return true;
    } while (exact.length === 0 && items.length === 0 && pending.length > 0);
    ranked = orderNameSearch(
      q,
      exact,
      items,
      (data) => ({ url: cleanResultUrl(data.url), title: data.meta.title ?? '', writing: data.meta.kind === SEARCH_KINDS.blog }),
      today,
    );
    if (ranked.length === 0) return false;
    await showMore(current);
    return true;
  }

  return {
    start,
    showMore,
    clear() {
      list.replaceChildren();
      more.hidden = true;
      ranked = [];
      pending = [];
    },
  };
}
