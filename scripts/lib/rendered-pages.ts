/**
 * What a build does with each page the renderer answers: writes its file
 * into the new generation (./generation-writer.ts) or notes why it cannot
 * go in, keeps its record in the plan's pages, and notes what the sitemap
 * and the full-text index must follow. The same for every build: a page
 * the previous build had is compared with its record.
 */
import type { Rendered } from '../renderer/protocol';
import type { BuildPlan } from './build-plan';
import type { GenerationWriter } from './generation-writer';
import { pageRecord, renderFailure } from './page-results';
import type { PageOutcome } from './render-plan';
import { fileBytes, siteFileOf } from './site-files';

export class RenderedPages {
  /** Files whose bytes changed. */
  written = 0;
  /** Whether a searchable page was written or removed (an incremental build then asks for a new index). */
  searchChanged = false;
  /** Whether the set of sitemap pages changed (the sitemap lists their URLs, sorted, no dates); always in an empty generation. */
  sitemapMoved: boolean;
  /** A generation copied from the live one: the sitemap pages' files added and removed. */
  readonly sitemapChanges = { added: [] as string[], removed: [] as string[] };
  /** Pages that failed to render: the build goes on rendering the others, then stops before the swap. */
  readonly failures = new Map<string, string>();

  constructor(
    private readonly plan: BuildPlan,
    private readonly writer: GenerationWriter,
    private readonly siteUrl: string,
  ) {
    this.sitemapMoved = plan.from === 'empty';
  }

  /** Takes one rendered page in (./render-plan.ts calls it for each). */
  readonly handle = async (result: Rendered): Promise<PageOutcome> => {
    const { pages, hashSets } = this.plan;
    const failure = result.file === undefined ? renderFailure(result, this.siteUrl) : null;
    if (failure) {
      this.failures.set(result.url, failure);
      return { file: '' };
    }
    const answer = result.file === undefined ? fileBytes(result, this.siteUrl)! : { file: result.file };
    const file = siteFileOf(result.url, result.kind);
    const previous = pages.get(result.url);
    if (previous && previous.file !== file) await this.writer.remove(previous.file);
    const { record, text } = pageRecord(file, result, answer, hashSets);
    // An empty generation's sitemap is made from every page (sitemapMoved from the start): its changes are not listed,
    // which would hold a file name per page of a full build to its end (3.0 MB of the main thread's live heap at 10,000
    // therapists, 85,045 pages).
    if (this.plan.from === 'live' && (record.sitemap !== previous?.sitemap || (record.sitemap && record.file !== previous?.file))) {
      this.sitemapMoved = true;
      if (previous?.sitemap) this.sitemapChanges.removed.push(previous.file);
      if (record.sitemap) this.sitemapChanges.added.push(record.file);
    }
    if (await this.writer.write(file, answer)) {
      this.written++;
      if (record.search || previous?.search) this.searchChanged = true;
    }
    pages.set(result.url, record);
    return { file, searchText: record.search ? text : undefined };
  };

  /** Removes the files of the pages the site no longer lists (the plan's `remove`). */
  async removeUnlisted(): Promise<void> {
    for (const [url, record] of this.plan.remove) {
      await this.writer.remove(record.file);
      if (record.search) this.searchChanged = true;
      if (record.sitemap) {
        this.sitemapMoved = true;
        this.sitemapChanges.removed.push(record.file);
      }
      this.plan.pages.delete(url);
    }
  }
}
