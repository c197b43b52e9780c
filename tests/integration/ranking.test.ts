/**
 * The daily 推しランキング (scripts/ranking.ts) on the real Auth and Firestore
 * emulators: it counts only eligible fans (verified email, account older
 * than 7 days, one per account, none for herself, published therapists
 * only), files a burst of favourites from new accounts to the operator
 * instead of counting it, takes last week's rank from the week-old
 * snapshot, writes nothing new on a rerun the same day, and the export
 * publishes the numbers only.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UserImportRecord } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { emulatorHost } from '../../scripts/lib/project';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { BURST_FANS, rankingBurstReportId, type RankingDoc } from '../../src/schema/rankings';
import { put, store, therapist } from './support/trust-docs';

/** Its own project (Firestore and Auth), so no other file's data mixes in. */
const PROJECT = 'demo-theralink-ranking';
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminAuth, adminDb } = await import('../../scripts/lib/admin');
const { runRanking } = await import('../../scripts/ranking');
const { moderate } = await import('../../scripts/moderate');
const { runExport } = await import('../../scripts/export');

const db = adminDb();
const auth = adminAuth();
const NOW = new Date('2026-11-20T03:00:00Z');
const DAY = 86_400_000;
const ago = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);
let dir: string;

async function clearAuth(): Promise<void> {
  const response = await fetch(`http://${emulatorHost('auth')}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear the Auth emulator: ${response.status}`);
}

/** Auth accounts: uid → [verified, created]. */
async function accounts(users: Record<string, [boolean, Date]>): Promise<void> {
  const records: UserImportRecord[] = Object.entries(users).map(([uid, [emailVerified, created]]) => ({
    uid,
    email: `${uid}@fans.test`,
    emailVerified,
    metadata: { creationTime: created.toUTCString(), lastSignInTime: created.toUTCString() },
  }));
  const result = await auth.importUsers(records);
  expect(result.errors).toEqual([]);
}

const favorite = (target: string, createdAt: Date, targetKind = 'therapist') => ({
  targetUid: target,
  targetKind,
  createdAt: Timestamp.fromDate(createdAt),
});
/** favorites/{fan}/items/{target} for each [fan, target, at] (at: days before NOW). */
async function favorites(rows: [string, string, number][]): Promise<void> {
  await put(db, Object.fromEntries(rows.map(([fan, target, at]) => [`favorites/${fan}/items/${target}`, favorite(target, ago(at))])));
}

const rankingNow = async () => (await db.doc('rankings/current').get()).data() as RankingDoc | undefined;
const counts = (entries: { uid: string; count: number }[]) => Object.fromEntries(entries.map((entry) => [entry.uid, entry.count]));
const quiet = { log: () => {} };

