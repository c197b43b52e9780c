/**
 * A full-text search result as a card: avatar, name, kind, area, store and
 * current X, from the metadata each profile page gives Pagefind
 * (SearchMeta.astro), not an excerpt of page text, and a therapist's or
 * store's 推し button; a diary also shows the words around the match.
 */
import { SEARCH_KINDS, cleanResultUrl } from '../../lib/search-query';
import { favoriteLink, type FavoriteKind } from '../../islands/favorite-button/markup';
import { avatar, el, link } from './dom';
import type { PagefindResultData } from './pagefind';

const FAVORITE_KINDS: Partial<Record<string, FavoriteKind>> = {
  [SEARCH_KINDS.therapist]: 'therapist',
  [SEARCH_KINDS.store]: 'store',
};

export function resultCard(data: Pick<PagefindResultData, 'url' | 'meta'> & { excerpt?: string }): HTMLLIElement {
  const { meta } = data;
  const name = meta.title ?? '';
  const item = el('li', 'card flex min-w-0 items-center gap-3 p-3');
  item.dataset.testid = 'search-result';

  const text = el('div', 'grid min-w-0 gap-0.5');
  const heading = el('p', 'flex flex-wrap items-center gap-2');
  heading.append(link(cleanResultUrl(data.url), name || cleanResultUrl(data.url), 'text-link text-lg font-bold break-all'));
  if (meta.kind)
    heading.append(el('span', 'rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-800 dark:bg-gray-800 dark:text-gray-200', meta.kind));
  text.append(heading);

  const place = [meta.area, meta.store].filter(Boolean).join('・');
  if (place) text.append(el('p', 'text-sm text-gray-700 dark:text-gray-300', place));
  if (meta.x) text.append(el('p', 'font-mono text-sm text-gray-700 dark:text-gray-300', `X @${meta.x}`));
  // A diary (src/components/search/blog-results.ts): the words around the match.
  if (meta.kind === SEARCH_KINDS.blog && data.excerpt)
    text.append(el('p', 'line-clamp-2 text-sm text-gray-700 dark:text-gray-300', data.excerpt));

  item.append(avatar(name, meta.image, 'size-12', meta.illustration), text);
  const favoriteKind = meta.kind ? FAVORITE_KINDS[meta.kind] : undefined;
  if (favoriteKind && meta.uid) {
    const favorite = el('div', 'ml-auto');
    favorite.append(favoriteLink({ uid: meta.uid, kind: favoriteKind, name }, 'sm'));
    item.append(favorite);
  }
  return item;
}
