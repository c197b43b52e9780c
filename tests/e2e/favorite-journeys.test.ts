/**
 * 推し end to end, in real Chromium against npm start's stack: the
 * emulators (firestore.rules enforced), the export → build loop and the
 * alerts job it runs after each cycle, and the served site (its CSP: any
 * violation fails the test).
 *
 * A fan 推す a therapist from her profile in one tap (shown before the
 * write lands), sees ★ after a reload, on her /today entry and search card,
 * and her on /favorites; when the therapist adds a shift for today the
 * alerts job rings the fan's bell. A handle watched from the search answer
 * fires when a therapist registers that handle. A fan at the cap sees the
 * tap rolled back with the reason. A therapist is offered no 推し button on
 * her own profile. A fan's alert settings on /announcements survive a
 * reload, and a failed save keeps her choices. (Visitors who never signed
 * in: accounts.test.ts.)
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gzipBytes } from '../../scripts/bench/page-weight';
import { adminDb, emulatorBrowserAuth } from '../../scripts/lib/admin';
import { EMULATORS } from '../../scripts/lib/project';
import { DEMO_PASSWORD } from '../../scripts/seed/generate';
import { MAX_FAVORITES } from '../../src/lib/caps';
import { ALERT_KIND_LABELS } from '../../src/lib/favorites/alert-settings';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { createTherapist, signInThrough, type TestTherapist } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
/** A rebuild for her profile, then one for the change the alert is about. */
const TEST_TIMEOUT_MS = 2 * REBUILD_TIMEOUT_MS + 60_000;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const HER: TestTherapist = {
  uid: `fj-${unique}`,
  email: `favorite-her-${unique}@example.test`,
  name: '推されるかえで',
  verified: true,
  published: true,
  slug: `kaede-${unique}`,
  area: '池袋',
};
const profilePath = `/profile/${HER.slug}`;

interface Fan {
  uid: string;
  email: string;
  /** users/{uid} fields beyond createdAt. */
  user?: Record<string, unknown>;
}
const fan = (name: string, user?: Record<string, unknown>): Fan => ({
  uid: `fj-${name}-${unique}`,
  email: `favorite-${name}-${unique}@example.test`,
  user,
});
const FOLLOWER = fan('follower');
const WATCHER = fan('watcher');
const CAPPED = fan('capped', { favoriteCount: MAX_FAVORITES });
const SETTER = fan('setter');

/** A fan account (no profile), as registration and use leave it. */
async function createFan(account: Fan): Promise<void> {
  await emulatorBrowserAuth().createUser({ uid: account.uid, email: account.email, password: DEMO_PASSWORD, emailVerified: true });
  await adminDb()
    .doc(`users/${account.uid}`)
    .set({ createdAt: Timestamp.now(), ...account.user });
}

beforeAll(async () => {
  await Promise.all([createTherapist(HER), ...[FOLLOWER, WATCHER, CAPPED, SETTER].map(createFan)]);
}, 60_000);

let page: Page;
beforeEach(async () => {
  page = await live.newPage();
});

/** Waits until the served page of `route` (rebuilt in the background) contains `text`. */
const untilServed = (route: string, text: string) =>
  expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 500 }).toContain(text);

/** Her 推し toggle(s) on the page, in a given state once no write is under way. */
const toggleOf = (on: Page | Locator, uid: string, pressed: boolean) =>
  on.locator(`button[data-favorite-target="${uid}"][aria-pressed="${pressed}"]:not([data-pending])`);

/** Reloads a page until the bell shows its dot (the alerts job runs after each rebuild). */
async function untilBellDot(on: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await on.goto('/howto');
        await on.locator('[data-testid="bell"]:not([data-unread="unknown"])').waitFor();
        return on.getByTestId('bell-dot').count();
      },
      { timeout: REBUILD_TIMEOUT_MS, interval: 1000 },
    )
    .toBe(1);
}

/** Every JavaScript file the page has loaded (cached or not). */
const scriptUrls = (on: Page) =>
  on.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.endsWith('.js')),
  );

