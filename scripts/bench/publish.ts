/**
 * `npm run bench:publish [-- --therapists N]`: publishing as it runs, on a
 * freshly seeded project (default: the demo seed, 200 therapists). Starts
 * the same change-driven loop as `npm start` (scripts/lib/live-site.ts),
 * then prints `name: value` lines:
 *
 *  - save → page live: seconds from a profile save (firebase-admin, as the
 *    editor's save) to the built page showing it, 5 times one after the
 *    other (median and worst), then 3 saves queued behind each other (the
 *    last one's seconds);
 *  - publish → /blog/{id} live: a blog of 3,000 characters written as the
 *    editor's 今すぐ公開 writes it, 3 times (median and worst), the
 *    length of each one's cycle and the wait before it started, and the
 *    gzip size of its page's HTML;
 *  - the Firestore reads of the cycle that published one changed document;
 *  - a cycle with no change: its reads, and whether it exported or built
 *    anything.
 *
 * `--publisher` runs the production publisher's loop (scripts/publisher.ts):
 * each build is deployed to the local Hosting stand-in, and a page is live
 * when the stand-in serves it; the deploys' files hashed, KB uploaded and
 * API calls per change are printed too.
 *
 * `--blogs-per-therapist B` seeds B blogs for every therapist (the scale
 * mode of scripts/seed.ts). Exits non-zero past the budgets: a save live in
 * ≤ 5 s on the median; at worst ≤ 5 s (queued ≤ 8 s) on the seed, ≤ 10 s at
 * 10,000 therapists; a blog page ≤ 14 KB gzip;
 * ≤ 50 reads for one change; one read per cursor query (12), no build, for no change. Not a
 * test: it measures this machine.
 */
import { readFile, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { dailyDocId, tokyoDayDigits } from '../../src/lib/daily-id';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import type { BlogDoc } from '../../src/schema/blogs';
import { runExport } from '../export';
import { adminDb } from '../lib/admin';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { startLiveSite } from '../lib/live-site';
import { ROOT } from '../lib/project';
import { CURSOR_NAMES } from '../export/source-mirror';
import { deploySite } from '../deploy';
import type { DeployReport } from '../deploy/deploy-cycle';
import { DeploySchedule } from '../deploy/deploy-schedule';
import { HostingStandIn } from '../deploy/hosting-stand-in';
import { runWithTunedMalloc } from '../lib/malloc-tuning';
import { median } from './stats';

await runWithTunedMalloc();

const { values } = parseArgs({
  options: {
    therapists: { type: 'string', default: '200' },
    'blogs-per-therapist': { type: 'string' },
    // Print the loop's own lines (each cycle's export and build, with timings) as they come.
    verbose: { type: 'boolean', default: false },
    // The production publisher's loop (scripts/publisher.ts): each build deployed to the local Hosting stand-in,
    // and "live" read from the stand-in's served site instead of the built files.
    publisher: { type: 'boolean', default: false },
  },
});
const therapists = Number(values.therapists);
const blogsPerTherapist = values['blogs-per-therapist'] ? Number(values['blogs-per-therapist']) : undefined;
const large = therapists >= 5000;
const BUDGET = {
  // Issue 41's bar at 10,000: a save live in 5 s on the median, 10 s at worst; on the seed 5 s at worst.
  saveMedianSeconds: 5,
  saveSeconds: large ? 10 : 5,
  queuedSeconds: large ? 15 : 8,
  changeReads: 50,
  idleReads: CURSOR_NAMES.length,
  blogHtmlGzip: 14 * 1024,
};
const PROJECT = 'demo-theralink-publish';
const exportDir = path.join(ROOT, '.build', 'publish-export');
const siteDir = path.join(ROOT, '.build', 'publish-site');
const standInDir = path.join(ROOT, '.build', 'publish-hosting');
const POLL_MS = 100;
const TIMEOUT_MS = 180_000;
const failures: string[] = [];
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);
const check = (ok: boolean, message: string) => void (ok || failures.push(message));

let standIn: HostingStandIn | undefined;
/** The page as a visitor gets it: the built file, or with --publisher the stand-in's live release. */
async function livePage(file: string): Promise<string> {
  if (!standIn) return readFile(path.join(siteDir, file), 'utf8').catch(() => '');
  const response = await fetch(`${standIn.siteUrl}/${file}`).catch(() => undefined);
  return response?.ok ? response.text() : '';
}

