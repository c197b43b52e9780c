import {
  SEARCH_KINDS,
  countedFilters,
  pagefindFilters,
  parseSearchQuery,
  searchQueryString,
  searchTerm,
  type SearchQuery,
} from '../../lib/search-query';
import { parseHandleQuery } from '../../lib/search/handle-query';
import { lookUpName, nameShardUrl, type NameEntry } from '../../lib/search/name-index';
import { answerCard, completionList, findHandle, notRegistered } from './handle-answer';
import { nameGroupHeader } from './name-group';
import { loadPagefind } from './pagefind';
import { resultStream } from './result-stream';
import { fetchShardFile } from '../../lib/search/shard-file';

/** Pause after typing before searching as you type. */
const TYPING_DELAY_MS = 300;

function required<T extends Element>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`検索ページの要素がありません: ${selector}`);
  return element;
}

/** Pages named exactly `term` (a failed fetch only loses the name group, not the search). */
async function findName(term: string, filters: Record<string, string>): Promise<NameEntry[]> {
  try {
    return lookUpName(await fetchShardFile<NameEntry>(nameShardUrl(term)), term, filters);
  } catch {
    return [];
  }
}

/** The search form: reading it, filling it from the URL, and its fields. */
function searchForm(form: HTMLFormElement) {
  const field = (name: keyof SearchQuery) => required<HTMLInputElement | HTMLSelectElement>(form, `[name="${name}"]`);
  return {
    element: form,
    field,
    read: () => parseSearchQuery(new URLSearchParams([...new FormData(form)].map(([key, value]) => [key, String(value)]))),
    fill(query: SearchQuery) {
      required<HTMLDetailsElement>(form, '[data-search-filters]').open = Boolean(query.area || query.store || query.kind);
      for (const name of ['q', 'area', 'store', 'kind'] as const) {
        const input = field(name);
        input.value = query[name];
        // A value missing from the select (e.g. a store no longer listed) falls back to すべて.
        if (input.value !== query[name]) input.value = '';
      }
    },
  };
}

/** The status line and the hint under it. */
function statusLine(root: HTMLElement) {
  const status = required<HTMLElement>(root, '[data-search-status]');
  const hint = required<HTMLElement>(root, '[data-search-hint]');
  const say = (text: string, hintText = '') => {
    status.textContent = text;
    hint.textContent = hintText;
    hint.hidden = !hintText;
  };
  return {
    say,
    notFound: () =>
      say(
        '該当するセラピスト・店舗・ブログは見つかりませんでした。',
        'ユーザー名は @ の有無や大文字・小文字を問わず探せます。綴りを確かめるか、エリア・店舗・種別を「すべて」に戻してお試しください。',
      ),
    failed: () =>
      say(
        '検索機能を読み込めませんでした。',
        '通信状況を確認して、ページを再読み込みしてください。凍結アカウント一覧や店舗一覧からも探せます。',
      ),
  };
}

/**
 * Answers a handle-shaped query from the exact handle index into `answer`.
 * True when that is the whole answer (a hit, or an @handle / URL nobody
 * registered); false when full-text search should run (a plain word that is
 * no registered handle, or the index could not be read).
 */
async function answerHandle(q: string, answer: HTMLElement, say: (text: string) => void, current: () => boolean): Promise<boolean> {
  const query = parseHandleQuery(q);
  if (!query) return false;
  say('検索しています…');
  let found: Awaited<ReturnType<typeof findHandle>>;
  try {
    found = await findHandle(query.handle);
  } catch {
    return false;
  }
  if (!current()) return true;
  if (found.exact.length) {
    say(`@${query.handle} が見つかりました。`);
    answer.append(...found.exact.map(answerCard));
    return true;
  }
  if (query.certainty === 'bare') {
    if (found.completions.length) answer.append(completionList(found.completions, '登録済みのユーザー名：'));
    return false;
  }
  say('');
  answer.append(notRegistered(query.handle, found.completions));
  return true;
}

/** Wires the /search form to Pagefind and the name and handle indexes, and keeps the URL in step with it. */
export function initSearchPage(root: HTMLElement): void {
  const form = searchForm(required<HTMLFormElement>(root, 'form'));
  const status = statusLine(root);
  const list = required<HTMLOListElement>(root, '[data-search-results]');
  const answer = required<HTMLElement>(root, '[data-handle-answer]');
  const more = required<HTMLButtonElement>(root, '[data-search-more]');
  const results = resultStream(list, more, (text) => status.say(text));
  let run = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  /** The chips narrow by the form's own area filter; focus stays on the chip pressed. */
  function chooseArea(area: string) {
    form.field('area').value = area;
    void search(form.read()).then(() => {
      const pressed = answer.querySelector<HTMLButtonElement>('[data-testid="name-group"] [aria-pressed="true"]');
      pressed?.focus();
    });
  }

  async function search(query: SearchQuery) {
    const thisRun = ++run;
    const current = () => thisRun === run;
    history.replaceState(null, '', `${location.pathname}${searchQueryString(query)}`);
    const term = searchTerm(query.q);
    const filters = pagefindFilters(query);
    results.clear();
    answer.replaceChildren();
    if (term === null && Object.keys(filters).length === 0) return status.say('');
    if (await answerHandle(query.q, answer, status.say, current)) return;

    status.say('検索しています…');
    list.setAttribute('aria-busy', 'true');
    try {
      // The name group is looked up in every area: its header counts them all and offers each area as a chip.
      const { area, ...allAreas } = filters;
      const [pagefind, named] = await Promise.all([loadPagefind(), term ? findName(term, allAreas) : []]);
      const found = await pagefind.search(term, { filters: countedFilters(filters) });
      if (!current() || !found) return; // superseded by a newer search
      const exact = area ? named.filter((entry) => entry.filters.area === area) : named;
      const header = nameGroupHeader(
        named.filter((entry) => entry.therapist),
        query.area,
        chooseArea,
      );
      if (header) answer.append(header);
      // An exact name is shown even when Pagefind's word splitting missed it.
      const blogPages = found.filters?.kind?.[SEARCH_KINDS.blog] ?? 0;
      if (!(await results.start(found.results, term ?? '', exact, blogPages, current)) && current()) status.notFound();
    } catch {
      if (current()) status.failed();
    } finally {
      if (current()) list.removeAttribute('aria-busy');
    }
  }

  form.element.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typingTimer);
    void search(form.read());
  });
  form.element.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement) void search(form.read());
  });
  const q = form.field('q');
  q.addEventListener('input', () => {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => void search(form.read()), TYPING_DELAY_MS);
  });
  // Start fetching the full-text index once someone types something that is
  // not a handle (a handle is answered from one small shard, without it).
  q.addEventListener('input', () => {
    if (!parseHandleQuery(q.value)) void loadPagefind().catch(() => undefined);
  });
  more.addEventListener('click', () => {
    const thisRun = run;
    void results.showMore(() => thisRun === run);
  });

  const initial = parseSearchQuery(new URLSearchParams(location.search));
  form.fill(initial);
  void search(initial);
}