/**
 * Gzip bytes of the JavaScript a signed-in browser loads on `route` (its
 * 推し buttons live) beyond what /howto loads (the nav alone): a figure
 * for the report, not a check.
 */
async function scriptsBeyondNav(on: Page, route: string): Promise<number> {
  await on.goto(route);
  await on.locator('html[data-favorites="ready"]').waitFor();
  const withButtons = await scriptUrls(on);
  await on.goto('/howto');
  await on.getByTestId('avatar-button').waitFor();
  await on.waitForLoadState('networkidle');
  const navOnly = new Set(await scriptUrls(on));
  let bytes = 0;
  for (const url of withButtons) if (!navOnly.has(url)) bytes += gzipBytes(Buffer.from(await (await fetch(url)).arrayBuffer()));
  return bytes;
}

/** Her account in a second browser, signed in on `route`. */
async function asHer(route: string): Promise<Page> {
  const her = await live.newPage();
  await signInThrough(her, live.url, route, HER.email);
  return her;
}

describe('a fan and her 推し', () => {
  it(
    '推す her from her profile in one tap, sees ★ after a reload, on /today, in search and on /favorites, and gets the bell when she works today',
    async () => {
      await untilServed(profilePath, HER.name);
      await signInThrough(page, live.url, profilePath, FOLLOWER.email);
      const add = page.getByRole('button', { name: `${HER.name} 推しに追加` });
      await add.waitFor();
      expect(await add.getAttribute('aria-pressed')).toBe('false');

      // Hold the write back: the tap shows ★ before Firestore has it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const commits = (url: URL) => url.port === String(EMULATORS.firestore.port) && url.pathname.endsWith(':commit');
      await page.route(commits, async (route) => {
        await held;
        await route.continue();
      });
      await add.click();
      const shown = page.locator(`button[data-favorite-target="${HER.uid}"][aria-pressed="true"][data-pending]`);
      await shown.waitFor();
      expect(await shown.textContent()).toBe(`★${HER.name} 推し中`);
      const row = adminDb().doc(`favorites/${FOLLOWER.uid}/items/${HER.uid}`);
      expect((await row.get()).exists).toBe(false);
      release();
      await toggleOf(page, HER.uid, true).waitFor();
      await page.unroute(commits);
      expect((await row.get()).data()).toMatchObject({ targetUid: HER.uid, targetKind: 'therapist' });
      expect((await adminDb().doc(`users/${FOLLOWER.uid}`).get()).get('favoriteCount')).toBe(1);

      await page.reload();
      await page.getByRole('button', { name: `${HER.name} 推し中` }).waitFor();
      expect(await toggleOf(page, HER.uid, true).count()).toBe(1);

      console.log(`推し button JS on a profile, on top of the nav's, fan account: ${await scriptsBeyondNav(page, profilePath)} B gzip`);

      await page.goto('/favorites');
      const card = page.locator(`[data-testid="favorite-card"][data-uid="${HER.uid}"]`);
      await card.waitFor();
      expect(await card.getByRole('heading').textContent()).toBe(HER.name);

      // She adds a shift for today in her own browser.
      const today = tokyoDateKey();
      const her = await asHer('/schedule/manage');
      await her.getByTestId(`shift-add-${today}`).click();
      await her.getByLabel('開始').fill('06:00');
      await her.getByLabel('終了').fill('06:45');
      await her.getByTestId('shift-save').click();
      await her.getByTestId(`day-${today}`).getByText('06:00〜06:45').waitFor();

      await untilBellDot(page);
      await page.getByTestId('bell').click();
      await page.waitForURL(`${live.url}/announcements`);
      const list = page.getByTestId('announcement-list');
      await list.waitFor();
      expect(await list.locator('h3').first().textContent()).toBe(`${HER.name}さんが本日 06:00〜 出勤します`);

      // /today has her now: her entry shows ★, and the page asked which of its therapists are 推し in
      // queries of up to 30 ids each (one read per match), not by reading every 推し she has.
      await untilServed('/today', HER.name);
      const queries: string[] = [];
      page.on('request', (request) => {
        if (/\/documents\/favorites\/[^/]+:runQuery$/.test(new URL(request.url()).pathname)) queries.push(request.url());
      });
      await page.goto('/today');
      await toggleOf(page, HER.uid, true).waitFor();
      await page.locator('html[data-favorites="ready"]').waitFor();
      expect(await page.locator('button[data-favorite-target]').count()).toBeGreaterThan(1);
      expect(await page.locator('a[data-favorite-target]').count()).toBe(0);
      const targets = new Set(
        await page
          .locator('button[data-favorite-target]')
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-favorite-target'))),
      );
      expect(queries).toHaveLength(Math.ceil(targets.size / 30));

      await page.goto(`/search?${new URLSearchParams({ q: HER.name })}`);
      await toggleOf(page.getByTestId('search-result'), HER.uid, true).first().waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'at the cap sees the tap rolled back with the reason, and nothing saved',
    async () => {
      await untilServed(profilePath, HER.name);
      await signInThrough(page, live.url, profilePath, CAPPED.email);
      await page.getByRole('button', { name: `${HER.name} 推しに追加` }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: `推しは ${MAX_FAVORITES} 件まで登録できます` })
        .waitFor();
      await toggleOf(page, HER.uid, false).waitFor();
      expect((await adminDb().doc(`favorites/${CAPPED.uid}/items/${HER.uid}`).get()).exists).toBe(false);
      await page.reload();
      await toggleOf(page, HER.uid, false).waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a handle watch', () => {
  it(
    'made on the "not registered" answer fires when a therapist registers that handle',
    async () => {
      const handle = `w${unique}`.slice(0, 15);
      const search = `/search?${new URLSearchParams({ q: `@${handle}` })}`;
      await signInThrough(page, live.url, search, WATCHER.email);
      await page.getByTestId('handle-not-registered').getByText(`@${handle} はまだ登録されていません`).waitFor();
      await page.getByRole('button', { name: `@${handle} が登録されたら知らせる` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `登録済み：@${handle} が登録されたら` })
        .waitFor();
      expect((await adminDb().doc(`handleWatches/${WATCHER.uid}/handles/${handle}`).get()).get('handle')).toBe(handle);
      await page.reload();
      await page.getByRole('button', { name: `@${handle} のお知らせを解除` }).waitFor();

      // A therapist (her profile public) registers it as a former handle.
      await untilServed(profilePath, HER.name);
      const her = await asHer('/profile');
      await her.getByTestId('frozen-add-form').getByLabel('旧アカウントのユーザー名').fill(`@${handle}`);
      await her.getByTestId('frozen-add').click();
      await her.getByTestId('frozen-list').getByText(`@${handle}`, { exact: true }).waitFor();

      await untilBellDot(page);
      await page.goto('/announcements');
      const alert = page.getByTestId('announcement-list').locator('li', { hasText: `@${handle} が登録されました` });
      await alert.waitFor();
      expect(await alert.getByRole('link', { name: '詳しく見る' }).getAttribute('href')).toBe(profilePath);
    },
    TEST_TIMEOUT_MS,
  );

  it('is cancelled with 解除, and stays cancelled after a reload', async () => {
    const handle = `c${unique}`.slice(0, 15);
    await signInThrough(page, live.url, `/search?${new URLSearchParams({ q: `@${handle}` })}`, WATCHER.email);
    await page.getByRole('button', { name: `@${handle} が登録されたら知らせる` }).click();
    await page.getByRole('button', { name: `@${handle} のお知らせを解除` }).click();
    await page.getByRole('button', { name: `@${handle} が登録されたら知らせる` }).waitFor();
    expect((await adminDb().doc(`handleWatches/${WATCHER.uid}/handles/${handle}`).get()).exists).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: `@${handle} が登録されたら知らせる` }).waitFor();
  });
});

