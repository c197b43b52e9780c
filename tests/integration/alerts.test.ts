/**
 * The 推し alerts job (scripts/alerts.ts) against the real Firestore
 * emulator: exports written as scripts/export.ts writes them, fans and
 * watches as the islands store them. Each event reaches every fan exactly
 * once, also when the job dies after a committed batch and a fresh run
 * goes on from the state file; settings, the daily bound, handle watches
 * and the shift window decide who hears what. Its own demo- project, since
 * export.test.ts clears the shared one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { blogPath } from '../../src/lib/routes';
import { publicProfilePath } from '../../src/lib/routes';
import { schedulePath } from '../../src/lib/routes';
import { addDays } from '../../src/lib/tokyo-date';
import type { ExportRecords } from '../../src/registry/public-collections';
import { announcementDoc } from '../../src/schema/announcements';
import { blogRecord, frozenRecord, postRecord, publicExport, shiftRecord, writePublicExport } from '../factories/public-export';
import { frozen, put, slug, therapist } from './support/trust-docs';

const PROJECT = 'demo-theralink-alerts';
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runAlerts, ALERTS_PER_DAY, DIGEST_UPDATES_PER_DAY } = await import('../../scripts/alerts');
const { runExport } = await import('../../scripts/export');
const { announcementId, digestId } = await import('../../scripts/alerts/ids');
const { Timestamp } = await import('firebase-admin/firestore');

const db = adminDb();
/** 12:00 in Tokyo. */
const NOW = new Date('2026-11-22T03:00:00Z');
const TODAY = '2026-11-22';
const minutesBefore = (minutes: number, at = NOW) => new Date(at.getTime() - minutes * 60_000).toISOString();
const quiet = () => {};
let root: string;
let exportDir: string;

/** th-01..th-03 and six stores, with old content (the snapshot the first run takes). */
const baseExport = (): ExportRecords => publicExport({ therapists: 3, today: TODAY });
const th = (records: ExportRecords, n: number) => records.therapists[n - 1]!;
const profileOf = (records: ExportRecords, n: number) => publicProfilePath('therapist', th(records, n).profileSlug);
const fanIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

/** Each fan 推す `target` (her row and her users doc, as the islands write them). */
async function follow(target: string, fans: readonly string[], user: (fan: string) => Record<string, unknown> = () => ({})) {
  for (let i = 0; i < fans.length; i += 250) {
    const batch = db.batch();
    for (const fan of fans.slice(i, i + 250)) {
      batch.set(db.doc(`favorites/${fan}/items/${target}`), { targetUid: target, targetKind: 'therapist', createdAt: Timestamp.now() });
      batch.set(db.doc(`users/${fan}`), { createdAt: Timestamp.now(), favoriteCount: 1, ...user(fan) }, { merge: true });
    }
    await batch.commit();
  }
}

async function watch(fan: string, handle: string, user: Record<string, unknown> = { watchCount: 1 }) {
  await db.doc(`handleWatches/${fan}/handles/${handle}`).set({ handle, createdAt: Timestamp.now() });
  await db.doc(`users/${fan}`).set({ createdAt: Timestamp.now(), ...user }, { merge: true });
}

/** Writes `records` as the export and runs the job on it. */
async function alerts(records: ExportRecords, options: Parameters<typeof runAlerts>[0] = {}) {
  await writePublicExport(exportDir, records);
  return runAlerts({ exportDir, now: NOW, db, log: quiet, ...options });
}

/** Every announcement, checked against its schema. */
async function announcements() {
  const snapshot = await db.collection('announcements').get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...announcementDoc.parse(doc.data()) }));
}
const of = async (fan: string) => (await announcements()).filter((a) => a.userId === fan);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'theralink-alerts-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
let testNumber = 0;
beforeEach(async () => {
  await clearFirestoreEmulator(PROJECT);
  exportDir = path.join(root, `export-${(testNumber += 1)}`);
});

