/**
 * A diary's neighbours among its author's: the pages' 前の記事 / 次の記事
 * links (src/data/blogs.ts) and the pages a diary's change touches
 * (src/registry/public-collections.ts) both ask. Pure.
 */

/**
 * Her blogs just before (older) and just after (newer) `blog`, found by id
 * in `byAuthor` (each author's blogs, newest first): the record may come
 * from another copy of the export.
 */
export function blogNeighbours<B extends { id: string }>(
  byAuthor: ReadonlyMap<string, readonly B[]>,
  blog: { id: string; userId: string },
): { previous?: B; next?: B } {
  const hers = byAuthor.get(blog.userId) ?? [];
  const at = hers.findIndex((other) => other.id === blog.id);
  return at < 0 ? {} : { previous: hers[at + 1], next: hers[at - 1] };
}
