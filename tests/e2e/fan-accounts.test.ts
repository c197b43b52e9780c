/**
 * Fan (推し活用) accounts in real Chromium against the built demo site and
 * the emulators (firestore.rules enforced): a stranger on a 360 px phone
 * taps ☆ on a therapist's profile, registers as a fan from the sign-in
 * page, verifies her email (the Auth emulator's link) and finds that 推し
 * on /favorites, added once; a fan with no 推し gets the first-visit
 * suggestions and adds one from them; a fan's menu offers only fan pages,
 * and a therapist's page tells her so; a 推し button whose state could not
 * be read waits, and a tap asks again and shows it without toggling.
 * Firestore is read with the admin SDK.
 * With SCREENSHOT_DIR set, /register and the first-visit /favorites are
 * also photographed at 390 and 1280 px, light and dark.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMULATORS } from '../../scripts/lib/project';
import { DEMO_PASSWORD } from '../../scripts/seed/generate';
import { TEST_PROJECTS } from '../setup/projects';
import { confirmEmail, refusedRequests, signIn } from './account-helpers';
import { useSiteSession } from './site-session';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
const { adminDb, emulatorBrowserAuth } = await import('../../scripts/lib/admin');

const site = useSiteSession();
const MIU = 'demo-therapist';
const SHOTS = process.env.SCREENSHOT_DIR;
let page: Page;
beforeEach(async () => {
  page = await site.newPage();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Nothing on the page is wider than the screen. */
const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function uidOf(email: string): Promise<string> {
  return (await emulatorBrowserAuth().getUserByEmail(email)).uid;
}

/** A fan as registration leaves her, verified, with no 推し. */
async function createFan(): Promise<{ uid: string; email: string }> {
  const email = `fan-${unique()}@example.test`;
  const { uid } = await emulatorBrowserAuth().createUser({ email, password: DEMO_PASSWORD, emailVerified: true });
  await adminDb().doc(`users/${uid}`).set({ createdAt: new Date() });
  return { uid, email };
}

async function photograph(name: string, url: string): Promise<void> {
  if (!SHOTS) return;
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
}