describe('a new former handle', () => {
  it('the first run only takes the snapshot; then each of 1,200 fans gets the announcement exactly once', async () => {
    const records = baseExport();
    const fans = fanIds('fan', 1200);
    await follow('th-01', fans);
    await follow('th-02', ['other-fan']);
    const first = await alerts(records);
    expect(first).toMatchObject({ firstRun: true, events: 0, announcements: 0, reads: 0, writes: 0 });
    expect(await announcements()).toEqual([]);

    records.frozenAccounts.push(frozenRecord(th(records, 1), 'miu_new', 'therapist', { createdAt: minutesBefore(5) }));
    const result = await alerts(records);
    // The handle alert and the (unwatched) handle's watch event.
    expect(result).toMatchObject({ firstRun: false, events: 2, delivered: 2, pending: 0, announcements: 1200, digests: 0, writes: 1200 });
    // Three pages of fans (500 + 500 + 200), their 1,200 users docs, one empty watch query.
    expect(result.reads).toBe(1200 + 1200 + 1);

    const written = await announcements();
    expect(written).toHaveLength(1200);
    expect(new Set(written.map((a) => a.userId))).toEqual(new Set(fans));
    const name = th(records, 1).displayName;
    for (const a of written) {
      expect(a.id).toBe(announcementId('handle:x_miu_new', a.userId));
      expect(a).toMatchObject({
        kind: 'favorite-handle',
        title: `${name}さんが旧アカウント @miu_new を登録しました`,
        link: profileOf(records, 1),
      });
      expect(a.createdAt.toDate()).toEqual(NOW);
    }

    const again = await alerts(records, { now: new Date(NOW.getTime() + 60_000) });
    expect(again).toMatchObject({ events: 0, delivered: 0, announcements: 0, writes: 0 });
    expect(await announcements()).toHaveLength(1200);
  });

  it.each([1, 2])('dies after committed batch %i, and a fresh run from the state file finishes: each fan once', async (deadAt) => {
    const records = baseExport();
    const fans = fanIds('fan', 1200);
    await follow('th-01', fans);
    await alerts(records);
    records.frozenAccounts.push(frozenRecord(th(records, 1), 'miu_new', 'therapist', { createdAt: minutesBefore(5) }));

    const afterBatch = ({ batch, writes }: { batch: number; writes: number }) => {
      if (batch === deadAt && writes > 0) throw new Error('killed');
    };
    await expect(alerts(records, { hooks: { afterBatch } })).rejects.toThrow('killed');
    expect(await announcements()).toHaveLength(500 * deadAt);
    const state = JSON.parse(await readFile(`${exportDir}-alerts.json`, 'utf8')) as { pending: { id: string }[] };
    expect(state.pending.map((event) => event.id)).toEqual(['handle:x_miu_new', 'watch:miu_new:th-01']);

    // A new process: nothing in memory, only the state file. Later, with no new event in the export.
    const rerun = await runAlerts({ exportDir, now: new Date(NOW.getTime() + 600_000), db, log: quiet });
    expect(rerun).toMatchObject({ events: 0, delivered: 2, pending: 0 });
    // It goes on after the last batch whose progress was saved (none when it died after the first).
    expect(rerun.writes).toBe(1200 - 500 * (deadAt - 1));

    const written = await announcements();
    expect(written).toHaveLength(1200);
    expect(new Set(written.map((a) => a.userId)).size).toBe(1200);
    // The rewritten ones are the same documents: the detection time of the first run.
    for (const a of written) expect(a.createdAt.toDate()).toEqual(NOW);
    expect(await runAlerts({ exportDir, now: NOW, db, log: quiet })).toMatchObject({ delivered: 0, writes: 0 });
  });

  it('skips a fan who turned handle alerts off, and reads odd settings as the defaults', async () => {
    const records = baseExport();
    await follow('th-01', ['fan-default', 'fan-blog-off']);
    await follow('th-01', ['fan-handle-off'], () => ({ alerts: { handle: false, blog: true, post: true, schedule: true } }));
    await follow('th-01', ['fan-blog-off'], () => ({ alerts: { handle: true, blog: false, post: true, schedule: true } }));
    // Not what the rules let a client write, but the job must not trip on it: on, no push.
    await follow('th-01', ['fan-odd'], () => ({ alerts: 'off', pushAlerts: 'yes' }));
    // A fan row whose users doc is gone.
    await db.doc('favorites/fan-no-user/items/th-01').set({ targetUid: 'th-01', targetKind: 'therapist', createdAt: Timestamp.now() });
    await alerts(records);

    records.frozenAccounts.push(frozenRecord(th(records, 1), 'miu_new', 'therapist', { createdAt: minutesBefore(5) }));
    const result = await alerts(records);
    expect(result).toMatchObject({ announcements: 4, pushesSkipped: 0 });
    expect((await announcements()).map((a) => a.userId).sort()).toEqual(['fan-blog-off', 'fan-default', 'fan-no-user', 'fan-odd']);
  });

  it('says nothing of a handle listed long ago that shows up again (her profile published again)', async () => {
    const records = baseExport();
    await follow('th-01', ['fan-a']);
    await alerts(records);
    records.frozenAccounts.push(frozenRecord(th(records, 1), 'miu_back', 'therapist', { createdAt: minutesBefore(3 * 24 * 60) }));
    const result = await alerts(records);
    expect(result).toMatchObject({ announcements: 0 });
    expect(await announcements()).toEqual([]);
  });
});

