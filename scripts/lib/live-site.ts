/**
 * The live site of `npm start`: exports Firestore in full and builds the
 * static site once, then runs the publishing cycle whenever a source
 * collection changes and at each Tokyo midnight (so /today and the
 * schedules turn over with the day). A cycle is what the production
 * workflow runs: an incremental export (only what changed), and a build
 * only when a public record changed, then the 推し alerts (scripts/alerts.ts)
 * on that export, once the machine is quiet: at 10,000 × 20 their
 * deliveries held a queued save back by seconds, and run beside the next
 * cycle they still slowed it. Browser tests run the same loop against
 * their own project.
 */
import { readListedExport, type DirectoryRecords } from '../../src/data/export-records';
import { exportDir as defaultExportDir } from '../../src/lib/export-dir';
import { nextTokyoMidnight } from '../../src/lib/tokyo-date';
import { describeAlerts, runAlerts } from '../alerts';
import { buildSite, buildsSettled, readAheadForSaves, type SiteBuild } from '../build-site';
import { runExport } from '../export';
import { runRanking } from '../ranking';
import { watchPublicContent } from '../watch-content';
import { accountsAuth, adminDb, picturesBucket } from './admin';
import { watchAccountDeletions } from '../accounts/erase-requested';
import { foreground, SETTLE_MS } from './foreground';
import { CycleQueue, type RequestOptions } from './cycle-queue';

export interface LiveSiteOptions {
  /** Where the built site goes (the served folder); dist when omitted. */
  outDir?: string;
  exportDir?: string;
  /** The project the islands talk to; the env's when omitted. */
  firebaseProjectId?: string;
  log?: (line: string) => void;
  /**
   * Runs after each build, before the alerts (their links must lead to live pages): the publisher deploys here.
   * A failure fails the cycle; the next change or the retry builds and deploys again.
   */
  afterBuild?: (built: SiteBuild) => Promise<void>;
  /** Runs when the full-text index of a build is in the site (it catches up in the background). */
  afterSearchIndex?: () => void;
}

export interface LiveSite {
  /**
   * Stops watching and scheduling at once; resolves when what had started
   * is done (the cycle, an alerts run, the swap's bookkeeping, the
   * background index). Await it before removing the site or starting
   * another loop on the same folder: their writes would cross.
   */
  stop(): Promise<void>;
}

/** What a cycle is asked to do besides exporting (see build below). */
interface CycleOptions {
  everyDay?: boolean;
  collections?: Set<string> | null;
}

/** A failed alerts run is tried again this soon, even if nothing changes meanwhile. */
const ALERTS_RETRY_MS = 60_000;
/**
 * An alerts run waits for the machine to be quiet (scripts/lib/foreground.ts),
 * but under a steady stream of saves no longer than this: the production
 * workflow tells fans every 10 minutes.
 */
const ALERTS_MAX_WAIT_MS = 5 * 60_000;

