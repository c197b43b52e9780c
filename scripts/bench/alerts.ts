/**
 * `npm run bench:alerts [-- --fans 10000]`: the fan-out of one 推し event
 * on the Firestore emulator. N fans 推す one therapist (their favorites rows
 * and users docs); each of 3 runs publishes a fresh blog of hers and times
 * one alerts run (scripts/alerts.ts) from the new export to every fan's
 * announcement written. Prints `name: value` lines: seconds (median and
 * worst), the reads and writes one event cost, and the cost model per
 * event for 100,000 fans. Push is skipped on the emulator (no Cloud
 * Messaging); the model adds what it would read. Not a test: it measures
 * this machine.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import type { ExportRecords } from '../../src/registry/public-collections';
import { blogRecord, publicExport, writePublicExport } from '../../tests/factories/public-export';
import { BATCH_LIMIT } from '../alerts/fan-out';
import { adminDb } from '../lib/admin';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { ROOT } from '../lib/project';
import { median } from './stats';

const { values } = parseArgs({ options: { fans: { type: 'string', default: '10000' } } });
const fans = Number(values.fans);
if (!Number.isInteger(fans) || fans < 1) {
  console.error('--fans は 1 以上の整数で指定してください。');
  process.exit(1);
}
const PROJECT = 'demo-theralink-bench-alerts';
const RUNS = 3;
const MODEL_FANS = 100_000;
const exportDir = path.join(ROOT, '.build', 'bench-alerts-export');
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);
/**
 * Reads of one event: each fan row (pages of BATCH_LIMIT; a last page that is full costs one more, empty,
 * query) and each fan's users doc. With push, one token query per fan who opted in.
 */
const modelReads = (count: number) => count + (count % BATCH_LIMIT === 0 ? 1 : 0) + count;

const emulators = await startEmulators(['firestore']);
Object.assign(process.env, emulators.env, { FIREBASE_PROJECT_ID: PROJECT });
const { runAlerts } = await import('../alerts');
try {
  await clearFirestoreEmulator(PROJECT);
  await Promise.all([exportDir, `${exportDir}-alerts.json`].map((p) => rm(p, { recursive: true, force: true })));
  const db = adminDb();
  const target = 'th-01';
  const writer = db.bulkWriter();
  for (let i = 0; i < fans; i++) {
    const fan = `bench-fan-${String(i).padStart(6, '0')}`;
    writer.set(db.doc(`favorites/${fan}/items/${target}`), { targetUid: target, targetKind: 'therapist', createdAt: Timestamp.now() });
    writer.set(db.doc(`users/${fan}`), { createdAt: Timestamp.now(), favoriteCount: 1 });
  }
  await writer.close();
  report('fans', fans);

  const records: ExportRecords = publicExport({ therapists: 20 });
  await writePublicExport(exportDir, records);
  await runAlerts({ exportDir, log: () => {} });

  const seconds: number[] = [];
  let reads = 0;
  let writes = 0;
  for (let run = 0; run < RUNS; run++) {
    const her = records.therapists.find((therapist) => therapist.id === target)!;
    records.blogs.push(
      blogRecord(her, 100 + run, { id: `bench_${Date.now().toString(36)}_${run}`, publishedAt: new Date().toISOString() }),
    );
    await writePublicExport(exportDir, records);
    const started = performance.now();
    const result = await runAlerts({ exportDir, log: () => {} });
    seconds.push((performance.now() - started) / 1000);
    if (result.events !== 1 || result.announcements !== fans) {
      throw new Error(`run ${run + 1}: ${result.events} events, ${result.announcements} announcements (expected 1 and ${fans})`);
    }
    ({ reads, writes } = result);
  }
  report('fan_out_seconds_median', median(seconds).toFixed(2));
  report('fan_out_seconds_worst', Math.max(...seconds).toFixed(2));
  report('firestore_reads_per_event', reads);
  report('firestore_writes_per_event', writes);
  report('reads_per_fan', (reads / fans).toFixed(3));
  report('cost_model_matches_measured', String(reads === modelReads(fans) && writes === fans));
  report(`cost_model_${MODEL_FANS}_fans_reads_per_event`, `${modelReads(MODEL_FANS)} (+ 1 per fan with push on)`);
  report(`cost_model_${MODEL_FANS}_fans_writes_per_event`, `${MODEL_FANS} (+ 1 per dead push token)`);
  report(`cost_model_${MODEL_FANS}_fans_batches_per_event`, Math.ceil(MODEL_FANS / BATCH_LIMIT));
} finally {
  await emulators.stop();
}
process.exit(0);
