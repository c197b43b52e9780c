import {
  SEARCH_KINDS,
  cleanResultUrl,
  countedFilters,
  pagefindFilters,
  parseSearchQuery,
  searchQueryString,
  searchTerm,
  type SearchQuery,
} from '../../lib/search-query';
import { parseHandleQuery } from '../../lib/search/handle-query';
import { lookUpName, nameShardUrl, type NameEntry } from '../../lib/search/name-index';
import { rankResults } from '../../lib/search/rank';
import { expandBlogResults, isBlogArchive } from './blog-results';
import { answerCard, completionList, findHandle, notRegistered } from './handle-answer';
import { loadPagefind, type PagefindResult, type PagefindResultData } from './pagefind';
import { resultCard } from './result-card';
import { resultCountText } from './result-count';
import { fetchShardFile } from './shard-file';

/** Results shown at a time; each one is a separate fetch of its fragment. */
const BATCH_SIZE = 20;
/** The first results are re-ordered so an exact name or store comes first. */
const RERANK_WINDOW = 40;
/** Pause after typing before searching as you type. */
const TYPING_DELAY_MS = 300;

function required<T extends Element>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`検索ページの要素がありません: ${selector}`);
  return element;
}

/** Wires the /search form to Pagefind and keeps the URL in step with it. */
export function initSearchPage(root: HTMLElement): void {
  const form = required<HTMLFormElement>(root, 'form');
  const status = required<HTMLElement>(root, '[data-search-status]');
  const hint = required<HTMLElement>(root, '[data-search-hint]');
  const list = required<HTMLOListElement>(root, '[data-search-results]');
  const answer = required<HTMLElement>(root, '[data-handle-answer]');
  const more = required<HTMLButtonElement>(root, '[data-search-more]');
  const field = (name: keyof SearchQuery) => required<HTMLInputElement | HTMLSelectElement>(form, `[name="${name}"]`);

  let run = 0;
  let pending: PagefindResult[] = [];
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const readForm = () => parseSearchQuery(new URLSearchParams([...new FormData(form)].map(([key, value]) => [key, String(value)])));

  function fillForm(query: SearchQuery) {
    required<HTMLDetailsElement>(form, '[data-search-filters]').open = Boolean(query.area || query.store || query.kind);
    for (const name of ['q', 'area', 'store', 'kind'] as const) {
      const input = field(name);
      input.value = query[name];
      // A value missing from the select (e.g. a store no longer listed) falls back to すべて.
      if (input.value !== query[name]) input.value = '';
    }
  }

  function setStatus(text: string, hintText = '') {
    status.textContent = text;
    hint.textContent = hintText;
    hint.hidden = !hintText;
  }

  function setNotFound() {
    setStatus(
      '該当するセラピスト・店舗・ブログは見つかりませんでした。',
      'ユーザー名は @ の有無や大文字・小文字を問わず探せます。綴りを確かめるか、エリア・店舗・種別を「すべて」に戻してお試しください。',
    );
  }

  let ranked: Pick<PagefindResultData, 'url' | 'meta'>[] = [];

  /** Pages named exactly like the query (the name index), shown first. */
  let exactUrls = new Set<string>();

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
    setStatus(
      resultCountText({
        ready: list.childElementCount + ranked.length,
        unread: pending.length,
        unreadArchivePages: tally.archivePagesUnread,
        namesNotRead: tally.namesNotRead.size,
      }),
    );
  }

  /**
   * Reads the first pages found, re-ranks them under the exact names and
   * shows the first; `archivePages` is Pagefind's count of blog archive pages among them.
   */
  async function showFirst(thisRun: number, q: string, exact: NameEntry[], archivePages: number) {
    exactUrls = new Set(exact.map((entry) => entry.url));
    tally = { archivePagesUnread: archivePages, namesNotRead: new Set(exactUrls) };
    const items: PagefindResultData[] = [];
    // An archive page may hold no matching diary: read on until there is something to show, or nothing left.
    do {
      items.push(...(await read(pending.splice(0, RERANK_WINDOW))));
      if (thisRun !== run) return;
    } while (exact.length === 0 && items.length === 0 && pending.length > 0);
    ranked = [
      ...exact,
      ...rankResults(q, items, (data) => ({ title: data.meta.title ?? '', writing: data.meta.kind === SEARCH_KINDS.blog })).filter(
        (data) => !exactUrls.has(cleanResultUrl(data.url)),
      ),
    ];
    if (ranked.length === 0) return setNotFound();
    await showMore(thisRun);
  }

  async function showMore(thisRun: number) {
    const fromRanked = ranked.splice(0, BATCH_SIZE);
    const fetched = await read(pending.splice(0, BATCH_SIZE - fromRanked.length));
    if (thisRun !== run) return;
    for (const data of [...fromRanked, ...fetched.filter((data) => !exactUrls.has(cleanResultUrl(data.url)))])
      list.append(resultCard(data));
    more.hidden = ranked.length === 0 && pending.length === 0;
    sayCount();
  }

  async function search(query: SearchQuery) {
    const thisRun = ++run;
    history.replaceState(null, '', `${location.pathname}${searchQueryString(query)}`);
    const term = searchTerm(query.q);
    const filters = pagefindFilters(query);
    list.replaceChildren();
    answer.replaceChildren();
    more.hidden = true;
    if (term === null && Object.keys(filters).length === 0) {
      setStatus('');
      return;
    }
    if (await answerHandle(query.q, thisRun)) return;

    setStatus('検索しています…');
    list.setAttribute('aria-busy', 'true');
    try {
      const [pagefind, exact] = await Promise.all([loadPagefind(), term ? findName(term, filters) : []]);
      const found = await pagefind.search(term, { filters: countedFilters(filters) });
      if (thisRun !== run || !found) return; // superseded by a newer search
      pending = [...found.results];
      if (pending.length === 0 && exact.length === 0) {
        setNotFound();
        return;
      }
      // An exact name is shown even when Pagefind's word splitting missed it.
      await showFirst(thisRun, term ?? '', exact, found.filters?.kind?.[SEARCH_KINDS.blog] ?? 0);
    } catch {
      if (thisRun !== run) return;
      setStatus(
        '検索機能を読み込めませんでした。',
        '通信状況を確認して、ページを再読み込みしてください。凍結アカウント一覧や店舗一覧からも探せます。',
      );
    } finally {
      if (thisRun === run) list.removeAttribute('aria-busy');
    }
  }

  /** Pages named exactly `term` (a failed fetch only loses the boost, not the search). */
  async function findName(term: string, filters: Record<string, string>): Promise<NameEntry[]> {
    try {
      return lookUpName(await fetchShardFile<NameEntry>(nameShardUrl(term)), term, filters);
    } catch {
      return [];
    }
  }

  /**
   * Answers a handle-shaped query from the exact handle index. True when
   * that is the whole answer (a hit, or an @handle / URL nobody registered);
   * false when full-text search should run (a plain word that is no
   * registered handle, or the index could not be read).
   */
  async function answerHandle(q: string, thisRun: number): Promise<boolean> {
    const query = parseHandleQuery(q);
    if (!query) return false;
    setStatus('検索しています…');
    let found: Awaited<ReturnType<typeof findHandle>>;
    try {
      found = await findHandle(query.handle);
    } catch {
      return false;
    }
    if (thisRun !== run) return true;
    if (found.exact.length) {
      setStatus(`@${query.handle} が見つかりました。`);
      answer.append(...found.exact.map(answerCard));
      return true;
    }
    if (query.certainty === 'bare') {
      if (found.completions.length) answer.append(completionList(found.completions, '登録済みのユーザー名：'));
      return false;
    }
    setStatus('');
    answer.append(notRegistered(query.handle, found.completions));
    return true;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typingTimer);
    void search(readForm());
  });
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement) void search(readForm());
  });
  field('q').addEventListener('input', () => {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => void search(readForm()), TYPING_DELAY_MS);
  });
  // Start fetching the full-text index once someone types something that is
  // not a handle (a handle is answered from one small shard, without it).
  field('q').addEventListener('input', () => {
    if (!parseHandleQuery(field('q').value)) void loadPagefind().catch(() => undefined);
  });
  more.addEventListener('click', () => void showMore(run));

  const initial = parseSearchQuery(new URLSearchParams(location.search));
  fillForm(initial);
  void search(initial);
}