describe('a therapist', () => {
  it(
    'is offered no 推し button on her own profile, and one on another therapist’s',
    async () => {
      await untilServed(profilePath, HER.name);
      // The static page has the link, for everyone else.
      expect(await live.html(profilePath)).toContain(`data-favorite-target="${HER.uid}"`);
      page = await asHer(profilePath);
      await page.getByTestId('avatar-button').waitFor();
      expect(await page.locator(`[data-favorite-target="${HER.uid}"]`).count()).toBe(0);
      expect(await page.getByRole('button', { name: /推し/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /推しに追加/ }).count()).toBe(0);

      await page.goto('/profile/miu');
      await page.getByRole('button', { name: 'みう 推しに追加' }).waitFor();
      console.log(
        `推し button JS on a profile, on top of the nav's, therapist account: ${await scriptsBeyondNav(page, '/profile/miu')} B gzip`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});

describe('alert settings on /announcements', () => {
  const PUSH = '推しのお知らせをプッシュ通知でも受け取る';
  const checked = async () => {
    const form = page.getByTestId('alert-settings');
    await form.waitFor();
    const labels = [...Object.values(ALERT_KIND_LABELS), PUSH];
    return Object.fromEntries(await Promise.all(labels.map(async (label) => [label, await form.getByLabel(label).isChecked()])));
  };

  it('are saved by kind, with push for 推し news, and shown as saved after a reload', async () => {
    await signInThrough(page, live.url, '/announcements', SETTER.email);
    // Everything on, push off, for a fan who never chose.
    expect(await checked()).toEqual({
      [ALERT_KIND_LABELS.handle]: true,
      [ALERT_KIND_LABELS.blog]: true,
      [ALERT_KIND_LABELS.post]: true,
      [ALERT_KIND_LABELS.schedule]: true,
      [PUSH]: false,
    });
    const form = page.getByTestId('alert-settings');
    await form.getByLabel(ALERT_KIND_LABELS.blog).uncheck();
    await form.getByLabel(ALERT_KIND_LABELS.schedule).uncheck();
    await form.getByLabel(PUSH).check();
    await form.getByRole('button', { name: 'お知らせの設定を保存' }).click();
    await form.getByRole('status').filter({ hasText: 'お知らせの設定を保存しました' }).waitFor();
    expect((await adminDb().doc(`users/${SETTER.uid}`).get()).data()).toMatchObject({
      alerts: { handle: true, blog: false, post: true, schedule: false },
      pushAlerts: true,
    });

    await page.reload();
    expect(await checked()).toEqual({
      [ALERT_KIND_LABELS.handle]: true,
      [ALERT_KIND_LABELS.blog]: false,
      [ALERT_KIND_LABELS.post]: true,
      [ALERT_KIND_LABELS.schedule]: false,
      [PUSH]: true,
    });
  });

  it('keep her choices and say why when the save fails', async () => {
    await signInThrough(page, live.url, '/announcements', SETTER.email);
    const form = page.getByTestId('alert-settings');
    await form.getByLabel(ALERT_KIND_LABELS.post).waitFor();
    const before = (await adminDb().doc(`users/${SETTER.uid}`).get()).get('alerts.post') as boolean | undefined;
    await form.getByLabel(ALERT_KIND_LABELS.post).setChecked(!(before ?? true));
    await page.context().setOffline(true);
    await form.getByRole('button', { name: 'お知らせの設定を保存' }).click();
    await form.getByRole('alert').filter({ hasText: '通信できなかったためお知らせの設定を保存できませんでした' }).waitFor();
    expect(await form.getByLabel(ALERT_KIND_LABELS.post).isChecked()).toBe(!(before ?? true));
    expect((await adminDb().doc(`users/${SETTER.uid}`).get()).get('alerts.post')).toBe(before);

    await page.context().setOffline(false);
    await form.getByRole('button', { name: 'お知らせの設定を保存' }).click();
    await form.getByRole('status').filter({ hasText: 'お知らせの設定を保存しました' }).waitFor();
    expect((await adminDb().doc(`users/${SETTER.uid}`).get()).get('alerts.post')).toBe(!(before ?? true));
  });
});
