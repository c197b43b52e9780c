/**
 * When the publisher (scripts/publisher.ts) deploys what: a build's pages
 * at once, the full-text index at most every INDEX_DEPLOY_EVERY_MS. A bio
 * edit changes two pages but one index chunk per word it adds or drops
 * (about 25 KB each at 10,000 profiles), so each save sending its index
 * made the deploy grow with the words, not the pages; the index folder
 * is sent whole when its turn comes (docs/decisions/index-deploys.md).
 * Deploys run one at a time, in the order asked; a failed one is tried
 * again, index included, after `retryMs`.
 */

/** The longest the live full-text index lags behind the live pages, when saves keep coming. */
export const INDEX_DEPLOY_EVERY_MS = 5 * 60_000;
/** A deploy that failed is tried again this soon, even if nothing changes meanwhile. */
export const DEPLOY_RETRY_MS = 60_000;

/**
 * One deploy cycle: the pages, and the index unless held; of the pages,
 * only `changedPaths` when given (else the site is walked). Throws when it
 * fails (the live site is then as it was).
 */
export type Deploy = (options: { holdSearchIndex: boolean; changedPaths?: ReadonlySet<string> }) => Promise<void>;

export class DeploySchedule {
  readonly #deploy: Deploy;
  readonly #everyMs: number;
  readonly #retryMs: number;
  #queue: Promise<void> = Promise.resolve();
  /** When the last deploy that sent the index started. */
  #lastIndexDeploy = Number.NEGATIVE_INFINITY;
  #indexTimer: NodeJS.Timeout | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  /**
   * What the builds changed since the last deploy started; null when that is
   * not known (at start, after a full build or a failed deploy): the next
   * deploy walks the site, which reconciles it with the release whatever happened before.
   */
  #changed: Set<string> | null = null;

  constructor(deploy: Deploy, { everyMs = INDEX_DEPLOY_EVERY_MS, retryMs = DEPLOY_RETRY_MS } = {}) {
    this.#deploy = deploy;
    this.#everyMs = everyMs;
    this.#retryMs = retryMs;
  }

  /**
   * After a build: its pages go now, the index with them when its turn has
   * come. `changedFiles`: what the build wrote or removed (SiteBuild's; null: everything).
   */
  afterBuild(changedFiles: ReadonlySet<string> | null): Promise<void> {
    if (this.#changed && changedFiles) for (const file of changedFiles) this.#changed.add(file);
    else this.#changed = null;
    return this.#run({ index: 'when-due' });
  }

  /** A new full-text index went into the site: it goes at its turn (one deploy for all that come meanwhile). */
  afterSearchIndex(): void {
    if (this.#indexTimer) return;
    const wait = Math.max(0, this.#lastIndexDeploy + this.#everyMs - Date.now());
    this.#indexTimer = setTimeout(() => {
      this.#indexTimer = undefined;
      void this.#run({ index: 'always' });
    }, wait);
  }

  stop(): void {
    clearTimeout(this.#indexTimer);
    clearTimeout(this.#retryTimer);
  }

  /** Queues a deploy; whether the index is due is decided when it starts (a deploy before it may have sent it). */
  #run({ index }: { index: 'always' | 'when-due' }): Promise<void> {
    const run = this.#queue.then(async () => {
      clearTimeout(this.#retryTimer);
      const started = Date.now();
      const holdSearchIndex = index === 'when-due' && started - this.#lastIndexDeploy < this.#everyMs;
      // Builds that end from now on are the next deploy's to look at. The index goes with a walk of the whole site.
      const changed = this.#changed;
      this.#changed = new Set();
      try {
        await this.#deploy({ holdSearchIndex, changedPaths: holdSearchIndex ? (changed ?? undefined) : undefined });
        if (!holdSearchIndex) this.#lastIndexDeploy = started;
      } catch {
        // Reported by the deploy itself; the retry walks the site and sends whatever differs from the last release by then.
        this.#changed = null;
        this.#retryTimer = setTimeout(() => void this.#run({ index: 'always' }), this.#retryMs);
      }
    });
    this.#queue = run;
    return run;
  }
}
