/**
 * `npm run bench:now [-- --therapists N]`: 今すぐ案内可, tap → public, on a
 * freshly seeded project (default: the demo seed, 200 therapists), with
 * the same change-driven loop as `npm start` (scripts/lib/live-site.ts).
 * Prints `name: value` lines:
 *
 *  - tap → public: seconds from her window's write (firebase-admin, the
 *    fields the switch writes) to her built profile carrying the badge,
 *    5 times one after the other (median and worst);
 *  - end → gone: seconds from 終了する's write to the badge leaving the
 *    page, after each of them.
 *
 * Exits non-zero past the budget: ≤ 5 s. Not a test: it measures this machine.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { AVAILABLE_NOW_MINUTES, windowEnd } from '../../src/lib/available-now';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { adminDb } from '../lib/admin';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { startLiveSite } from '../lib/live-site';
import { ROOT } from '../lib/project';
import { median } from './stats';

const { values } = parseArgs({ options: { therapists: { type: 'string', default: '200' } } });
const therapists = Number(values.therapists);
const BUDGET_SECONDS = 5;
const RUNS = 5;
const PROJECT = 'demo-theralink-now';
const exportDir = path.join(ROOT, '.build', 'now-export');
const siteDir = path.join(ROOT, '.build', 'now-site');
const POLL_MS = 50;
const TIMEOUT_MS = 120_000;
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);

/** Seconds since `started` once the built file does (or, `present` false, no longer does) contain `text`. */
async function seenAfter(started: number, file: string, text: string, present = true): Promise<number> {
  while (Date.now() - started < TIMEOUT_MS) {
    const html = await readFile(path.join(siteDir, file), 'utf8').catch(() => '');
    if (html.includes(text) === present) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${file} did not ${present ? 'show' : 'lose'} "${text}" within ${TIMEOUT_MS / 1000} s.`);
}

const emulators = await startEmulators(['auth', 'firestore']);
Object.assign(process.env, emulators.env, { FIREBASE_PROJECT_ID: PROJECT });
let overBudget = false;
try {
  await clearFirestoreEmulator(PROJECT);
  await Promise.all(
    [siteDir, exportDir, `${exportDir}-state.json`, `${exportDir}-state-shards`].map((p) => rm(p, { recursive: true, force: true })),
  );
  const { runSeed } = await import('../seed');
  await runSeed({ therapists, today: tokyoDateKey() });
  report('therapists', therapists);
  const site = await startLiveSite({ outDir: siteDir, exportDir, firebaseProjectId: PROJECT, log: () => {} });

  const db = adminDb();
  const [her] = (await db.collection('accounts').where('published', '==', true).limit(1).get()).docs;
  if (!her) throw new Error('The seed has no published therapist.');
  const page = `profile/${her.get('profileSlug')}.html`;
  const write = (until: Timestamp | FieldValue) =>
    db.doc(`availableNow/${her.id}`).set({ userId: her.id, until, setBy: her.id, updatedAt: FieldValue.serverTimestamp() });

  const shown: number[] = [];
  const gone: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const until = windowEnd(AVAILABLE_NOW_MINUTES[run % AVAILABLE_NOW_MINUTES.length]!);
    let started = Date.now();
    await write(Timestamp.fromDate(until));
    shown.push(await seenAfter(started, page, `data-available-until="${until.getTime()}"`));
    started = Date.now();
    await write(FieldValue.serverTimestamp());
    gone.push(await seenAfter(started, page, 'data-available-until', false));
  }
  await site.stop();
  report('tap_to_public_seconds', shown.map((s) => s.toFixed(1)).join(' / '));
  report('tap_to_public_seconds_median', median(shown).toFixed(1));
  report('tap_to_public_seconds_worst', Math.max(...shown).toFixed(1));
  report('end_to_gone_seconds_median', median(gone).toFixed(1));
  report('end_to_gone_seconds_worst', Math.max(...gone).toFixed(1));
  overBudget = Math.max(...shown, ...gone) > BUDGET_SECONDS;
} finally {
  await emulators.stop();
}
if (overBudget) {
  console.error(`\nOver budget: tap → public or end → gone took more than ${BUDGET_SECONDS} s.`);
  process.exit(1);
}
console.log('\n今すぐ案内可 budget met.');
process.exit(0);
