/**
 * The alerts inside `npm start`'s loop (scripts/lib/live-site.ts), on the
 * real Firestore emulator: the first build takes the snapshot and alerts
 * nobody; a shift saved for today reaches a fan's announcements with the
 * next cycle; the alerts wait for a quiet moment, and cycles that end
 * meanwhile join the run; a failing alerts run is logged and the site
 * still rebuilds; once the loop is stopped, nothing it started still
 * writes to the site (the next loop on that folder would cross it).
 */
import { mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { SETTLE_MS } from '../../scripts/lib/foreground';
import type { LiveSite } from '../../scripts/lib/live-site';
import { schedulePath } from '../../src/lib/routes';
import { addDays, tokyoDateKey } from '../../src/lib/tokyo-date';
import { put, shift, slug, therapist } from './support/trust-docs';

const PROJECT = 'demo-theralink-alerts-live';
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { startLiveSite } = await import('../../scripts/lib/live-site');
const { Timestamp } = await import('firebase-admin/firestore');

const db = adminDb();
const CYCLE_TIMEOUT_MS = 90_000;
const lines: string[] = [];
let root: string;
let exportDir: string;
let site: LiveSite;

const announcements = async () => (await db.collection('announcements').get()).docs.map((doc) => doc.data());

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'theralink-alerts-live-'));
  exportDir = path.join(root, 'export');
  await clearFirestoreEmulator(PROJECT);
  await put(db, {
    'accounts/t1': therapist('t1'),
    'slugs/slug-t1': slug('t1', 'therapist'),
    'users/fan-1': { createdAt: Timestamp.now(), favoriteCount: 1 },
    'favorites/fan-1/items/t1': { targetUid: 't1', targetKind: 'therapist', createdAt: Timestamp.now() },
    // Already there when the site starts: not news.
    [`schedules/t1_${tokyoDateKey()}_0`]: shift('t1', tokyoDateKey(), { updatedAt: Timestamp.now() }),
  });
  site = await startLiveSite({ outDir: path.join(root, 'site'), exportDir, firebaseProjectId: PROJECT, log: (line) => lines.push(line) });
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('alerts in the live site', () => {
  it('the first build takes the snapshot; a shift saved for today reaches the fan with the next cycle', async () => {
    expect(await announcements()).toEqual([]);
    await put(db, {
      [`schedules/t1_${tokyoDateKey()}_1`]: shift('t1', tokyoDateKey(), { start: '21:00', end: '23:00', updatedAt: Timestamp.now() }),
    });
    await expect.poll(announcements, { timeout: CYCLE_TIMEOUT_MS, interval: 250 }).toEqual([
      expect.objectContaining({
        userId: 'fan-1',
        kind: 'favorite-schedule',
        title: 'セラピストt1さんが本日 21:00〜 出勤します',
        link: schedulePath('t1'),
      }),
    ]);
    // The run logs once it has saved its state, a moment after the announcement is written.
    await expect.poll(() => lines.some((line) => line.startsWith('[alerts] 新しい出来事 1 件')), { timeout: CYCLE_TIMEOUT_MS }).toBe(true);
  });

  it('waits for a quiet moment: a cycle that ends while a run waits joins it, and one run tells of both', async () => {
    const before = lines.length;
    const cyclesSince = () => lines.slice(before).filter((line) => line.startsWith('[rebuild] changed'));
    const tomorrow = addDays(tokyoDateKey(), 1);
    await put(db, { [`schedules/t1_${tomorrow}_0`]: shift('t1', tomorrow, { updatedAt: Timestamp.now() }) });
    await expect.poll(() => cyclesSince().length, { timeout: CYCLE_TIMEOUT_MS }).toBe(1);
    // Within the settling time after that cycle: the run it queued is still waiting.
    await put(db, { [`schedules/t1_${tomorrow}_1`]: shift('t1', tomorrow, { start: '21:00', end: '23:00', updatedAt: Timestamp.now() }) });
    await expect.poll(() => cyclesSince().length, { timeout: CYCLE_TIMEOUT_MS }).toBe(2);
    await expect
      .poll(() => lines.slice(before).filter((line) => line.startsWith('[alerts] 新しい出来事')), { timeout: CYCLE_TIMEOUT_MS })
      .toEqual([expect.stringMatching(/^\[alerts\] 新しい出来事 2 件/)]);
    // The run began only once the machine was quiet: after the second cycle, not between the two.
    const run = lines.findIndex((line, index) => index >= before && line.startsWith('[alerts] 新しい出来事'));
    expect(run).toBeGreaterThan(lines.indexOf(cyclesSince()[1]!));
  });

  it('a failing alerts run is logged, and the site still rebuilds', async () => {
    await writeFile(`${exportDir}-alerts.json`, '{ not json');
    const before = lines.length;
    await put(db, { 'accounts/t1': therapist('t1', { bio: '新しい自己紹介です。', updatedAt: Timestamp.now() }) });
    await expect
      .poll(() => lines.slice(before).some((line) => line.startsWith('[alerts] failed')), { timeout: CYCLE_TIMEOUT_MS })
      .toBe(true);
    const cycle = lines.slice(before).find((line) => line.startsWith('[rebuild] changed'));
    expect(cycle).toMatch(/build done in/);
    // The failure stayed inside the alerts: the cycle itself did not fail.
    expect(lines.slice(before).filter((line) => line.startsWith('[rebuild] failed'))).toEqual([]);
    expect(lines.slice(before).join('\n')).toContain('通知ジョブの状態ファイル');
  });

  it(
    'once stopped, leaves the site and its state as they are: what a cycle started (its spare, its index) is done',
    async () => {
      const before = lines.length;
      await put(db, { 'accounts/t1': therapist('t1', { bio: '止める前の自己紹介です。', updatedAt: Timestamp.now() }) });
      await expect
        .poll(() => lines.slice(before).some((line) => line.startsWith('[rebuild] changed')), { timeout: CYCLE_TIMEOUT_MS })
        .toBe(true);
      // The cycle is live; its bookkeeping and background index (after a quiet moment) are still to come.
      await site.stop();
      const siteDir = path.join(root, 'site');
      const snapshot = async () => ({ live: await readlink(siteDir), state: (await readdir(`${siteDir}.state`)).sort() });
      const stopped = await snapshot();
      expect(stopped.state).toContain('spare.json');
      // Longer than the quiet moment the background index waits for, and its run on this one-therapist site.
      await new Promise((resolve) => setTimeout(resolve, 2 * SETTLE_MS));
      expect(await snapshot()).toEqual(stopped);
    },
    2 * CYCLE_TIMEOUT_MS,
  );
});
