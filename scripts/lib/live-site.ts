/**
 * The live site of `npm start`: exports Firestore and builds the static
 * site once, then rebuilds whenever a public collection changes and at
 * each Tokyo midnight (so /today and the schedules turn over with the
 * day). Browser tests run the same loop against their own project.
 */
import { exportDir as defaultExportDir } from '../../src/lib/export-dir';
import { nextTokyoMidnight } from '../../src/lib/tokyo-date';
import { buildSite } from '../build-site';
import { runExport } from '../export';
import { watchPublicContent } from '../watch-content';
import { adminDb } from './admin';

export interface LiveSiteOptions {
  /** Where the built site goes (the served folder); dist when omitted. */
  outDir?: string;
  exportDir?: string;
  /** The project the islands talk to; the env's when omitted. */
  firebaseProjectId?: string;
  log?: (line: string) => void;
}

export interface LiveSite {
  stop(): void;
}

export async function startLiveSite(options: LiveSiteOptions = {}): Promise<LiveSite> {
  const log = options.log ?? console.log;
  const dir = options.exportDir ?? defaultExportDir();
  async function build(reason: string): Promise<void> {
    const started = Date.now();
    log(`[rebuild] ${reason}: exporting and building…`);
    await runExport(dir);
    await buildSite({ exportDir: dir, outDir: options.outDir, quiet: true, firebaseProjectId: options.firebaseProjectId });
    log(`[rebuild] done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }

  // Builds run one at a time. The watch is ready before the first build
  // starts, so a save is either in that build or triggers the next one.
  let queue = Promise.resolve();
  const rebuild = (reason: string) =>
    (queue = queue.then(() =>
      build(reason).catch((error: Error) => log(`[rebuild] failed; the site still shows the previous build.\n${error.message}`)),
    ));
  const watch = watchPublicContent(adminDb(), (collections) => rebuild(`changed: ${[...collections].join(', ')}`));
  await watch.ready;
  const first = build('first build');
  queue = first.catch(() => undefined);
  try {
    await first;
  } catch (error) {
    // The first build must work: there is no previous site to keep showing.
    watch.stop();
    throw error;
  }

  // A few seconds past midnight, so the new build's "today" is surely the new day.
  let midnight: NodeJS.Timeout;
  const scheduleMidnight = () => {
    midnight = setTimeout(
      () => void rebuild('a new day in Tokyo').then(scheduleMidnight),
      nextTokyoMidnight().getTime() - Date.now() + 5_000,
    );
  };
  scheduleMidnight();

  return {
    stop() {
      clearTimeout(midnight);
      watch.stop();
    },
  };
}
