/**
 * The encrypted customer notebook end to end, in real Chromium against the
 * emulators (firestore.rules enforced) and the built demo site with its
 * CSP: set-up, three customers with visits, reload and unlock, a new
 * passphrase, the recovery code, backup → delete all → restore, an edit
 * made offline that is saved once the network returns. Then the raw
 * Firestore documents (and the browser's own storage) are read and must
 * hold none of what was typed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PROJECTS } from '../setup/projects';
import { createTherapist, signIn } from './account-helpers';
import { useSiteSession } from './site-session';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
const { adminDb } = await import('../../scripts/lib/admin');

const site = useSiteSession();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const THERAPIST = { uid: `nb-${unique}`, email: `notebook-${unique}@example.test`, slug: `nb-${unique}` };
const PASSPHRASES = ['夜の海と三毛猫のマグカップ', 'あたらしい合言葉その二', '回復後の三番目の合言葉'] as const;

const CUSTOMERS = [
  {
    nickname: `たなかさん${unique}`,
    tags: ['常連', `肩こり${unique}`],
    notes: `強めの圧が好き${unique}`,
    ng: false,
    course: 'アロマ',
    minutes: '90',
    memo: `首まわり${unique}`,
  },
  {
    nickname: `常連Kさん${unique}`,
    tags: ['常連'],
    notes: `毎週金曜に来店${unique}`,
    ng: false,
    course: 'リンパ',
    minutes: '60',
    memo: `会話少なめ${unique}`,
  },
  {
    nickname: `Sさん${unique}`,
    tags: [`要注意${unique}`],
    notes: `無断キャンセル二回${unique}`,
    ng: true,
    course: 'アロマ',
    minutes: '120',
    memo: `遅刻${unique}`,
  },
];
const OFFLINE_NOTE = `オフラインで書いたメモ${unique}`;
/** Everything typed that must never be stored or sent in clear. */
const TYPED = [...CUSTOMERS.flatMap((c) => [c.nickname, c.notes, c.memo, ...c.tags.filter((tag) => tag.includes(unique))]), OFFLINE_NOTE];

let page: Page;
let recoveryCode = '';

beforeAll(async () => {
  // adminDb() first: adminApp() takes the first app there is, and emulatorBrowserAuth() makes one for the Auth project.
  adminDb();
  await createTherapist({ ...THERAPIST, name: 'ノートのさくら', verified: true, area: '新宿' });
}, 60_000);

beforeEach(async () => {
  page = await site.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
});

async function openNotebook(email = THERAPIST.email) {
  await page.goto(`/login?next=${encodeURIComponent('/customerManagement')}`);
  await signIn(page, email);
  await page.waitForURL(`${site.url}/customerManagement`);
}

async function unlockWith(passphrase: string) {
  await page.getByTestId('notebook-locked').waitFor();
  await page.getByLabel('ノートの合言葉').fill(passphrase);
  await page.getByRole('button', { name: 'ノートを開く' }).click();
  await page.getByTestId('notebook-open').waitFor({ timeout: 30_000 });
}

const saved = () => page.getByTestId('notebook-sync').filter({ hasText: 'すべて保存済みです' }).waitFor({ timeout: 30_000 });
const rowNames = () => page.getByTestId('customer-row').locator('span.truncate').allTextContents();

async function toList() {
  await page.getByRole('link', { name: '顧客一覧' }).click();
  await page.getByTestId('customer-list').or(page.getByText('まだ顧客がいません')).first().waitFor();
}

async function addCustomer(c: (typeof CUSTOMERS)[number]) {
  await page.getByTestId('customer-add').click();
  await page.getByLabel('呼び名').fill(c.nickname);
  if (c.ng) await page.getByLabel('NG のお客様').check();
  await page.getByLabel('タグ').fill(c.tags.join('、'));
  await page.getByLabel('メモ').fill(c.notes);
  await page.getByTestId('customer-save').click();
  await page.getByTestId('customer-page').waitFor();
  await page.getByTestId('visit-add').click();
  await page.getByLabel('コース').fill(c.course);
  await page.getByLabel('時間（分）').fill(c.minutes);
  await page.getByLabel('メモ').fill(c.memo);
  await page.getByTestId('visit-save').click();
  await page.getByTestId('visit-list').getByText(c.memo).waitFor();
  await toList();
}