/** miu (新宿) and rin (渋谷) are public; hidden is unpublished, susp suspended; shop is a store. */
async function directory(): Promise<void> {
  await clearFirestoreEmulator(PROJECT);
  await clearAuth();
  await put(db, {
    'accounts/miu': therapist('miu', { displayName: 'みう', area: '新宿' }),
    'accounts/rin': therapist('rin', { displayName: 'りん', area: '渋谷' }),
    'accounts/hidden': therapist('hidden', { published: false }),
    'accounts/susp': therapist('susp'),
    'suspensions/susp': { reason: 'なりすまし', createdAt: Timestamp.fromDate(ago(30)) },
    'stores/shop': store('shop'),
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-ranking-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('who counts', () => {
  let result: Awaited<ReturnType<typeof runRanking>>;
  const lines: string[] = [];
  beforeAll(async () => {
    await directory();
    await accounts({
      old1: [true, ago(100)],
      old2: [true, ago(100)],
      old3: [true, ago(100)],
      unverified: [false, ago(100)],
      young: [true, ago(3)],
      miu: [true, ago(300)],
    });
    await favorites([
      ['old1', 'miu', 20],
      ['old2', 'miu', 20],
      ['old3', 'miu', 5],
      ['old1', 'rin', 20],
      ['unverified', 'miu', 20],
      ['young', 'miu', 1],
      // Herself, an unpublished and a suspended therapist: never counted.
      ['miu', 'miu', 20],
      ['old2', 'hidden', 20],
      ['old3', 'susp', 20],
    ]);
    await put(db, {
      // Stores are not ranked.
      'favorites/old1/items/shop': favorite('shop', ago(20), 'store'),
      // A row whose field disagrees with its id (the rules never accept it) is skipped, not counted twice.
      'favorites/old3/items/rin': favorite('miu', ago(20)),
    });
    result = await runRanking({ db, auth, now: NOW, log: (line) => lines.push(line) });
  });

  it('counts only verified accounts older than 7 days, once each, never herself, for published therapists', async () => {
    const ranking = (await rankingNow())!;
    expect(ranking.overall).toEqual([
      { uid: 'miu', count: 3, rank: 1, previousRank: null },
      { uid: 'rin', count: 1, rank: 2, previousRank: null },
    ]);
    expect(ranking.areas).toEqual({
      新宿: [{ uid: 'miu', count: 3, rank: 1, previousRank: null }],
      渋谷: [{ uid: 'rin', count: 1, rank: 1, previousRank: null }],
    });
    expect(ranking.comparedWith).toBeNull();
    expect(ranking.computedAt.toDate()).toEqual(NOW);
    expect(result.excluded).toEqual({ ineligible: 2, self: 1, duplicate: 0, store: 1, held: 0 });
  });

  it('keeps numbers and uids only: no fan appears anywhere in what it wrote', async () => {
    const written = JSON.stringify([await rankingNow(), (await db.collection('rankingSnapshots').get()).docs.map((doc) => doc.data())]);
    for (const fan of ['old1', 'old2', 'old3', 'unverified', 'young']) expect(written).not.toContain(fan);
  });

  it('prints the reads it made: the favourites, one query each for suspensions, reports, ranking and snapshots, one per counted target', () => {
    // 11 favourites + suspensions (1) + burst reports (none: 1) + rankings/current (1) + snapshots (none: 1) + miu, rin, hidden, susp.
    expect(result.reads).toBe(11 + 1 + 1 + 1 + 1 + 4);
    expect(lines[0]).toContain(`${result.reads} Firestore reads`);
    expect(lines[0]).toContain('11 favourites read (1 malformed skipped)');
  });

  it('the export publishes rankings.json, and drops a ranked therapist who is no longer public', async () => {
    const today = tokyoDateKey(NOW);
    await runExport(path.join(dir, 'before'), today, { warn: () => {} });
    const before = JSON.parse(await readFile(path.join(dir, 'before', 'rankings.json'), 'utf8'));
    expect(before).toEqual([
      { id: 'current', computedAt: NOW.toISOString(), comparedWith: null, overall: expect.any(Array), areas: expect.any(Object) },
    ]);
    expect(counts(before[0].overall)).toEqual({ miu: 3, rin: 1 });

    await put(db, { 'suspensions/miu': { reason: 'テスト', createdAt: Timestamp.now() } });
    await runExport(path.join(dir, 'after'), today, { warn: () => {} });
    const [after] = JSON.parse(await readFile(path.join(dir, 'after', 'rankings.json'), 'utf8'));
    expect(after.overall).toEqual([{ uid: 'rin', count: 1, rank: 1, previousRank: null }]);
    expect(after.areas).toEqual({ 渋谷: [{ uid: 'rin', count: 1, rank: 1, previousRank: null }] });
  });
});

describe('a burst from new accounts', () => {
  const burstFans = BURST_FANS + 5;
  const reportId = rankingBurstReportId('rin', tokyoDateKey(NOW));
  async function burstScene() {
    await directory();
    const users: Record<string, [boolean, Date]> = { old1: [true, ago(100)], old2: [true, ago(100)] };
    // Eligible by themselves (verified, 10 days old), but new when they 推し'd, all within the last day.
    for (let n = 0; n < burstFans; n++) users[`new${n}`] = [true, ago(10)];
    await accounts(users);
    await favorites([
      ['old1', 'rin', 20],
      ['old2', 'rin', 0.5],
      ['old1', 'miu', 20],
      ...Array.from({ length: burstFans }, (_, n): [string, string, number] => [`new${n}`, 'rin', 0.1 + n / 100]),
      // The same new accounts' older 推し of miu are no burst.
      ...Array.from({ length: burstFans }, (_, n): [string, string, number] => [`new${n}`, 'miu', 2]),
    ]);
  }
  const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

  describe('filed, listed, closed', () => {
    beforeAll(burstScene);

    it('is filed once to the operator and not counted, also on a rerun', async () => {
      const first = await runRanking({ db, auth, now: NOW, ...quiet });
      expect(first.filed).toEqual([reportId]);
      expect(first.held).toEqual(['rin']);
      const report = (await db.doc(`reports/${reportId}`).get()).data()!;
      expect(report).toMatchObject({
        userId: 'system-ranking',
        targetPath: 'accounts/rin',
        reason: 'ranking-burst',
        burst: { fans: burstFans },
      });
      expect(report.burst.from.toDate()).toEqual(ago(1));
      expect(report.burst.to.toDate()).toEqual(NOW);
      // The two old fans count; the burst does not. miu's 推し from the same accounts are older than the window: counted.
      expect(counts((await rankingNow())!.overall)).toEqual({ miu: 1 + burstFans, rin: 2 });

      const again = await runRanking({ db, auth, now: hours(1), ...quiet });
      expect(again.filed).toEqual([]);
      expect(again.held).toEqual(['rin']);
      expect((await db.collection('reports').get()).size).toBe(1);
      expect(counts((await rankingNow())!.overall)).toEqual({ miu: 1 + burstFans, rin: 2 });
    });

    it('is listed by npm run moderate, apart from people’s reports', async () => {
      const lines: string[] = [];
      await moderate({ command: 'list', args: [] }, { db, log: (line) => lines.push(line) });
      expect(lines).toContain('通報（未対応 0 件）');
      expect(lines).toContain('推しランキングの自動検知（未対応 1 件、閉じるまで集計から除外）');
      expect(lines.join('\n')).toMatch(
        new RegExp(`- ${reportId} {2}対象: accounts/rin（りん） {2}新しいアカウントからの推し: ${burstFans} 件`),
      );
    });

    it('counts once the operator closes it, and is not filed again that day', async () => {
      await moderate({ command: 'close-report', args: [reportId] }, { db, log: () => {}, by: 'test-operator' });
      const released = await runRanking({ db, auth, now: hours(2), ...quiet });
      expect(released.filed).toEqual([]);
      expect(released.held).toEqual([]);
      expect(counts((await rankingNow())!.overall).rin).toBe(2 + burstFans);
      expect((await db.collection('reports').get()).size).toBe(0);
    });
  });

  it('stays held the next day, when it is out of the 24 hours, while its report is open', async () => {
    await burstScene();
    await runRanking({ db, auth, now: NOW, ...quiet });
    const nextDay = await runRanking({ db, auth, now: hours(24), ...quiet });
    expect(nextDay.filed).toEqual([]);
    expect(nextDay.held).toEqual(['rin']);
    expect(counts((await rankingNow())!.overall).rin).toBe(2);
  });
});

describe('the week’s change and reruns', () => {
  beforeAll(async () => {
    await directory();
    await accounts(Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`fan${n}`, [true, ago(200)] as [boolean, Date]])));
    await put(db, { 'accounts/aoi': therapist('aoi', { area: '新宿' }) });
  });

  it('takes previousRank from the snapshot of a week ago, overall and by area, and drops older snapshots', async () => {
    // Nine days ago: only miu. A week ago: rin ahead of miu. Three days ago: miu ahead again.
    await favorites([['fan0', 'miu', 30]]);
    await runRanking({ db, auth, now: ago(9), ...quiet });
    await favorites([
      ['fan1', 'rin', 30],
      ['fan2', 'rin', 30],
    ]);
    await runRanking({ db, auth, now: ago(7), ...quiet });
    await favorites([
      ['fan3', 'miu', 30],
      ['fan4', 'miu', 30],
    ]);
    await runRanking({ db, auth, now: ago(3), ...quiet });
    // Today aoi (新宿) joins.
    await favorites([['fan5', 'aoi', 30]]);
    const today = await runRanking({ db, auth, now: NOW, ...quiet });

    expect(today.comparedWith).toBe(tokyoDateKey(ago(7)));
    const ranking = (await rankingNow())!;
    expect(ranking.comparedWith).toBe(tokyoDateKey(ago(7)));
    expect(ranking.overall).toEqual([
      { uid: 'miu', count: 3, rank: 1, previousRank: 2 },
      { uid: 'rin', count: 2, rank: 2, previousRank: 1 },
      { uid: 'aoi', count: 1, rank: 3, previousRank: null },
    ]);
    expect(ranking.areas['新宿']).toEqual([
      { uid: 'miu', count: 3, rank: 1, previousRank: 1 },
      { uid: 'aoi', count: 1, rank: 2, previousRank: null },
    ]);
    const snapshots = (await db.collection('rankingSnapshots').get()).docs.map((doc) => doc.id).sort();
    expect(snapshots).toEqual([ago(7), ago(3), NOW].map((at) => tokyoDateKey(at)));
  });

  it('a rerun the same day writes the same document (nothing at all when nothing changed)', async () => {
    const before = await db.doc('rankings/current').get();
    const rerun = await runRanking({ db, auth, now: new Date(NOW.getTime() + 3_600_000), ...quiet });
    const after = await db.doc('rankings/current').get();
    expect(rerun.written).toBe(false);
    expect(after.data()).toEqual(before.data());
    expect(after.updateTime?.isEqual(before.updateTime!)).toBe(true);
  });

  it('a rerun the same day after a new 推し writes the new count, still compared with the same snapshot', async () => {
    await accounts({ late: [true, ago(50)] });
    await favorites([['late', 'aoi', 1]]);
    const rerun = await runRanking({ db, auth, now: new Date(NOW.getTime() + 2 * 3_600_000), ...quiet });
    expect(rerun.written).toBe(true);
    const ranking = (await rankingNow())!;
    expect(ranking.comparedWith).toBe(tokyoDateKey(ago(7)));
    expect(counts(ranking.overall)).toEqual({ miu: 3, rin: 2, aoi: 2 });
  });
});

