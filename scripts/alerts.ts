/**
 * `npm run alerts [-- --allow-production]`: the 推し alerts. Compares the
 * public export with the snapshot it alerted last (`{exportDir}-alerts.json`,
 * no Firestore read to find anything), and tells every fan of a therapist
 * or store what is new: a former handle or a new X handle, a blog, a
 * timeline post, a shift today or tomorrow (announcements, and a push to
 * those who opted in), and every fan watching a handle that it has been
 * registered. `npm start` runs it after each export (scripts/lib/live-site.ts),
 * the production workflow after its export step.
 *
 * Idempotent and never lossy: new events are saved as pending (with their
 * detection time and place in the 推し's day) before anything is written;
 * each is written under deterministic ids and dropped from the list only
 * when all its batches committed, so a killed job rewrites the same
 * documents next time. Bounded: a fan hears ALERTS_PER_DAY events of a
 * 推し's day one by one (only those after her 推し began count), the rest
 * as one digest naming their kinds and counts. The design is in
 * docs/decisions/oshi-alerts.md.
 */
import { createHash } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import { getMessaging } from 'firebase-admin/messaging';
import { readListedExport, type DirectoryRecords } from '../src/data/export-records';
import { exportDir as defaultExportDir } from '../src/lib/export-dir';
import { pushSkipReason } from './announce';
import { addPending, dayKey } from './alerts/daily-bound';
import { findEvents, snapshotOf } from './alerts/events';
import { deliverToFans, deliverToWatchers, type CommittedBatch, type Delivery, type DeliveryTotals } from './alerts/fan-out';
import { alertStatePathFor, initialState, loadAlertState, saveAlertState, type AlertState, type PendingEvent } from './alerts/state';
import { FirestoreUsage } from './alerts/usage';
import { adminApp, adminDb, assertFirestoreReachable } from './lib/admin';
import { isMain } from './lib/cli';
import { chooseWriteTarget } from './lib/write-target';
import type { MessagingSender } from './lib/messaging';

export { ALERTS_PER_DAY, DIGEST_UPDATES_PER_DAY } from './alerts/daily-bound';

export interface AlertsOptions {
  /** The public export to compare (default: EXPORT_DIR or .data/export). */
  exportDir?: string;
  /** Its records, read already (the live loop reads them in its cycle, then lets the next cycle rewrite the export). */
  records?: DirectoryRecords;
  /** The state file (default: `{exportDir}-alerts.json`). */
  statePath?: string;
  /** The detection time: new events' createdAt and their Tokyo day. */
  now?: Date;
  db?: Firestore;
  /** Cloud Messaging (created only when a push is sent). */
  messaging?: () => MessagingSender;
  /** Overrides the environment's answer: a reason to skip pushing, or null to push. */
  pushSkipReason?: string | null;
  log?: (line: string) => void;
  hooks?: {
    /** After each batch is committed (or had nothing to write), before its progress is saved. */
    afterBatch?(batch: CommittedBatch): void | Promise<void>;
  };
  /**
   * Take the export as the new snapshot without alerting what changed since
   * the last one (`npm start`'s first build: data seeded or restored meanwhile
   * is not news). Pending events are still delivered.
   */
  baseline?: boolean;
  /** The export did not change since the last run: do not read it, only deliver pending events. */
  onlyPending?: boolean;
}

export interface AlertsResult {
  /** No state yet: this run only took the snapshot. */
  firstRun: boolean;
  /** New events found in the export this run. */
  events: number;
  /** Of those, events of a 推し past her day's digest updates (DIGEST_UPDATES_PER_DAY): not delivered. */
  beyondBound: number;
  /** Events delivered this run (found now or left pending by an earlier run). */
  delivered: number;
  /** Events still pending (none unless the run failed). */
  pending: number;
  /** Announcements written (one by one; handle watches included). */
  announcements: number;
  /** Digest announcements written (or rewritten with a new count). */
  digests: number;
  /** Handle watches that fired (and were deleted). */
  watchesFired: number;
  pushesSent: number;
  /** Fans a push was meant for but skipped (see pushSkipped). */
  pushesSkipped: number;
  pushesFailed: number;
  removedTokens: number;
  /** Why no push was sent (emulator, demo- project). */
  pushSkipped?: string;
  /** Firestore reads and writes this run made. */
  reads: number;
  writes: number;
}