describe('the daily bound', () => {
  it(`alerts the first ${ALERTS_PER_DAY} events of her day one by one, then one digest per fan, rewritten with the count`, async () => {
    const records = baseExport();
    const fans = ['fan-a', 'fan-b', 'fan-c'];
    await follow('th-01', fans);
    await follow('th-01', ['fan-posts-off'], () => ({ alerts: { handle: true, blog: true, post: false, schedule: true } }));
    await alerts(records);
    const posts = Array.from({ length: 5 }, (_, i) =>
      postRecord(th(records, 1), 100 + i, { id: `th-01_post_${i}`, createdAt: minutesBefore(50 - i) }),
    );

    records.posts.push(...posts.slice(0, 4));
    const first = await alerts(records);
    expect(first).toMatchObject({ events: 4, announcements: 3 * 3, digests: 3 });
    records.posts.push(posts[4]!);
    const second = await alerts(records, { now: new Date(NOW.getTime() + 60_000) });
    expect(second).toMatchObject({ events: 1, announcements: 0, digests: 3 });

    const name = th(records, 1).displayName;
    for (const fan of fans) {
      const mine = await of(fan);
      expect(mine).toHaveLength(ALERTS_PER_DAY + 1);
      expect(mine.filter((a) => a.kind === 'favorite-post').map((a) => a.id)).toEqual(
        posts.slice(0, 3).map((post) => announcementId(`post:${post.id}`, fan)),
      );
      const digest = mine.find((a) => a.kind === 'favorite-digest')!;
      expect(digest).toMatchObject({
        id: digestId('th-01', TODAY, fan),
        title: `${name}さんの新着がほかに 2 件あります`,
        link: profileOf(records, 1),
      });
      expect(digest.createdAt.toDate()).toEqual(new Date(NOW.getTime() + 60_000));
    }
    expect(await of('fan-posts-off')).toEqual([]);

    // Past the day's digest updates, her further events cost nothing (a 推し can make events without end).
    const more = Array.from({ length: DIGEST_UPDATES_PER_DAY }, (_, i) =>
      postRecord(th(records, 1), 150 + i, { id: `th-01_post_more_${i}`, createdAt: minutesBefore(30 - i) }),
    );
    records.posts.push(...more);
    const capped = await alerts(records, { now: new Date(NOW.getTime() + 120_000) });
    expect(capped).toMatchObject({ events: DIGEST_UPDATES_PER_DAY, beyondBound: 2, digests: 3 });
    expect((await of('fan-a')).find((a) => a.kind === 'favorite-digest')!.title).toBe(
      `${name}さんの新着がほかに ${DIGEST_UPDATES_PER_DAY} 件あります`,
    );
    records.posts.push(postRecord(th(records, 1), 190, { id: 'th-01_post_one_more', createdAt: minutesBefore(1) }));
    expect(await alerts(records, { now: new Date(NOW.getTime() + 180_000) })).toMatchObject({ events: 1, beyondBound: 1, writes: 0 });

    // A new Tokyo day starts her count again.
    const tomorrow = new Date(NOW.getTime() + 24 * 3_600_000);
    records.posts.push(postRecord(th(records, 1), 200, { id: 'th-01_post_next_day', createdAt: minutesBefore(1, tomorrow) }));
    expect(await alerts(records, { now: tomorrow })).toMatchObject({ events: 1, announcements: 3, digests: 0 });
  });
});

