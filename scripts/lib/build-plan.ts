/**
 * What a build does, decided before anything is written, as Hugo does it:
 * a full build is an incremental build in which everything changed. Given
 * the site's URLs, the previous build (none when nothing of it can be
 * reused: no state, another renderer, `--full`, another folder in its place)
 * and the URLs the export's change affects (null: all of them, as on a new
 * Tokyo day), the plan names the pages to render, the pages to remove and
 * the records it starts from. Its `from` is the one thing the execution
 * (scripts/build-site.ts) reads of where the plan came from: the new
 * generation starts `empty` (every page written afresh, the search index
 * written as the pages come) or as a copy of the `live` one (only the
 * rendered pages compared and rewritten, the index updated afterwards).
 */
import { HashSets, SitePages, type PageRecord, type SiteState } from './site-state';

/** The parts of the previous build a plan reuses. */
export type PreviousBuild = Pick<SiteState, 'pages' | 'hashSets' | 'sitemapFiles'>;

export interface BuildPlan {
  from: 'empty' | 'live';
  /** URLs to render, in the listing's order. */
  render: string[];
  /** Pages the previous build had and the site no longer lists. */
  remove: [url: string, record: PageRecord][];
  /** The page records the build starts from (a fork: the previous build's stay as they are). */
  pages: SitePages;
  hashSets: HashSets;
  /** The sitemap files the previous build wrote. */
  sitemapFiles: string[];
}

/** Nothing to reuse: every page is new. */
const NOTHING: PreviousBuild = { pages: new SitePages(), hashSets: [], sitemapFiles: [] };

export function planBuild(urls: readonly string[], previous: PreviousBuild | undefined, affected: ReadonlySet<string> | null): BuildPlan {
  const base = previous ?? NOTHING;
  const listed = new Set(urls);
  return {
    from: previous ? 'live' : 'empty',
    render: urls.filter((url) => !affected || affected.has(url) || !base.pages.get(url)),
    remove: [...base.pages.entries()].filter(([url]) => !listed.has(url)),
    pages: base.pages.fork(),
    hashSets: new HashSets(base.hashSets),
    sitemapFiles: base.sitemapFiles,
  };
}
