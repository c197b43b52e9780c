/**
 * Blogs in full-text search: the index holds the /blogs archive pages
 * (twenty diaries each, every diary once; 180,000 pages of their own would
 * not fit Pagefind's memory), and each diary is a section under its title's
 * heading (`#blog-{id}`, BlogCard.astro). A hit on an archive page becomes
 * one result per matching diary, linking to /blog/{id}.
 */
import { SEARCH_KINDS } from '../../lib/search-query';
import type { PagefindResultData } from './pagefind';
import { blogPath } from '../../lib/routes';

const BLOG_ANCHOR = /#blog-([A-Za-z0-9_-]{1,160})$/;

/** Markup-free text of a Pagefind excerpt (it marks the matched words with <mark>). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Whether a page found is a blog archive page (its results are the matching diaries on it). */
export function isBlogArchive(data: PagefindResultData): boolean {
  return data.meta.kind === SEARCH_KINDS.blog;
}

/** The result as the list shows it: itself, or, for a blog archive page, its matching diaries. */
export function expandBlogResults(data: PagefindResultData): PagefindResultData[] {
  if (!isBlogArchive(data)) return [data];
  return (data.sub_results ?? []).flatMap((section) => {
    const id = BLOG_ANCHOR.exec(section.url)?.[1];
    if (!id) return [];
    return [{ url: blogPath(id), excerpt: plainText(section.excerpt), meta: { kind: SEARCH_KINDS.blog, title: section.title } }];
  });
}