/** Resolves with the seconds since `started` once the file under the site shows `text`. */
async function liveAfter(started: number, file: string, text: string): Promise<number> {
  while (Date.now() - started < TIMEOUT_MS) {
    const html = await livePage(file);
    if (html.includes(text)) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${file} did not show "${text}" within ${TIMEOUT_MS / 1000} s.`);
}

const emulators = await startEmulators(['auth', 'firestore']);
Object.assign(process.env, emulators.env, { FIREBASE_PROJECT_ID: PROJECT });
const lines: string[] = [];
try {
  await clearFirestoreEmulator(PROJECT);
  await Promise.all(
    [siteDir, exportDir, `${exportDir}-state.json`, `${exportDir}-state-shards`].map((p) => rm(p, { recursive: true, force: true })),
  );
  const { runSeed } = await import('../seed');
  await runSeed({ therapists, today: tokyoDateKey(), blogsPerTherapist });
  report('therapists', therapists);
  if (blogsPerTherapist) report('blogs_per_therapist', blogsPerTherapist);

  if (values.publisher) {
    await rm(standInDir, { recursive: true, force: true });
    standIn = await HostingStandIn.start({ dir: standInDir, site: PROJECT });
    report('mode', 'publisher (each build deployed to the local Hosting stand-in)');
  }
  const deploys: (DeployReport & { holdSearchIndex: boolean })[] = [];
  const deployFailures: string[] = [];
  // The publisher's schedule: a build's pages at once, the full-text index at its turn.
  const schedule = new DeploySchedule(async ({ holdSearchIndex, changedPaths }) => {
    try {
      const report = await deploySite({
        origin: standIn!.url,
        site: PROJECT,
        publicDir: siteDir,
        statePath: path.join(standInDir, 'deploy-state.gz'),
        holdSearchIndex,
        changedPaths,
        log: () => undefined,
      });
      deploys.push({ ...report, holdSearchIndex });
    } catch (error) {
      deployFailures.push((error as Error).message);
      throw error;
    }
  });
  let started = Date.now();
  const site = await startLiveSite({
    outDir: siteDir,
    exportDir,
    firebaseProjectId: PROJECT,
    afterBuild: standIn ? (built) => schedule.afterBuild(built.changedFiles) : undefined,
    afterSearchIndex: standIn ? () => schedule.afterSearchIndex() : undefined,
    log: (line) => {
      lines.push(line);
      if (values.verbose) console.log(`  [loop] ${line}`);
    },
  });
  report('first_full_publish_seconds', ((Date.now() - started) / 1000).toFixed(1));

  const db = adminDb();
  const published = await db.collection('accounts').where('published', '==', true).limit(4).get();
  const [first, ...others] = published.docs;
  if (!first || others.length < 3) throw new Error('The seed has too few published therapists.');
  const pageOf = (doc: FirebaseFirestore.QueryDocumentSnapshot) => `profile/${doc.get('profileSlug')}.html`;
  const save = (doc: FirebaseFirestore.QueryDocumentSnapshot, mark: string) =>
    doc.ref.update({ bio: `${doc.get('bio')}\n計測 ${mark}`, updatedAt: Timestamp.now() });

  // One save at a time, each waited for.
  const single: number[] = [];
  for (let run = 0; run < 5; run++) {
    const mark = `single-${run}-${Date.now().toString(36)}`;
    started = Date.now();
    await save(first, mark);
    single.push(await liveAfter(started, pageOf(first), mark));
  }
  report('save_to_live_seconds_median', median(single).toFixed(1));
  report('save_to_live_seconds_worst', Math.max(...single).toFixed(1));
  check(
    median(single) <= BUDGET.saveMedianSeconds,
    `save → live median ${median(single).toFixed(1)} s (budget ${BUDGET.saveMedianSeconds} s)`,
  );
  check(
    Math.max(...single) <= BUDGET.saveSeconds,
    `save → live worst ${Math.max(...single).toFixed(1)} s (budget ${BUDGET.saveSeconds} s)`,
  );

  // Three saves queued behind each other (different therapists, a moment apart): the last to show.
  const mark = `queued-${Date.now().toString(36)}`;
  started = Date.now();
  const waits: Promise<number>[] = [];
  for (const doc of others.slice(0, 3)) {
    await save(doc, mark);
    waits.push(liveAfter(started, pageOf(doc), mark));
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  const queued = Math.max(...(await Promise.all(waits)));
  report('save_to_live_seconds_3_queued', queued.toFixed(1));
  check(queued <= BUDGET.queuedSeconds, `3 queued saves: last live after ${queued.toFixed(1)} s (budget ${BUDGET.queuedSeconds} s)`);

  // A blog published now, as the editor's 今すぐ公開 saves it: 3,000 characters of diary.
  const paragraph = '今日は雨の中ご来店いただき、本当にありがとうございました。温かいアロマオイルで肩と背中をしっかりほぐしました。';
  const diary = Array.from({ length: 80 }, (_, i) => (i % 8 === 7 ? `\n\n## ${i / 8 + 1}週目のお知らせ\n\n` : paragraph))
    .join('')
    .slice(0, 3000);
  const blogRuns: number[] = [];
  const blogCycles: number[] = [];
  let blogHtml = '';
  for (let slot = 0; slot < 3; slot++) {
    const id = dailyDocId(first.id, tokyoDayDigits(), slot);
    const title = `計測の日記 ${slot}-${Date.now().toString(36)}`;
    const now = Timestamp.now();
    const blog: BlogDoc = {
      userId: first.id,
      title,
      body: diary,
      cover: null,
      images: [],
      tags: ['計測'],
      published: true,
      publishAt: now,
      createdAt: now,
      updatedAt: now,
      hidden: false,
    };
    started = Date.now();
    const linesBefore = lines.length;
    await db.doc(`blogs/${id}`).set(blog);
    blogRuns.push(await liveAfter(started, `blog/${id}.html`, title));
    // The cycle that put it live logs its own length as it returns, a moment later: the rest came before it started.
    const cycleLine = () => lines.slice(linesBefore).find((line) => /^\[rebuild\] changed: .*blogs/.test(line));
    for (const waitUntil = Date.now() + 10_000; !cycleLine() && Date.now() < waitUntil;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    blogCycles.push(Number(/done in ([\d.]+) s/.exec(cycleLine() ?? '')?.[1] ?? NaN));
    blogHtml = await readFile(path.join(siteDir, `blog/${id}.html`), 'utf8');
  }
  report('blog_publish_to_live_seconds_median', median(blogRuns).toFixed(1));
  report('blog_publish_to_live_seconds_worst', Math.max(...blogRuns).toFixed(1));
  report('blog_cycle_seconds', blogCycles.map((seconds) => seconds.toFixed(1)).join(' / '));
  report('blog_save_to_cycle_start_seconds', blogRuns.map((live, run) => (live - blogCycles[run]!).toFixed(1)).join(' / '));
  check(
    Math.max(...blogRuns) <= BUDGET.saveSeconds,
    `blog → live worst ${Math.max(...blogRuns).toFixed(1)} s (budget ${BUDGET.saveSeconds} s)`,
  );
  const blogGzip = gzipSync(blogHtml, { level: 9 }).length;
  report('blog_page_3000_chars_html_gzip_bytes', blogGzip);
  check(blogGzip <= BUDGET.blogHtmlGzip, `a 3,000-character blog page is ${blogGzip} B gzip (budget ${BUDGET.blogHtmlGzip} B)`);
  await site.stop();
  schedule.stop();
  if (standIn) {
    check(deployFailures.length === 0, `${deployFailures.length} deploys failed: ${deployFailures[0]}`);
    // Every page deploy after the first (which sends the whole site): what one change cost the Hosting API.
    const changes = deploys.slice(1).filter((d) => d.holdSearchIndex);
    const indexDeploys = deploys.slice(1).filter((d) => !d.holdSearchIndex);
    report('deploys', deploys.length);
    report('deploy_per_change_files_hashed_worst', Math.max(...changes.map((d) => d.hashed)));
    report('deploy_per_change_kb_uploaded_worst', (Math.max(...changes.map((d) => d.bytesUploaded)) / 1024).toFixed(1));
    report('deploy_per_change_api_calls_worst', Math.max(...changes.map((d) => d.calls)));
    // Where a change's deploy spends its time: the plan (which files changed) and the rest (the API).
    report('deploy_per_change_plan_seconds', changes.map((d) => d.planSeconds.toFixed(1)).join(' / '));
    report('deploy_per_change_seconds', changes.map((d) => d.seconds.toFixed(1)).join(' / '));
    // The full-text index, at most every 5 minutes (docs/decisions/index-deploys.md).
    report(
      'index_deploys',
      indexDeploys.map((d) => `${d.hashed} files, ${(d.bytesUploaded / 1024).toFixed(1)} KB, ${d.calls} calls`).join('; ') || 'none',
    );
  }

  // The reads of the cycles that published one changed document.
  const cycleReads = lines.flatMap((line) => /changed: .*?\((\d+) reads\)/.exec(line)?.[1] ?? []).map(Number);
  report('reads_per_change_cycle_worst', Math.max(...cycleReads));
  check(
    Math.max(...cycleReads) <= BUDGET.changeReads,
    `a change cycle read ${Math.max(...cycleReads)} documents (budget ${BUDGET.changeReads})`,
  );

  // A cycle with nothing changed, as the scheduled workflow meets it (10
  // minutes after the last one): the first cycle here still re-reads the
  // saves inside its 5 s cursor margin, the second has nothing left to read.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  await runExport(exportDir, tokyoDateKey(), { mode: 'incremental', warn: () => {} });
  const idle = await runExport(exportDir, tokyoDateKey(), { mode: 'incremental', warn: () => {} });
  report('idle_cycle_reads', idle.reads);
  report('idle_cycle_export_changed', String(idle.changed));
  report('idle_cycle_builds', idle.changed ? 1 : 0);
  check(idle.mode === 'incremental' && !idle.changed, 'a cycle with no change found a change');
  check(idle.reads <= BUDGET.idleReads, `a cycle with no change read ${idle.reads} documents (budget ${BUDGET.idleReads})`);
} catch (error) {
  console.error(lines.slice(-20).join('\n'));
  throw error;
} finally {
  await standIn?.close();
  await emulators.stop();
}

if (failures.length > 0) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nPublishing budgets met.');
process.exit(0);