describe('handle watches', () => {
  it('fire once when the handle is registered (not while disputed), and are deleted with the counter', async () => {
    const records = baseExport();
    await watch('fan-former', 'miu_next');
    await watch('fan-current', 'x_current');
    await watch('fan-disputed', 'contested');
    // Odd counter: the watch is still deleted, the counter is left alone.
    await watch('fan-odd', 'miu_next', { watchCount: 'many' });
    await alerts(records);

    records.frozenAccounts.push(
      frozenRecord(th(records, 1), 'miu_next', 'therapist', { createdAt: minutesBefore(5) }),
      frozenRecord(th(records, 2), 'contested', 'therapist', { createdAt: minutesBefore(5), disputed: true }),
    );
    th(records, 3).channels = { x: 'x_current' };
    const result = await alerts(records);
    expect(result).toMatchObject({ watchesFired: 3, announcements: 3 });

    const [former] = await of('fan-former');
    expect(former).toMatchObject({
      id: announcementId('watch:miu_next:th-01', 'fan-former'),
      kind: 'handle-watch',
      title: '@miu_next が登録されました',
      link: profileOf(records, 1),
    });
    expect(await of('fan-current')).toEqual([
      expect.objectContaining({ title: '@x_current が登録されました', link: profileOf(records, 3) }),
    ]);
    expect(await of('fan-odd')).toHaveLength(1);
    expect(await of('fan-disputed')).toEqual([]);
    for (const [fan, handle] of [
      ['fan-former', 'miu_next'],
      ['fan-current', 'x_current'],
      ['fan-odd', 'miu_next'],
    ]) {
      expect((await db.doc(`handleWatches/${fan}/handles/${handle}`).get()).exists).toBe(false);
    }
    expect((await db.doc('users/fan-former').get()).get('watchCount')).toBe(0);
    expect((await db.doc('users/fan-odd').get()).get('watchCount')).toBe('many');
    expect((await db.doc('handleWatches/fan-disputed/handles/contested').get()).exists).toBe(true);
    expect((await db.doc('users/fan-disputed').get()).get('watchCount')).toBe(1);

    // Rerun: nothing twice. Then the dispute is settled in her favour: the watch fires now.
    expect(await alerts(records)).toMatchObject({ events: 0, writes: 0 });
    records.frozenAccounts.at(-1)!.disputed = false;
    expect(await alerts(records)).toMatchObject({ watchesFired: 1 });
    expect(await of('fan-disputed')).toEqual([
      expect.objectContaining({ title: '@contested が登録されました', link: profileOf(records, 2) }),
    ]);
    expect((await db.doc('users/fan-disputed').get()).get('watchCount')).toBe(0);
    expect(await of('fan-former')).toHaveLength(1);
  });
});