async function openSettings() {
  await page.getByRole('button', { name: 'ノートの管理' }).click();
  await page.getByTestId('notebook-settings').waitFor();
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's WCAG violations on the page in both themes (as tests/e2e/accessibility.test.ts runs it). */
async function axeViolations(): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
    const violations = await page.evaluate(async () => {
      type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run(context: Document): Promise<Result> } }).axe;
      return (await axe.run(document)).violations;
    });
    found.push(...violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}

/** Every document under customers/{uid} as Firestore stores it. */
async function rawNotebook(): Promise<string> {
  const db = adminDb();
  const key = await db.doc(`customers/${THERAPIST.uid}`).get();
  const records = await db.collection(`customers/${THERAPIST.uid}/records`).get();
  return JSON.stringify({ key: key.data(), records: records.docs.map((d) => ({ id: d.id, ...d.data() })) });
}

describe('the customer notebook', () => {
  it('keeps only ciphertext in Firestore through set-up, unlock, passphrase change, recovery, backup/restore and an offline edit', async () => {
    await openNotebook();

    // Set-up says plainly, first, that a lost passphrase and recovery code lose the notes.
    await page.getByTestId('notebook-setup').waitFor();
    expect(await page.getByTestId('notebook-warning').textContent()).toContain('二度と取り出せません');
    expect(await axeViolations()).toEqual([]);
    await page.getByLabel('ノートの合言葉').fill(PASSPHRASES[0]);
    await page.getByLabel('合言葉（確認）').fill(PASSPHRASES[0]);
    const started = Date.now();
    await page.getByRole('button', { name: 'ノートを作成する' }).click();
    await page.getByTestId('notebook-busy').filter({ hasText: '鍵を作成しています…' }).waitFor();
    await page.getByTestId('recovery-code').waitFor({ timeout: 30_000 });
    console.log(`[notebook] set-up (Argon2id 64 MiB / 3 passes + wraps) in Chromium: ${Date.now() - started} ms`);
    recoveryCode = (await page.getByTestId('recovery-code').textContent())!.trim();
    expect(recoveryCode).toMatch(/^([0-9A-Z]{4}-){5}[0-9A-Z]{4}$/);
    await page.getByLabel('回復コードを安全な場所に控えました').check();
    await page.getByRole('button', { name: 'ノートを使いはじめる' }).click();
    await page.getByTestId('notebook-open').waitFor();

    // Three customers with a visit each.
    for (const c of CUSTOMERS) await addCustomer(c);
    await saved();
    expect((await rowNames()).sort()).toEqual(CUSTOMERS.map((c) => c.nickname).sort());
    expect(await axeViolations()).toEqual([]);
    await page.getByTestId('customer-row').filter({ hasText: CUSTOMERS[2]!.nickname }).click();
    await page.getByTestId('customer-page').waitFor();
    expect(await axeViolations()).toEqual([]);
    await toList();

    // Reload: locked again; unlock: all there, with their visits; search works on the decrypted data.
    await page.reload();
    await unlockWith(PASSPHRASES[0]);
    expect((await rowNames()).sort()).toEqual(CUSTOMERS.map((c) => c.nickname).sort());
    expect(await page.getByTestId('customer-list').textContent()).toContain('来店 1 回');
    await page.getByLabel('検索').fill('タナカ');
    expect(await rowNames()).toEqual([CUSTOMERS[0]!.nickname]);
    await page.getByLabel('検索').fill('');
    await page.getByText('絞り込み・並び替え').click();
    await page.getByText('NG のみ').click();
    expect(await rowNames()).toEqual([CUSTOMERS[2]!.nickname]);
    await page.getByText('すべて', { exact: true }).click();

    // A new passphrase.
    await openSettings();
    await page.getByLabel('今の合言葉').fill(PASSPHRASES[0]);
    await page.getByLabel('新しい合言葉（必須）').fill(PASSPHRASES[1]);
    await page.getByLabel('新しい合言葉（確認）').fill(PASSPHRASES[1]);
    await page.getByRole('button', { name: '合言葉を保存する' }).click();
    await page.getByTestId('settings-status').filter({ hasText: '合言葉を変更しました' }).waitFor({ timeout: 30_000 });

    // The old passphrase no longer opens it (and nothing is shown); the recovery code does, then asks for a new passphrase.
    await page.reload();
    await page.getByTestId('notebook-locked').waitFor();
    await page.getByLabel('ノートの合言葉').fill(PASSPHRASES[0]);
    await page.getByRole('button', { name: 'ノートを開く' }).click();
    await page.getByRole('alert').filter({ hasText: '合言葉が違います' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('customer-row').count()).toBe(0);
    await page.getByRole('button', { name: '合言葉を忘れたとき（回復コードで開く）' }).click();
    await page.getByLabel('回復コード').fill(recoveryCode.toLowerCase());
    await page.getByRole('button', { name: 'ノートを開く' }).click();
    await page.getByTestId('new-passphrase-form').waitFor({ timeout: 30_000 });
    await page.getByLabel('新しい合言葉（必須）').fill(PASSPHRASES[2]);
    await page.getByLabel('新しい合言葉（確認）').fill(PASSPHRASES[2]);
    await page.getByRole('button', { name: '合言葉を保存する' }).click();
    await page.getByTestId('notebook-open').waitFor({ timeout: 30_000 });
    // The reload kept the view (ノートの管理); back to the list.
    await page.getByTestId('notebook-settings').waitFor();
    await toList();
    expect((await rowNames()).sort()).toEqual(CUSTOMERS.map((c) => c.nickname).sort());

    // Backup → delete all → restore.
    await openSettings();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('backup-download').click()]);
    const backup = await readFile((await download.path())!, 'utf8');
    for (const typed of TYPED) expect(backup, typed).not.toContain(typed);
    await toList();
    for (const c of CUSTOMERS) {
      await page.getByTestId('customer-row').filter({ hasText: c.nickname }).click();
      await page.getByTestId('customer-delete').click();
      await page
        .getByTestId('customer-count')
        .filter({ hasText: /^\d+ 人/ })
        .waitFor();
    }
    await page.getByText('まだ顧客がいません').waitFor();
    await saved();
    expect(JSON.parse(await rawNotebook()).records).toEqual([]);
    await openSettings();
    await page
      .getByTestId('restore-file')
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(backup) });
    await page.getByLabel('バックアップを作成したときの合言葉（または回復コード）').fill(PASSPHRASES[2]);
    await page.getByTestId('restore-submit').click();
    await page.getByTestId('settings-status').filter({ hasText: 'バックアップから 3 人を復元しました' }).waitFor({ timeout: 30_000 });
    await toList();
    expect((await rowNames()).sort()).toEqual(CUSTOMERS.map((c) => c.nickname).sort());
    await saved();
    expect(JSON.parse(await rawNotebook()).records).toHaveLength(3);

    // Offline: the edit is kept (sealed) in the browser and written when the network returns.
    await page.getByTestId('customer-row').filter({ hasText: CUSTOMERS[1]!.nickname }).click();
    await page.getByTestId('customer-edit').click();
    await page.context().setOffline(true);
    await page.getByLabel('メモ').fill(OFFLINE_NOTE);
    await page.getByTestId('customer-save').click();
    await page.getByTestId('customer-notes').filter({ hasText: OFFLINE_NOTE }).waitFor();
    await page.getByTestId('notebook-sync').filter({ hasText: 'オフラインです。再接続すると保存します（未送信 1 件）' }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(stored).toContain('theralink:notebook-outbox:');
    for (const typed of TYPED) expect(stored, typed).not.toContain(typed);
    await page.context().setOffline(false);
    await saved();

    // The edit reached Firestore: a fresh browser sees it after unlocking.
    page = await site.newPage();
    await openNotebook();
    await unlockWith(PASSPHRASES[2]);
    await page.getByTestId('customer-row').filter({ hasText: CUSTOMERS[1]!.nickname }).click();
    await page.getByTestId('customer-notes').filter({ hasText: OFFLINE_NOTE }).waitFor();

    // What Firestore holds: the envelope only.
    const raw = await rawNotebook();
    for (const typed of TYPED) expect(raw, typed).not.toContain(typed);
    const { key, records } = JSON.parse(raw);
    expect(Object.keys(key).sort()).toEqual(['createdAt', 'kdf', 'passphraseWrap', 'recoveryWrap', 'updatedAt', 'version']);
    for (const record of records) expect(Object.keys(record).sort()).toEqual(['ciphertext', 'createdAt', 'id', 'iv', 'updatedAt']);
  }, 300_000);

  it('tells a store or fan account plainly that the notebook is for therapists', async () => {
    await openNotebook('fan@theralink.test');
    const notice = page.getByTestId('not-for-this-account');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('顧客ノートは、セラピストのアカウント専用です');
    // And it leads her to the pages a fan account has, not to a dead end.
    expect(await notice.getByRole('link').allTextContents()).toContain('推し');
  });
});
