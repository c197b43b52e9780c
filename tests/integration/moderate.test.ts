/**
 * `npm run moderate` (scripts/moderate.ts) against the Firestore emulator,
 * through its command line (`runModerateCli`: the same parsing, refusals and
 * messages; in this process, as a tsx cold start per case cost minutes, and
 * as a real process for the cases only a process shows): it lists disputes and reports, resolves a dispute
 * by transferring the handle, suspends an account, and both show after the
 * next export; it verifies a store (its badges show) and takes that back.
 * Every action leaves a moderationLog entry; a closed dispute or report is
 * deleted (freeing the user's slot) after being copied there.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { reportPathFor, writeQuarantined } from '../../scripts/export/report';
import { readExport } from '../../src/data/export-records';
import { frozenAccountDoc } from '../../src/schema/frozen-accounts';
import { emulatorHost } from '../../scripts/lib/project';
import { TEST_PROJECTS } from '../setup/projects';
import { AT, blog as blogDoc, dispute, frozen, post as postDoc, put, shift, store, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.moderate;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runExport } = await import('../../scripts/export');

const { runModerateCli } = await import('../../scripts/moderate');

const run = promisify(execFile);
const db = adminDb();
const today = '2026-11-22';
let dir: string;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}
// The test's project unless `env` names another (a real one, to be refused).
const operatorEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ FIREBASE_PROJECT_ID: PROJECT, ...env, MODERATOR: 'test-operator' });

/** The command line in this process: resolves with what it printed, rejects (as execFile does) on a non-zero exit. */
async function moderate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runModerateCli(args, {
    env: operatorEnv(env),
    db,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  const result = { code, stdout: out.map((line) => `${line}\n`).join(''), stderr: err.map((line) => `${line}\n`).join('') };
  if (code !== 0) throw Object.assign(new Error(`moderate ${args.join(' ')} exited ${code}`), result);
  return result;
}

/** The real `tsx scripts/moderate.ts` process. */
const moderateProcess = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  run('node_modules/.bin/tsx', ['scripts/moderate.ts', ...args], { env: operatorEnv(env) });
const data = async (docPath: string) => (await db.doc(docPath).get()).data();
const exists = async (docPath: string) => (await db.doc(docPath).get()).exists;
/** The announcements written so far, as who was told what and where it links (createdAt is the server's). */
const notices = async () =>
  (await db.collection('announcements').get()).docs
    .map((doc) => doc.data())
    .map(({ userId, title, body, link, kind, createdAt }) => {
      expect(createdAt).toBeInstanceOf(Timestamp);
      return { userId, title, body, link, kind };
    })
    .sort((a, b) => a.userId.localeCompare(b.userId));
const logEntries = async () =>
  (await db.collection('moderationLog').get()).docs.map((doc) => doc.data()).sort((a, b) => a.at.toMillis() - b.at.toMillis());

/** Mallory holds Miu's old handle; Miu opened a dispute; a fan reported Mallory. */
async function scene() {
  await clearFirestoreEmulator(PROJECT);
  await put(db, {
    'accounts/miu': therapist('miu', { displayName: 'みう' }),
    'accounts/mallory': therapist('mallory', { displayName: 'まろりー' }),
    'frozenAccounts/x_miu_old': frozen('mallory', 'miu_old', { note: 'わたしの旧アカウント' }),
    'users/mallory/handleSlots/0': { handleId: 'x_miu_old' },
    'schedules/mallory_2026-11-23_0': shift('mallory', '2026-11-23'),
    'disputes/miu_0': dispute('miu', 'x_miu_old', { evidence: '凍結通知のメールがあります。' }),
    'reports/fan_0': {
      userId: 'fan',
      targetPath: 'accounts/mallory',
      reason: 'impersonation',
      text: 'みうさんのなりすましです。',
      createdAt: AT,
    },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-moderate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the records the last cycle left out', () => {
  beforeAll(scene);

  it('are listed as collection/id: what failed, from the export and from the build', async () => {
    await put(db, { 'accounts/broken': { ...therapist('broken'), displayName: 42 } });
    const exportDir = path.join(dir, 'left-out');
    await runExport(exportDir, today, { warn: () => {} });
    // The build's part of the report, as scripts/build-site.ts writes it after quarantining a page.
    await writeQuarantined(reportPathFor(exportDir), exportDir, [
      { collection: 'blogs', id: 'miu_20261120_0', stage: 'page', problems: [{ path: '(page)', message: '/blog/miu_20261120_0: failed' }] },
    ]);
    const { stdout } = await moderate(['list'], { ...process.env, EXPORT_DIR: exportDir });
    expect(stdout).toContain('公開から外した記録（2 件');
    expect(stdout).toContain('- accounts/broken: displayName: Invalid input: expected string, received number  〔書き出し：形式の誤り〕');
    expect(stdout).toContain('- blogs/miu_20261120_0: (page): /blog/miu_20261120_0: failed  〔ビルド：ページを作れない〕');
    await db.doc('accounts/broken').delete();
  });
});

describe('a dispute resolved by transfer, and a suspension', () => {
  beforeAll(scene);

  it('lists the open dispute and report with their ids, targets and text', async () => {
    const { stdout } = await moderate(['list']);
    expect(stdout).toContain('申し立て（未対応 1 件）');
    // The handle as the commands take it, and each party by id and name.
    expect(stdout).toMatch(/miu_0 {2}@miu_old（旧アカウント、いまの持ち主: mallory（まろりー）、self） {2}申し立てた人: miu（みう）/);
    expect(stdout).toContain('凍結通知のメールがあります。');
    expect(stdout).toMatch(/fan_0 {2}対象: accounts\/mallory（まろりー） {2}理由: impersonation {2}通報した人: fan（プロフィールなし）/);
    expect(stdout).toContain('みうさんのなりすましです。');
  });

  it('the export shows the handle as 確認中 before the operator acts', async () => {
    await runExport(path.join(dir, 'before'), today, { warn: () => {} });
    const frozenList = JSON.parse(await readFile(path.join(dir, 'before', 'frozen-accounts.json'), 'utf8'));
    expect(frozenList).toEqual([expect.objectContaining({ id: 'x_miu_old', userId: 'mallory', verification: 'self', disputed: true })]);
  });

  it('transfers the handle to the claimant: operator-verified, slots moved, dispute closed and logged', async () => {
    const { stdout } = await moderate(['transfer', '@MIU_OLD', 'miu']);
    expect(stdout).toContain('@miu_old を mallory から miu に移しました（枠 0、運営確認済み）。');
    expect(stdout).toContain('この件の申し立て 1 件を閉じました: miu_0');

    const claim = await data('frozenAccounts/x_miu_old');
    expect(frozenAccountDoc.safeParse(claim).success).toBe(true);
    expect(claim).toMatchObject({ userId: 'miu', handle: 'miu_old', verification: 'operator', confirmedBy: null, slot: 0, note: '' });
    expect(await data('users/miu/handleSlots/0')).toEqual({ handleId: 'x_miu_old' });
    expect(await exists('users/mallory/handleSlots/0')).toBe(false);
    expect(await exists('disputes/miu_0')).toBe(false);

    const log = await logEntries();
    expect(log.map((entry) => entry.action).sort()).toEqual(['close-dispute', 'transfer']);
    expect(log.find((entry) => entry.action === 'close-dispute')).toMatchObject({
      target: 'disputes/miu_0',
      by: 'test-operator',
      detail: { resolution: 'transfer', dispute: { userId: 'miu', handleId: 'x_miu_old', evidence: '凍結通知のメールがあります。' } },
    });
    expect(log.find((entry) => entry.action === 'transfer')).toMatchObject({
      target: 'frozenAccounts/x_miu_old',
      detail: { from: 'mallory', to: 'miu' },
    });
    // Both are told, each on her announcements, linking to where she manages her handles.
    expect(await notices()).toEqual([
      expect.objectContaining({
        userId: 'mallory',
        title: '@miu_old はあなたの旧アカウントから外れました',
        body: expect.stringContaining('追加し直すと申し立てができます'),
        link: '/profile',
        kind: 'system',
      }),
      expect.objectContaining({ userId: 'miu', title: '@miu_old があなたの旧アカウントになりました', link: '/profile', kind: 'system' }),
    ]);
  });

  it('suspends the impostor with a reason, and closes the report', async () => {
    const suspended = await moderateProcess(['suspend', 'mallory', '--reason', 'なりすまし']);
    expect(suspended.stdout).toContain('mallory を利用停止にしました');
    expect(await data('suspensions/mallory')).toMatchObject({ reason: 'なりすまし' });

    const closed = await moderate(['close-report', 'fan_0']);
    expect(closed.stdout).toContain('通報 fan_0 を閉じました');
    expect(await exists('reports/fan_0')).toBe(false);
    const log = await logEntries();
    expect(log.find((entry) => entry.action === 'suspend')).toMatchObject({
      target: 'suspensions/mallory',
      detail: { reason: 'なりすまし' },
    });
    expect(log.find((entry) => entry.action === 'close-report')).toMatchObject({
      detail: { report: { text: 'みうさんのなりすましです。' } },
    });

    const { stdout } = await moderate(['list']);
    expect(stdout).toContain('申し立て（未対応 0 件）');
    expect(stdout).toContain('通報（未対応 0 件）');
    expect(stdout).toMatch(/利用停止中（1 件）\n- mallory（まろりー） {2}理由: なりすまし/);
  });

  it('both show after the export: the handle is hers and verified, the impostor is gone', async () => {
    const exportDir = path.join(dir, 'after');
    await runExport(exportDir, today, { warn: () => {} });
    const read = async (file: string) => JSON.parse(await readFile(path.join(exportDir, file), 'utf8'));
    expect(await read('frozen-accounts.json')).toEqual([
      expect.objectContaining({
        id: 'x_miu_old',
        userId: 'miu',
        ownerKind: 'therapist',
        verification: 'operator',
        disputed: false,
        note: '',
      }),
    ]);
    expect((await read('therapists.json')).map((t: { id: string }) => t.id)).toEqual(['miu']);
    expect(await read('shifts.json')).toEqual([]);
  });

  it('unsuspends, and the account is back after the export', async () => {
    const { stdout } = await moderate(['unsuspend', 'mallory']);
    expect(stdout).toContain('mallory の利用停止を解除しました');
    expect(await exists('suspensions/mallory')).toBe(false);
    const exportDir = path.join(dir, 'unsuspended');
    const { counts } = await runExport(exportDir, today, { warn: () => {} });
    expect(counts).toMatchObject({ therapists: 2, shifts: 1 });
  });
});

describe('hiding a blog and a timeline post', () => {
  const blog = (overrides: Record<string, unknown> = {}) => blogDoc('miu', AT, overrides);
  const post = postDoc('miu');
  const exported = async (name: 'blogs' | 'posts') => {
    const exportDir = path.join(dir, 'hide');
    await runExport(exportDir, today, { warn: () => {} });
    return (await readExport(exportDir))[name].map((record) => record.id);
  };

  beforeAll(async () => {
    await scene();
    await put(db, { 'blogs/miu_20261101_0': blog(), 'posts/miu_20261101_0': post });
  });

  it('both are public before', async () => {
    expect(await exported('blogs')).toEqual(['miu_20261101_0']);
    expect(await exported('posts')).toEqual(['miu_20261101_0']);
  });

  it('list names who wrote a reported blog, and a reported post that is gone', async () => {
    const report = (targetPath: string) => ({ userId: 'fan', targetPath, reason: 'spam', text: '', createdAt: AT });
    await put(db, { 'reports/fan_1': report('blogs/miu_20261101_0'), 'reports/fan_2': report('posts/miu_gone') });
    const { stdout } = await moderate(['list']);
    expect(stdout).toContain('対象: blogs/miu_20261101_0（書いた人: miu（みう））  理由: spam');
    expect(stdout).toContain('対象: posts/miu_gone（削除済み）  理由: spam');
    await Promise.all(['reports/fan_1', 'reports/fan_2'].map((report) => db.doc(report).delete()));
  });

  it('hides them (moving updatedAt for the incremental export) and logs it; the next export leaves them out', async () => {
    await moderate(['hide', 'blogs/miu_20261101_0']);
    const { stdout } = await moderate(['hide', 'posts/miu_20261101_0']);
    expect(stdout).toContain('posts/miu_20261101_0 を非公開にしました');
    expect(await data('blogs/miu_20261101_0')).toMatchObject({ hidden: true });
    expect((await data('posts/miu_20261101_0'))!.updatedAt.toMillis()).toBeGreaterThan(AT.toMillis());
    expect((await logEntries()).filter((entry) => entry.action === 'hide').map((entry) => entry.target)).toEqual([
      'blogs/miu_20261101_0',
      'posts/miu_20261101_0',
    ]);
    expect(await exported('blogs')).toEqual([]);
    expect(await exported('posts')).toEqual([]);
  });

  it('unhides, and refuses what is already so or is not a blog or post', async () => {
    await moderate(['unhide', 'blogs/miu_20261101_0']);
    expect(await exported('blogs')).toEqual(['miu_20261101_0']);
    await expect(moderate(['unhide', 'blogs/miu_20261101_0'])).rejects.toMatchObject({ stderr: expect.stringContaining('すでに公開です') });
    await expect(moderate(['hide', 'accounts/miu'])).rejects.toMatchObject({ stderr: expect.stringContaining('blogs/<id> か posts/<id>') });
  });
});

describe('verifying a store', () => {
  const exported = async () => {
    const exportDir = path.join(dir, 'stores');
    await runExport(exportDir, today, { warn: () => {} });
    const records = await readExport(exportDir);
    return {
      badge: records.frozenAccounts.find((entry) => entry.id === 'x_miu_relax')?.verification,
      verified: records.stores.find((entry) => entry.id === 'shop')?.verified,
    };
  };

  beforeAll(async () => {
    await scene();
    // Miu's store confirmed her handle (a store claim naming it); the operator has not verified the store.
    await put(db, {
      'stores/shop': store('shop', { storeName: 'アロマ新宿', website: 'https://aroma.example/', channels: { x: 'aroma_shinjuku' } }),
      'frozenAccounts/x_miu_relax': frozen('miu', 'miu_relax', { verification: 'store', confirmedBy: 'shop' }),
      // The store asked to be verified, with a note on how to reach it.
      'storeVerificationRequests/shop': { note: '公式サイトの\nフォームからご連絡ください。\u001b[2J', requestedAt: AT },
    });
  });

  it('list shows the store that asked, with what to check it by and its note on one line', async () => {
    const { stdout } = await moderate(['list']);
    expect(stdout).toContain('店舗の確認申請（未対応 1 件');
    expect(stdout).toMatch(
      /- shop {2}アロマ新宿 {2}エリア: 新宿 {2}ページ: \/store-profile\/store-shop {2}サイト: https:\/\/aroma\.example\/ {2}X: @aroma_shinjuku {2}2026-11-01 12:00:00 JST$/m,
    );
    // What the store wrote cannot act on the operator's terminal: its escape sequence shows as code.
    expect(stdout).toContain('    公式サイトの フォームからご連絡ください。\\u001b[2J');
    expect(stdout).not.toContain('\u001b');
  });

  it('an unverified store: its confirmation shows as 本人申告, its page as unverified', async () => {
    expect(await exported()).toEqual({ badge: 'self', verified: false });
  });

  it('verify-store records it and logs who did; the next export shows the badge and the store as verified', async () => {
    const { stdout } = await moderate(['verify-store', 'shop']);
    expect(stdout).toContain('shop（アロマ新宿）を運営確認済みの店舗にしました。');
    expect(await data('storeVerifications/shop')).toEqual({ verifiedAt: expect.anything() });
    // Its request is answered: gone from Firestore and from the list, its note kept in the log.
    expect(await exists('storeVerificationRequests/shop')).toBe(false);
    expect((await moderate(['list'])).stdout).toContain('店舗の確認申請（未対応 0 件');
    expect((await logEntries()).find((entry) => entry.action === 'verify-store')).toMatchObject({
      target: 'storeVerifications/shop',
      by: 'test-operator',
      detail: { storeName: 'アロマ新宿', request: { note: '公式サイトの\nフォームからご連絡ください。\u001b[2J' } },
    });
    expect(await exported()).toEqual({ badge: 'store', verified: true });
    expect(await notices()).toEqual([
      expect.objectContaining({ userId: 'shop', title: '運営確認済みの店舗になりました', link: '/store-profile', kind: 'system' }),
    ]);
  });

  it('refuses verifying it twice, or what is not a store', async () => {
    await expect(moderate(['verify-store', 'shop'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('shop はすでに運営確認済みの店舗です。'),
    });
    await expect(moderate(['verify-store', 'miu'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('miu は店舗ではありません'),
    });
    await expect(moderate(['verify-store'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/verify-store には引数が 1 個必要です[\s\S]*verify-store <storeId>/),
    });
  });

  it('unverify-store deletes it with its tombstone and logs it; the next export takes the badge back', async () => {
    const { stdout } = await moderate(['unverify-store', 'shop']);
    expect(stdout).toContain('shop の運営確認を取り消しました。');
    expect(await exists('storeVerifications/shop')).toBe(false);
    expect(await data('deletions/storeVerifications:shop')).toMatchObject({ collection: 'storeVerifications', docId: 'shop' });
    expect((await logEntries()).find((entry) => entry.action === 'unverify-store')).toMatchObject({
      target: 'storeVerifications/shop',
      by: 'test-operator',
    });
    // The claim keeps naming its store: verified again, the badge would come back.
    expect(await data('frozenAccounts/x_miu_relax')).toMatchObject({ verification: 'store', confirmedBy: 'shop' });
    expect(await exported()).toEqual({ badge: 'self', verified: false });
    expect((await notices()).map((notice) => notice.title).sort()).toEqual([
      '店舗の運営確認を取り消しました',
      '運営確認済みの店舗になりました',
    ]);
    await expect(moderate(['unverify-store', 'shop'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('shop は運営確認済みの店舗ではありません。'),
    });
  });

  it('verify on a store-confirmed handle makes it 運営確認済み and drops the store from it', async () => {
    await moderate(['verify', 'miu_relax']);
    expect(await data('frozenAccounts/x_miu_relax')).toMatchObject({ verification: 'operator', confirmedBy: null });
    expect(frozenAccountDoc.safeParse(await data('frozenAccounts/x_miu_relax')).success).toBe(true);
  });
});

describe('refusals', () => {
  beforeEach(scene);

  it('refuses a transfer when the new owner has no free handle slot, and changes nothing', async () => {
    await put(db, Object.fromEntries(Array.from({ length: 10 }, (_, n) => [`users/miu/handleSlots/${n}`, { handleId: `x_other_${n}` }])));
    await expect(moderate(['transfer', 'miu_old', 'miu'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('miu の旧アカウントの枠（10 件）が埋まっています'),
    });
    expect(await data('frozenAccounts/x_miu_old')).toMatchObject({ userId: 'mallory', verification: 'self' });
    expect(await exists('disputes/miu_0')).toBe(true);
    expect(await logEntries()).toEqual([]);
  });

  it('refuses a transfer to an account without a profile, or of an unknown handle', async () => {
    await expect(moderate(['transfer', 'miu_old', 'nobody'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('nobody にはプロフィールがありません'),
    });
    await expect(moderate(['transfer', 'nobody_here', 'miu'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('@nobody_here は旧アカウントとして登録されていません'),
    });
    // A refusal releases its locks at once: the next command is not kept waiting.
    expect(await notices()).toEqual([]);
    const { stdout } = await moderate(['verify', 'miu_old']);
    expect(stdout).toContain('@miu_old（mallory の旧アカウント）を運営確認済みにしました。');
    // The holder learns it is confirmed; the claimant that it stays hers.
    expect(await notices()).toEqual([
      expect.objectContaining({ userId: 'mallory', title: '@miu_old が運営確認済みになりました' }),
      expect.objectContaining({ userId: 'miu', title: '@miu_old への申し立ての結果', body: expect.stringContaining('いまの登録のまま') }),
    ]);
  });

  it('revokes a claim: the claim and its slot are deleted, the dispute closed', async () => {
    const { stdout } = await moderate(['revoke', 'miu_old']);
    expect(stdout).toContain('@miu_old（mallory の旧アカウント）の登録を取り消しました。');
    expect(await exists('frozenAccounts/x_miu_old')).toBe(false);
    expect(await exists('users/mallory/handleSlots/0')).toBe(false);
    expect(await exists('disputes/miu_0')).toBe(false);
    expect((await logEntries()).map((entry) => entry.action).sort()).toEqual(['close-dispute', 'revoke']);
    expect(await notices()).toEqual([
      expect.objectContaining({
        userId: 'mallory',
        title: '@miu_old の登録を取り消しました',
        body: expect.stringContaining('旧アカウントから外しました'),
      }),
      expect.objectContaining({
        userId: 'miu',
        title: '@miu_old への申し立ての結果',
        body: expect.stringContaining('いまは旧アカウントの欄で追加できます'),
      }),
    ]);
  });

  it('releases a current-handle reservation and takes it off the holder’s profile', async () => {
    await put(db, {
      'accounts/mallory': therapist('mallory', { channels: { x: 'miu_now', instagram: 'mallory.ig' } }),
      'currentHandles/x_miu_now': { userId: 'mallory' },
      'disputes/miu_1': dispute('miu', 'x_miu_now', { kind: 'current' }),
    });
    const { stdout } = await moderate(['revoke', 'miu_now']);
    expect(stdout).toContain('@miu_now を mallory の現在のアカウントから外しました');
    expect(await exists('currentHandles/x_miu_now')).toBe(false);
    expect((await data('accounts/mallory'))?.channels).toEqual({ instagram: 'mallory.ig' });
    expect(await exists('disputes/miu_1')).toBe(false);
    expect(await notices()).toEqual([
      expect.objectContaining({ userId: 'mallory', body: expect.stringContaining('@miu_now をあなたのいまの X アカウントから外しました') }),
      expect.objectContaining({ userId: 'miu', title: '@miu_now への申し立ての結果' }),
    ]);
  });

  it('dismisses a dispute, keeping an audit copy', async () => {
    const { stdout } = await moderate(['dismiss', 'miu_0']);
    expect(stdout).toContain('申し立て miu_0 を閉じました');
    expect(await exists('disputes/miu_0')).toBe(false);
    expect(await logEntries()).toEqual([
      expect.objectContaining({
        action: 'dismiss',
        target: 'disputes/miu_0',
        detail: { dispute: expect.objectContaining({ evidence: '凍結通知のメールがあります。' }) },
      }),
    ]);
    expect(await notices()).toEqual([
      {
        userId: 'miu',
        title: '@miu_old への申し立ての結果',
        body: '運営が確認した結果、@miu_old の登録は変わりません。申し立ての枠は空きました。',
        link: '/profile',
        kind: 'system',
      },
    ]);
    await expect(moderate(['dismiss', 'miu_0'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('申し立て miu_0 はありません'),
    });
  });

  it('explains bad command lines with the usage', async () => {
    await expect(moderateProcess(['ban', 'x'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/知らないコマンドです: "ban"[\s\S]*使い方: npm run moderate/),
    });
    await expect(moderate(['suspend', 'mallory'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('利用停止の理由（--reason）を指定してください'),
    });
    await expect(moderate(['transfer', 'miu_old'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('transfer には引数が 2 個必要です'),
    });
    expect(await logEntries()).toEqual([]);
  });

  it('refuses to touch a real project without --allow-production', async () => {
    const { FIRESTORE_EMULATOR_HOST: _, ...env } = process.env;
    await expect(moderateProcess(['list'], { ...env, FIREBASE_PROJECT_ID: 'theralink-prod' })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('プロジェクト theralink-prod には書き込みません（本番に書き込むときは --allow-production'),
    });
  });

  it('finds the running emulators by itself for a demo- project, as announce does', async () => {
    const { FIRESTORE_EMULATOR_HOST: _, ...env } = process.env;
    const { stdout } = await moderateProcess(['list'], env);
    expect(stdout).toContain(`ローカルのエミュレータ（Firestore ${emulatorHost('firestore')}）に書き込みます。`);
    expect(stdout).toContain('申し立て（未対応');
  });
});
