/**
 * The full-text index is written in parts, one Pagefind bundle each, so no
 * one Pagefind process holds every searchable page's words at once: at
 * 10,000 therapists the whole index peaked at 1.5 GB while it was written,
 * the directory's part at 1.0 GB and the diaries' at 0.8 GB, each written
 * and freed in turn (docs/decisions/full-text-index-parts.md). /search loads the first part's
 * pagefind.js and merges the others into it (Pagefind's mergeIndex). Which
 * page goes in which part: `searchPartOf` (src/data/site-pages.ts).
 */
export const SEARCH_PARTS = ['directory', 'blogs'] as const;
export type SearchPart = (typeof SEARCH_PARTS)[number];

/** Where the index lives in the site, one folder (the primary part's bundle, the others inside it). */
export const SEARCH_INDEX_DIR = 'pagefind';

/** A part's bundle inside the index folder: the primary part is the folder itself. */
export function searchPartFolder(part: SearchPart): string {
  return part === SEARCH_PARTS[0] ? '' : part;
}

/** The URL path of a part's bundle (`/pagefind/`, `/pagefind/blogs/`), as mergeIndex takes it. */
export function searchPartPath(part: SearchPart): string {
  const folder = searchPartFolder(part);
  return folder ? `/${SEARCH_INDEX_DIR}/${folder}/` : `/${SEARCH_INDEX_DIR}/`;
}