/** Runs the alerts once: finds new events, saves them as pending, delivers every pending event. */
export async function runAlerts(options: AlertsOptions = {}): Promise<AlertsResult> {
  const dir = options.exportDir ?? defaultExportDir();
  const statePath = options.statePath ?? alertStatePathFor(dir);
  const now = options.now ?? new Date();
  const log = options.log ?? ((line: string) => console.log(line));
  const usage = new FirestoreUsage();
  const totals: DeliveryTotals = { announcements: 0, digests: 0, watchesFired: 0, push: { sent: 0, skipped: 0, failed: 0, removed: 0 } };
  const skipReason = options.pushSkipReason !== undefined ? options.pushSkipReason : pushSkipReason();
  let state = await loadAlertState(statePath);
  let found = 0;
  let beyondBound = 0;
  let delivered = 0;
  const result = (firstRun: boolean): AlertsResult => ({
    firstRun,
    events: found,
    beyondBound,
    delivered,
    pending: state?.pending.length ?? 0,
    announcements: totals.announcements,
    digests: totals.digests,
    watchesFired: totals.watchesFired,
    pushesSent: totals.push.sent,
    pushesSkipped: totals.push.skipped,
    pushesFailed: totals.push.failed,
    removedTokens: totals.push.removed,
    ...(totals.push.skipped > 0 && skipReason ? { pushSkipped: skipReason } : {}),
    reads: usage.reads,
    writes: usage.writes,
  });

  if (!state || !options.onlyPending) {
    // Written by the export, which checked every record: not checked again.
    const records = options.records ?? (await readListedExport(dir, { check: false }));
    if (!state) {
      state = initialState(snapshotOf(records));
      await saveAlertState(statePath, state);
      return result(true);
    }
    if (options.baseline) state.snapshot = snapshotOf(records, state.snapshot);
    else {
      const { events, snapshot } = findEvents(state.snapshot, records, now);
      found = events.length;
      beyondBound = events.length - addPending(state, events, now).length;
      state.snapshot = snapshot;
    }
    // Before any announcement: from here on the events cannot be lost.
    await saveAlertState(statePath, state);
  }
  if (state.pending.length === 0) return result(false);

  const db = options.db ?? adminDb();
  await assertFirestoreReachable(db, undefined, { readProbe: false });
  const saved = state;
  let loggedSkip = false;
  const delivery: Delivery = {
    db,
    usage,
    totals,
    pusher: {
      skipReason,
      messaging: options.messaging ?? (() => getMessaging(adminApp())),
      log,
    },
    async progress(events, cursor) {
      for (const event of events) event.cursor = cursor;
      await saveAlertState(statePath, saved);
    },
    afterBatch: options.hooks?.afterBatch,
  };
  for (const group of deliveryGroups(saved)) {
    if (group[0]!.kind === 'handle-watch') await deliverToWatchers(delivery, group[0]!);
    else await deliverToFans(delivery, group);
    if (skipReason && totals.push.skipped > 0 && !loggedSkip) {
      log(skipReason);
      loggedSkip = true;
    }
    const done = new Set(group);
    saved.pending = saved.pending.filter((event) => !done.has(event));
    delivered += group.length;
    await saveAlertState(statePath, saved);
  }
  return result(false);
}

/**
 * The pending events in delivery order: a handle watch alone; a 推し's
 * bounded events of one day together (each fan's share is worked out from
 * her own day, and her digest written once).
 */
function deliveryGroups(state: AlertState): PendingEvent[][] {
  const groups: PendingEvent[][] = [];
  const days = new Map<string, PendingEvent[]>();
  for (const event of state.pending) {
    if (!event.day) {
      groups.push([event]);
      continue;
    }
    const key = dayKey(event);
    const group = days.get(key);
    if (group) group.push(event);
    else {
      const created = [event];
      days.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** One line saying what a run did, reads and writes included. */
export function describeAlerts(result: AlertsResult): string {
  if (result.firstRun) return '初回の実行です。今の公開データを記録しました（次の実行から新着を通知します）。';
  const push = result.pushSkipped
    ? `プッシュ ${result.pushesSkipped} 件はスキップ`
    : `プッシュ ${result.pushesSent} 件送信（失敗 ${result.pushesFailed} 件、無効なトークン ${result.removedTokens} 件を削除）`;
  return (
    `新しい出来事 ${result.events} 件${result.beyondBound ? `（うち 1 日の上限を超えた ${result.beyondBound} 件は通知しません）` : ''}、` +
    `配信 ${result.delivered} 件（未配信 ${result.pending} 件）: ` +
    `お知らせ ${result.announcements} 件、まとめ ${result.digests} 件、ウォッチ ${result.watchesFired} 件、${push}。` +
    `Firestore 読み取り ${result.reads} 回、書き込み ${result.writes} 回。`
  );
}

async function fileHash(file: string): Promise<string> {
  return readFile(file)
    .then((bytes) => createHash('sha256').update(bytes).digest('hex'))
    .catch(() => '');
}

if (isMain(import.meta.url)) {
  let allowProduction: boolean;
  try {
    const { values } = parseArgs({
      options: { 'allow-production': { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
    allowProduction = values['allow-production'];
  } catch (error) {
    console.error(`引数を読み取れません（${(error as Error).message}）。\n使い方: npm run alerts [-- --allow-production]`);
    process.exit(1);
  }
  await chooseWriteTarget(allowProduction);
  const statePath = alertStatePathFor(defaultExportDir());
  const before = await fileHash(statePath);
  let code = 0;
  try {
    console.log(describeAlerts(await runAlerts()));
  } catch (error) {
    console.error(`通知ジョブが失敗しました（未配信の通知は次の実行で配信します）: ${(error as Error).message}`);
    code = 1;
  }
  // For the production workflow: keep the state for the next run when it changed (also after a failure).
  if (process.env.GITHUB_OUTPUT) await appendFile(process.env.GITHUB_OUTPUT, `changed=${(await fileHash(statePath)) !== before}\n`);
  process.exit(code);
}