describe('a stranger who taps ☆', () => {
  it('registers as a fan on a 360 px phone, verifies her email and finds that 推し on /favorites, once', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const refused = refusedRequests(page);
    await page.goto('/profile/miu');
    await page
      .locator('main')
      .getByRole('link', { name: /推しに追加\s*（ログインが必要です）$/ })
      .click();
    await page.waitForURL(/\/login\?next=%2Fprofile%2Fmiu&oshi=therapist%3Ademo-therapist$/);
    await expect.poll(() => page.getByTestId('pending-favorite').textContent()).toContain('みうさんを、ログインすると推しに追加します');

    await page.getByTestId('fan-sign-up').click();
    await page.waitForURL(/\/register\?kind=fan&/);
    // The form reads ?kind= once hydrated; the static HTML shows the default choice until then.
    await expect.poll(() => page.getByLabel('推し活用（ファン）', { exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('プロフィール URL').count()).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const email = `stranger-${unique()}@example.test`;
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: false }).fill('oshi-pass-123');
    await page.getByLabel('利用規約に同意します').check();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByTestId('register-done').waitFor();
    const uid = await uidOf(email);
    expect((await adminDb().doc(`accounts/${uid}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`stores/${uid}`).get()).exists).toBe(false);

    await page.getByRole('link', { name: '推しの一覧へ進む' }).click();
    await page.waitForURL(`${site.url}/favorites`);
    // Unverified: the 推し waits, and nothing is written yet.
    await page.getByTestId('pending-favorite-waiting').waitFor();
    expect((await adminDb().doc(`favorites/${uid}/items/${MIU}`).get()).exists).toBe(false);

    await confirmEmail(email);
    await page.getByRole('button', { name: '確認済みか調べる' }).click();
    await page.getByTestId('pending-favorite-added').waitFor();
    await page.locator(`[data-testid="favorite-card"][data-uid="${MIU}"]`).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);

    // Completed once: a reload adds nothing more.
    await page.reload();
    await page.getByTestId('favorites-list').waitFor();
    expect(await page.locator('[data-testid="favorite-card"]').count()).toBe(1);
    expect(await page.getByTestId('pending-favorite-added').count()).toBe(0);
    const user = await adminDb().doc(`users/${uid}`).get();
    expect(user.get('favoriteCount')).toBe(1);
    expect((await adminDb().collection(`favorites/${uid}/items`).get()).docs.map((item) => item.id)).toEqual([MIU]);
    // From the tap to her list, nothing she did was refused.
    expect(refused).toEqual([]);
  }, 120_000);
});

describe('a fan with no 推し yet', () => {
  it('is shown therapists to start with on /favorites and adds one in a tap', async () => {
    const fan = await createFan();
    await page.goto('/login');
    await signIn(page, fan.email);
    await page.waitForURL(`${site.url}/favorites`);
    const suggestions = page.getByTestId('favorite-suggestions');
    await suggestions.waitFor();
    expect(await suggestions.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    const first = suggestions.getByTestId('suggested-person').first();
    const target = await first.getAttribute('data-uid');
    await first.getByRole('button', { name: /推しに追加$/ }).click();
    await page.locator(`[data-testid="favorite-card"][data-uid="${target}"]`).waitFor();
    expect((await adminDb().doc(`favorites/${fan.uid}/items/${target}`).get()).exists).toBe(true);
  }, 60_000);

  it('is photographed with /register (SCREENSHOT_DIR)', async () => {
    const fan = await createFan();
    await page.goto('/login');
    await signIn(page, fan.email);
    await page.waitForURL(`${site.url}/favorites`);
    await page.getByTestId('favorite-suggestions').waitFor();
    await photograph('favorites-first-visit', '/favorites');
    await photograph('register', '/register?kind=fan');
    expect(await page.getByTestId('favorite-suggestions').count()).toBe(1);
  }, 120_000);
});

describe('a 推し button whose state could not be read', () => {
  it('says so rather than guess; a tap asks again (the reason while it still fails), shows ★ once it answers, and the next tap toggles', async () => {
    const fan = await createFan();
    const item = adminDb().doc(`favorites/${fan.uid}/items/${MIU}`);
    await item.set({ targetUid: MIU, targetKind: 'therapist', createdAt: new Date() });
    await adminDb().doc(`users/${fan.uid}`).update({ favoriteCount: 1, lastFavoriteTarget: MIU });
    // Her 推し are asked for by one query a page view: the first two (the page's, then the first tap's) get no answer.
    let failing = 2;
    const asked = (url: URL) => url.port === String(EMULATORS.firestore.port) && url.pathname.endsWith(`/favorites/${fan.uid}:runQuery`);
    await page.route(asked, (route) => (failing-- > 0 ? route.abort('internetdisconnected') : route.continue()));

    await page.goto(`/login?next=${encodeURIComponent('/profile/miu')}`);
    await signIn(page, fan.email);
    await page.waitForURL(`${site.url}/profile/miu`);
    const button = page.getByRole('button', { name: 'みう 推しの状態を読み込む' });
    await button.waitFor();
    expect(await button.getAttribute('aria-pressed')).toBeNull();

    const reason = page
      .getByRole('alert')
      .filter({ hasText: '推しの状態を読み込めませんでした。通信状態を確かめて、もう一度タップしてください。' });
    await button.click();
    await reason.waitFor();
    expect(await button.count()).toBe(1);

    await button.click();
    const toggle = page.locator(`main button[data-favorite-target="${MIU}"]`);
    await toggle.and(page.locator('[aria-pressed="true"]')).waitFor();
    expect(await toggle.textContent()).toBe('★みう 推し中');
    expect(await reason.count()).toBe(0);
    // Asking again wrote nothing: she still 推す her, once.
    expect((await item.get()).exists).toBe(true);
    expect((await adminDb().doc(`users/${fan.uid}`).get()).get('favoriteCount')).toBe(1);

    await toggle.click();
    await page.locator(`main button[data-favorite-target="${MIU}"][aria-pressed="false"]:not([data-pending])`).waitFor();
    await expect.poll(async () => (await item.get()).exists).toBe(false);
  }, 60_000);
});

describe("a fan's menu", () => {
  it('offers 推し, お知らせ and 設定 only, and a therapist page tells her so with her own pages', async () => {
    const fan = await createFan();
    await page.goto('/login');
    await signIn(page, fan.email);
    await page.waitForURL(`${site.url}/favorites`);
    await page.getByTestId('avatar-button').click();
    const menu = page.getByTestId('account-menu');
    await menu.waitFor({ state: 'visible' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['推し', 'お知らせ', '設定']);

    for (const route of ['/customerManagement', '/schedule/manage', '/profile', '/blog-editor']) {
      await page.goto(route);
      const notice = page.getByTestId('not-for-this-account');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('このアカウント（推し活用（ファン））では使えません');
      expect(await notice.getByRole('link', { name: '推し' }).getAttribute('href')).toBe('/favorites');
    }
  }, 60_000);
});