describe('npm run ranking', () => {
  const run = promisify(execFile);
  const cli = (env: NodeJS.ProcessEnv) => run('node_modules/.bin/tsx', ['scripts/ranking.ts'], { env });

  it('runs against the emulator and prints what it read', async () => {
    await directory();
    await favorites([['someone', 'miu', 20]]);
    const { stdout } = await cli({ ...process.env, FIREBASE_PROJECT_ID: PROJECT });
    expect(stdout).toMatch(
      /^\[ranking\] \d{4}-\d{2}-\d{2}: 1 favourites read, \d+ Auth accounts \(\d+ listUsers pages\), \d+ Firestore reads;/,
    );
    expect(stdout).toContain('rankings/current written');
    expect(await rankingNow()).toMatchObject({ comparedWith: null });
  });

  it('refuses a real project without --allow-production', async () => {
    const { FIRESTORE_EMULATOR_HOST: _, FIREBASE_AUTH_EMULATOR_HOST: __, ...env } = process.env;
    await expect(cli({ ...env, FIREBASE_PROJECT_ID: 'theralink-prod' })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('プロジェクト theralink-prod には書き込みません'),
    });
  });
});

beforeEach(() => {
  expect(process.env.FIREBASE_PROJECT_ID).toBe(PROJECT);
});

describe('a fan account as /register makes it', () => {
  it('counts once her verified account is older than 7 days, not before', async () => {
    await directory();
    // An Auth user and users/{uid} = {createdAt}: no profile (docs/decisions/fan-accounts.md).
    await accounts({ newfan: [true, ago(2)] });
    await put(db, { 'users/newfan': { createdAt: Timestamp.fromDate(ago(2)) } });
    await favorites([['newfan', 'rin', 1]]);
    await runRanking({ db, auth, now: NOW, log: quiet.log });
    expect(counts((await rankingNow())?.overall ?? [])).toEqual({});
    await runRanking({ db, auth, now: new Date(NOW.getTime() + 6 * DAY), log: quiet.log });
    expect(counts((await rankingNow())!.overall)).toEqual({ rin: 1 });
  });
});