describe('what a 推し does', () => {
  it('a shift today or tomorrow alerts her fans; one the day after tomorrow alerts nobody, then or later', async () => {
    const records = baseExport();
    await follow('th-01', ['fan-a', 'fan-b']);
    await alerts(records);
    const her = th(records, 1);
    const today = shiftRecord(her, TODAY, '18:00', '23:00');
    const tomorrow = shiftRecord(her, addDays(TODAY, 1), '19:00', '02:00');
    const later = shiftRecord(her, addDays(TODAY, 2), '20:00', '23:00');
    records.shifts.push(today, tomorrow, later);
    const result = await alerts(records);
    expect(result).toMatchObject({ events: 2, announcements: 4 });
    const mine = await of('fan-a');
    expect(mine.map((a) => [a.id, a.title, a.link]).sort()).toEqual(
      [
        [announcementId(`shift:${today.id}`, 'fan-a'), `${her.displayName}さんが今日出勤します`, schedulePath('th-01')],
        [announcementId(`shift:${tomorrow.id}`, 'fan-a'), `${her.displayName}さんが明日出勤します`, schedulePath('th-01')],
      ].sort(),
    );
    expect(mine.find((a) => a.id.includes(tomorrow.id))!.body).toContain('19:00〜翌02:00');

    // The next day that shift is tomorrow's, but not new: still nobody.
    expect(await alerts(records, { now: new Date(NOW.getTime() + 24 * 3_600_000) })).toMatchObject({ events: 0, writes: 0 });
    expect(await announcements()).toHaveLength(4);
  });

  it('a blog links to its page, a post to her profile, a new X handle says she moved; long names still fit', async () => {
    const records = baseExport();
    await follow('th-01', ['fan-a']);
    await follow('th-03', ['fan-b']);
    th(records, 3).displayName = 'と'.repeat(120);
    await alerts(records);
    const blog = blogRecord(th(records, 1), 30, { id: 'th-01_blog_new', title: '今日の日記', publishedAt: minutesBefore(2) });
    const post = postRecord(th(records, 1), 300, { id: 'th-01_post_new', text: '本日18時から出勤します！', createdAt: minutesBefore(1) });
    records.blogs.push(blog);
    records.posts.push(post);
    th(records, 3).channels = { x: 'moved_here' };
    expect(await alerts(records)).toMatchObject({ events: 4, announcements: 3 });

    const name = th(records, 1).displayName;
    expect((await of('fan-a')).map(({ kind, title, body, link }) => ({ kind, title, body, link }))).toEqual(
      expect.arrayContaining([
        { kind: 'favorite-blog', title: `${name}さんがブログを書きました`, body: '今日の日記', link: blogPath(blog.id) },
        {
          kind: 'favorite-post',
          title: `${name}さんがタイムラインに投稿しました`,
          body: '本日18時から出勤します！',
          link: profileOf(records, 1),
        },
      ]),
    );
    const [moved] = await of('fan-b');
    expect(moved).toMatchObject({ kind: 'favorite-handle', link: profileOf(records, 3) });
    expect(moved!.title).toHaveLength(100);
    expect(moved!.body).toBe('X の新しいアカウントは @moved_here です。');
  });

  it('a baseline run takes the export as it is, without alerting what changed', async () => {
    const records = baseExport();
    await follow('th-01', ['fan-a']);
    await alerts(records);
    records.posts.push(postRecord(th(records, 1), 300, { id: 'th-01_post_new', createdAt: minutesBefore(1) }));
    expect(await alerts(records, { baseline: true })).toMatchObject({ events: 0, writes: 0 });
    expect(await alerts(records)).toMatchObject({ events: 0, writes: 0 });
    expect(await announcements()).toEqual([]);
  });
});