export async function startLiveSite(options: LiveSiteOptions = {}): Promise<LiveSite> {
  const log = options.log ?? console.log;
  // Saves come in streams here: background work leaves a moment after each cycle for the next save to arrive.
  foreground.settleAfterEachTask(SETTLE_MS);
  const dir = options.exportDir ?? defaultExportDir();
  /**
   * One cycle; `everyDay`: build even when no record changed (a new Tokyo day changes /, /today and the
   * schedules); `collections`: the source collections the watcher saw change (the export queries only those).
   */
  async function build(reason: string, mode: 'full' | 'incremental' = 'incremental', request: CycleOptions = {}): Promise<void> {
    // The background waits while a cycle runs, its export included, and a moment after (scripts/lib/foreground.ts).
    await foreground.run(() => cycle(reason, mode, request));
  }
  async function cycle(
    reason: string,
    mode: 'full' | 'incremental',
    { everyDay = false, collections = null }: CycleOptions,
  ): Promise<void> {
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
    const exported = await runExport(dir, undefined, {
      mode,
      changedCollections: collections ?? undefined,
      // What the watcher's listeners saw is what a query by cursor would read, without the query.
      feed: watch.feed,
      warn: (line) => log(`[export] ${line}`),
    });
    scheduleNextPublish(exported.nextScheduledAt);
    if (!exported.changed && mode === 'incremental' && !everyDay) {
      log(`[rebuild] ${reason}: no public change (${exported.reads} reads, ${seconds()} s).`);
      await queueAlerts(false);
      return;
    }
    const exportSeconds = seconds();
    const built = await buildSite({ exportDir: dir, outDir: options.outDir, quiet: true, firebaseProjectId: options.firebaseProjectId });
    // While it deploys: the next save then finds the export it diffs against read and indexed.
    if (built.mode === 'full')
      void readAheadForSaves(options.outDir).catch((error: Error) =>
        log(`[rebuild] reading ahead for the next save failed; that save reads the export itself.\n${error.message}`),
      );
    await options.afterBuild?.(built);
    // A failed index is reported by the build, and the next build asks for one again.
    if (built.newSearchIndex) built.searchIndexed.then(options.afterSearchIndex, () => undefined);
    const steps = (timings: Record<string, number>) =>
      Object.entries(timings)
        .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
        .join(', ');
    log(
      `[rebuild] ${reason}: ${exported.mode} export (${exported.reads} reads) and build done in ${seconds()} s ` +
        `(export ${exportSeconds} s: ${steps(exported.timings)}; build: ${steps(built.timings)}; ${built.rendered} pages rendered).`,
    );
    // After the build: an alert's link leads to a page that is live.
    await queueAlerts(exported.changed);
  }

  // One alerts run at a time, on the records of the latest cycle: read in the cycle (cheap, the files are parsed
  // once per inode), since the next export may rewrite them while the alerts wait and run. Cycles that end while a
  // run waits join it: the newest records hold every change since the snapshot, so one run finds them all (a
  // diff per cycle at 10,000 × 20 was 200,000 ids compared, and its state saved, every few seconds).
  let alertsQueue = Promise.resolve();
  /** The alerts run under way, if any (a queued run still waiting for quiet is dropped on stop). */
  let alertsRunning: Promise<void> | undefined;
  let alertsQueued = false;
  let alertsWaiting: { exportChanged: boolean; records: DirectoryRecords | undefined } | undefined;
  async function queueAlerts(exportChanged: boolean): Promise<void> {
    const compare = exportChanged || alertsBaseline || alertsMissedExport;
    const records = compare ? await readListedExport(dir, { check: false }).catch(() => undefined) : undefined;
    if (alertsWaiting) {
      alertsWaiting.exportChanged ||= exportChanged;
      // Not read: this cycle's export is the one already held.
      alertsWaiting.records = records ?? alertsWaiting.records;
      return;
    }
    const run = { exportChanged, records };
    // The first build's run only takes the snapshot, at once: what a later cycle brings is news, not part of it.
    const first = !alertsQueued;
    alertsQueued = true;
    const latest = first ? Date.now() : Date.now() + ALERTS_MAX_WAIT_MS;
    if (!first) alertsWaiting = run;
    alertsQueue = alertsQueue.then(async () => {
      await foreground.quiet(latest - Date.now());
      // From here on, a cycle's alerts need the next run.
      if (alertsWaiting === run) alertsWaiting = undefined;
      if (stopped) return;
      alertsRunning = alerts(run.exportChanged, run.records);
      await alertsRunning;
    });
  }

  // The 推し alerts after each cycle's export. The first run takes the export as its snapshot (seeded or restored
  // data is not news); a failed run is logged and tried again, the site goes on.
  let alertsBaseline = true;
  let alertsPending = false;
  let alertsMissedExport = false;
  let alertsRetry: NodeJS.Timeout | undefined;
  let stopped = false;
  async function alerts(exportChanged: boolean, exportRecords: DirectoryRecords | undefined): Promise<void> {
    const compare = exportChanged || alertsBaseline || alertsMissedExport;
    if (!compare && !alertsPending) return;
    clearTimeout(alertsRetry);
    try {
      const result = await runAlerts({
        exportDir: dir,
        records: compare ? exportRecords : undefined,
        baseline: alertsBaseline,
        onlyPending: !compare,
        log: (line) => log(`[alerts] ${line}`),
      });
      alertsBaseline = false;
      alertsMissedExport = false;
      alertsPending = result.pending > 0;
      if (result.events > 0 || result.delivered > 0) log(`[alerts] ${describeAlerts(result)}`);
    } catch (error) {
      alertsMissedExport ||= compare;
      alertsPending = true;
      log(`[alerts] failed; tried again with the next cycle (in ${ALERTS_RETRY_MS / 1000} s at the latest).\n${(error as Error).message}`);
      if (!stopped) alertsRetry = setTimeout(() => void rebuild('trying the alerts again'), ALERTS_RETRY_MS);
    }
  }

  // A scheduled blog (予約投稿) goes public with a cycle just after its time.
  let scheduled: NodeJS.Timeout | undefined;
  function scheduleNextPublish(at: Date | null): void {
    clearTimeout(scheduled);
    // setTimeout holds at most ~24.8 days; the midnight cycle re-arms it anyway.
    if (at)
      scheduled = setTimeout(() => void rebuild('a scheduled blog goes public'), Math.min(at.getTime() - Date.now() + 1_000, 2 ** 31 - 1));
  }

  // Builds run one at a time (requests while one waits join it). The watch is ready before the first build
  // starts, so a save is either in that build or triggers the next one.
  const cycles = new CycleQueue(({ reasons, everyDay, collections }) =>
    stopped
      ? Promise.resolve()
      : build(reasons.join('; '), 'incremental', { everyDay, collections }).catch((error: Error) =>
          log(`[rebuild] failed; the site still shows the previous build.\n${error.message}`),
        ),
  );
  const rebuild = (reason: string, options?: RequestOptions) => cycles.request(reason, options);
  // The 推し ranking reads every favourite: once at start and once a day, never per cycle. Its write is a change
  // the watcher sees, so the pages follow with the next cycle.
  const ranking = () => runRanking({ log }).catch((error: Error) => log(`[ranking] failed; the previous ranking stays.\n${error.message}`));
  await ranking();
  const watch = watchPublicContent(adminDb(), (collections) => rebuild(`changed: ${[...collections].join(', ')}`, { collections }));
  await watch.ready;
  // 退会: an erasure's tombstones are changes the watcher sees, so her pages leave with the next cycle.
  const stopErasing = watchAccountDeletions({ db: adminDb(), auth: accountsAuth(), bucket: picturesBucket() }, log);
  // Everything is read at start: seeded or restored data may carry old timestamps.
  const first = cycles.after(() => build('first build', 'full'));
  try {
    await first;
  } catch (error) {
    // The first build must work: there is no previous site to keep showing.
    watch.stop();
    stopErasing();
    throw error;
  }

  // A few seconds past midnight, so the new build's "today" is surely the new day.
  let midnight: NodeJS.Timeout;
  const scheduleMidnight = () => {
    midnight = setTimeout(
      () =>
        void ranking()
          .then(() => rebuild('a new day in Tokyo', { everyDay: true }))
          .then(scheduleMidnight),
      nextTokyoMidnight().getTime() - Date.now() + 5_000,
    );
  };
  scheduleMidnight();

  return {
    async stop() {
      stopped = true;
      clearTimeout(midnight);
      clearTimeout(scheduled);
      clearTimeout(alertsRetry);
      watch.stop();
      stopErasing();
      await cycles.after(async () => undefined);
      await alertsRunning;
      await buildsSettled();
    },
  };
}