describe('push', () => {
  const tokens = async (uid: string) => (await db.collection(`users/${uid}/fcmTokens`).get()).docs.map((doc) => doc.get('token')).sort();
  const addToken = (uid: string, slot: number, token: string) =>
    db.doc(`users/${uid}/fcmTokens/${slot}`).set({ token, createdAt: Timestamp.now(), refreshedAt: Timestamp.now() });

  async function scene() {
    const records = baseExport();
    await follow('th-01', ['fan-push', 'fan-push-no-token'], () => ({ pushAlerts: true }));
    await follow('th-01', ['fan-bell-only']);
    await Promise.all([addToken('fan-push', 0, 'live'), addToken('fan-push', 1, 'dead'), addToken('fan-bell-only', 0, 'bell')]);
    await alerts(records);
    records.blogs.push(blogRecord(th(records, 1), 30, { id: 'th-01_blog_new', title: '今日の日記', publishedAt: minutesBefore(2) }));
    return records;
  }

  it('is skipped on the emulator with the reason, once', async () => {
    const records = await scene();
    const log = vi.fn();
    const messaging = vi.fn();
    const result = await alerts(records, { log, messaging });
    expect(result.pushSkipped).toMatch(/Cloud Messaging にはエミュレータがないため、プッシュ送信はスキップしました/);
    expect(result).toMatchObject({ announcements: 3, pushesSkipped: 2, pushesSent: 0 });
    expect(log.mock.calls).toEqual([[result.pushSkipped]]);
    expect(messaging).not.toHaveBeenCalled();
  });

  it('goes to the tokens of fans who opted in, and dead tokens are removed', async () => {
    const records = await scene();
    const sent: MulticastMessage[] = [];
    const messaging = {
      sendEachForMulticast: async (message: MulticastMessage) => {
        sent.push(message);
        return {
          responses: message.tokens.map((token) =>
            token === 'dead'
              ? { success: false, error: { code: 'messaging/registration-token-not-registered' } }
              : { success: true, messageId: 'm' },
          ),
        } as unknown as BatchResponse;
      },
    };
    const result = await alerts(records, { pushSkipReason: null, messaging: () => messaging });
    expect(result).toMatchObject({ announcements: 3, pushesSent: 1, removedTokens: 1, pushesFailed: 0, pushesSkipped: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.tokens.sort()).toEqual(['dead', 'live']);
    expect(sent[0]).toMatchObject({
      notification: { title: `${th(records, 1).displayName}さんがブログを書きました` },
      data: { link: '/blog/th-01_blog_new' },
    });
    expect(await tokens('fan-push')).toEqual(['live']);
    expect(await tokens('fan-bell-only')).toEqual(['bell']);
  });
});

describe('from Firestore to the fan, as the production workflow runs it', () => {
  it('a handle saved in Firestore → export → `npm run alerts` (a real process) → the announcement', async () => {
    await put(db, { 'accounts/t1': therapist('t1'), 'slugs/slug-t1': slug('t1', 'therapist') });
    await follow('t1', ['fan-a', 'fan-b']);
    const cli = () =>
      promisify(execFile)('node_modules/.bin/tsx', ['scripts/alerts.ts'], {
        env: { ...process.env, FIREBASE_PROJECT_ID: PROJECT, EXPORT_DIR: exportDir },
      });
    await runExport(exportDir, TODAY, { mode: 'full', warn: quiet });
    expect((await cli()).stdout).toContain('初回の実行です');

    await put(db, { 'frozenAccounts/x_t1_new': frozen('t1', 't1_new', { createdAt: Timestamp.now() }) });
    await runExport(exportDir, TODAY, { mode: 'full', warn: quiet });
    const { stdout } = await cli();
    expect(stdout).toContain('新しい出来事 2 件');
    expect(stdout).toContain('お知らせ 2 件');
    expect(stdout).toMatch(/Firestore 読み取り 5 回、書き込み 2 回/);
    expect((await announcements()).map((a) => [a.userId, a.title, a.link]).sort()).toEqual([
      ['fan-a', 'セラピストt1さんが旧アカウント @t1_new を登録しました', publicProfilePath('therapist', 'slug-t1')],
      ['fan-b', 'セラピストt1さんが旧アカウント @t1_new を登録しました', publicProfilePath('therapist', 'slug-t1')],
    ]);
  });
});
