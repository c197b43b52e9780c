/**
 * A store that knows who asks (issue 40), end to end in real Chromium
 * against npm start's stack (emulators with firestore.rules, the rebuild
 * loop, the served site): a therapist the store has never seen asks to
 * join it and enters a shift while she waits; the store's pending list
 * shows her picture, area, current and former handles with their levels,
 * her profile link and when she asked; once the store confirms her, the
 * shift she entered before appears on its roster and, after the rebuild,
 * under the store on its page, /today and her schedule
 * (docs/decisions/membership-requests.md). A decline's reason is bounded
 * and reaches only her editor. Screenshots of the pending list go to
 * .build/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb, emulatorBrowserAuth } from '../../scripts/lib/admin';
import { ROOT } from '../../scripts/lib/project';
import { publicProfilePath, schedulePath } from '../../src/lib/routes';
import { NO_STORE_LABEL } from '../../src/lib/today';
import { formatMonthDayWeekday, tokyoDateKey } from '../../src/lib/tokyo-date';
import { createTherapist, refusedRequests, signInThrough } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const TEST_TIMEOUT_MS = 2 * REBUILD_TIMEOUT_MS + 120_000;
const STRANGER = { uid: 'member-stranger', email: 'stranger@theralink.test', slug: 'stranger-yuna', name: 'ゆなたんけん' };
const DECLINED = { uid: 'member-declined', email: 'declined@theralink.test', slug: 'declined-rio', name: 'りおたんけん' };
const CURRENT = 'yuna_now_e2e';
const FORMER = [
  { handle: 'yuna_old_e2e', verification: 'self', label: '本人申告' },
  { handle: 'yuna_2023_e2e', verification: 'operator', label: '運営確認済み' },
] as const;
const STORE_NAME = 'アロマリゾート新宿';
const STORE_PAGE = '/store-profile/aroma-resort-shinjuku';
const SHIFT = { start: '07:10', end: '08:20', shown: '07:10〜08:20' };
const SHOTS = path.join(ROOT, '.build', 'screenshots');
let page: Page;

/** A published therapist with a current X handle and two former ones (one operator-verified), and no store. */
beforeAll(async () => {
  await Promise.all(
    [STRANGER, DECLINED].map(async (therapist) => {
      await emulatorBrowserAuth()
        .deleteUser(therapist.uid)
        .catch(() => undefined);
      await createTherapist({ ...therapist, verified: true, published: true, area: '新宿' });
    }),
  );
  const db = adminDb();
  const now = Timestamp.now();
  await db.doc(`accounts/${STRANGER.uid}`).update({ channels: { x: CURRENT }, updatedAt: now });
  await db.doc(`currentHandles/x_${CURRENT}`).set({ userId: STRANGER.uid });
  await Promise.all(
    FORMER.map(async ({ handle, verification }, slot) => {
      await db.doc(`users/${STRANGER.uid}/handleSlots/${slot}`).set({ handleId: `x_${handle}` });
      await db.doc(`frozenAccounts/x_${handle}`).set({
        userId: STRANGER.uid,
        platform: 'x',
        handle,
        frozenOn: '2025-03-01',
        note: '',
        verification,
        confirmedBy: null,
        slot,
        createdAt: now,
        updatedAt: now,
      });
    }),
  );
}, 60_000);

beforeEach(async () => {
  page = await live.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
});

const signInTo = (route: string, email: string) => signInThrough(page, live.url, route, email);
const poll = (route: string) => expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 500 });

/** Signed in as `email`, asks to join the store on /profile and waits for 承認待ち. */
async function askToJoin(email: string) {
  await signInTo('/profile', email);
  await page.getByLabel('店舗のエリア').selectOption('新宿');
  const storeSelect = page.getByLabel('所属店舗');
  await storeSelect.locator('option', { hasText: STORE_NAME }).waitFor({ state: 'attached' });
  await storeSelect.selectOption({ label: STORE_NAME });
  await page.getByTestId('profile-save').click();
  await page.getByTestId('membership-state').filter({ hasText: '承認待ち' }).waitFor();
}

/** A fresh page (a new browser context: signed out). */
async function freshPage() {
  page = await live.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
}

/** Her stored shifts today, as Firestore holds them. */
async function herShiftsToday() {
  const snapshot = await adminDb().collection('schedules').where('userId', '==', STRANGER.uid).get();
  return snapshot.docs.map((doc) => doc.data()).filter((shift) => shift.date === tokyoDateKey());
}

/** The pending list at a phone's and a desktop's width, light and dark. */
async function screenshotRequests() {
  await mkdir(SHOTS, { recursive: true });
  // The pictures load lazily (those below the fold never would): load them all, and wait until each is drawn.
  await page.evaluate(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('[data-testid="member-requests"] img')) img.loading = 'eager';
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid="member-requests"] img')].every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.getByTestId('member-requests').screenshot({ path: path.join(SHOTS, `member-requests-${width}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('a membership request from a stranger', () => {
  it(
    'shows the store who asks; once confirmed, the shift she entered before shows under the store',
    async () => {
      // She asks to join, and enters today's shift while she waits: no request of hers is refused meanwhile.
      const refused = refusedRequests(page);
      await askToJoin(STRANGER.email);

      const today = tokyoDateKey();
      await page.goto('/schedule/manage');
      await page.getByTestId(`shift-add-${today}`).click();
      await page.getByLabel('開始').fill(SHIFT.start);
      await page.getByLabel('終了').fill(SHIFT.end);
      await page.getByTestId('shift-save').click();
      await page.getByTestId(`day-${today}`).getByText(SHIFT.shown).waitFor();
      // Entered before approval, it carries no store.
      expect(await herShiftsToday()).toMatchObject([{ start: SHIFT.start, storeId: null }]);
      expect(refused).toEqual([]);
      await poll(schedulePath(STRANGER.uid)).toContain(SHIFT.shown);
      expect(await live.html(schedulePath(STRANGER.uid))).toContain('店舗情報なし');

      // The store sees who she is before answering.
      await freshPage();
      await signInTo('/store-profile', 'store@theralink.test');
      const request = page.getByTestId('member-requests').locator(`[data-member="${STRANGER.uid}"]`);
      await request.getByTestId('member-handles').waitFor();
      const identity = request.getByTestId('requester-identity');
      expect(await identity.textContent()).toContain('新宿');
      expect(await request.getByTestId('requester-current-handle').textContent()).toBe(`@${CURRENT}`);
      expect(await request.getByTestId('requester-asked-at').textContent()).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}$/);
      expect(await request.getByTestId('requester-profile-link').getAttribute('href')).toBe(publicProfilePath('therapist', STRANGER.slug));
      for (const { handle, label } of FORMER) {
        const row = request.locator(`[data-handle="${handle}"]`);
        expect(await row.getByTestId('member-handle-level').textContent()).toBe(label);
      }
      // A requester's handles are shown, not vouched for.
      expect(await request.getByTestId('member-handle-vouch').count()).toBe(0);
      await screenshotRequests();

      await request.getByTestId('member-confirm').click();
      await page.getByTestId('members').locator(`[data-member="${STRANGER.uid}"]`).waitFor();

      // Her earlier shift is on the store's roster at once.
      await page.goto('/schedule/manage');
      const cell = page.getByRole('button', { name: `${STRANGER.name} ${formatMonthDayWeekday(today)} の出勤を編集` });
      await cell.filter({ hasText: SHIFT.shown }).waitFor();

      // And, after the rebuild, under the store on its page, /today and her schedule.
      await poll(STORE_PAGE).toContain(SHIFT.shown);
      expect(await live.html(STORE_PAGE)).toContain(`href="${publicProfilePath('therapist', STRANGER.slug)}"`);
      await poll(schedulePath(STRANGER.uid)).not.toContain('店舗情報なし');
      expect(await live.html(schedulePath(STRANGER.uid))).toContain(STORE_NAME);
      // /today lists each store's rows under its name (店舗未登録 for none).
      await page.goto('/today');
      const underStore = (name: string) =>
        page
          .getByRole('heading', { level: 3, name, exact: true })
          .locator('xpath=..')
          .locator('li', { hasText: STRANGER.name })
          .filter({ hasText: SHIFT.shown });
      expect(await underStore(STORE_NAME).count()).toBe(1);
      expect(await underStore(NO_STORE_LABEL).count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'declines with a short reason, refused over 100 characters without losing it, which she then reads',
    async () => {
      await askToJoin(DECLINED.email);

      await freshPage();
      await signInTo('/store-profile', 'store@theralink.test');
      const request = page.getByTestId('member-requests').locator(`[data-member="${DECLINED.uid}"]`);
      await request.getByTestId('member-decline').click();
      const reason = request.getByLabel(`${DECLINED.name} さんへのお断りの理由（任意）`);
      const tooLong = 'あ'.repeat(101);
      await reason.fill(tooLong);
      await request.getByTestId('decline-send').click();
      await request.getByText('理由は100文字以内で入力してください（いま 101 文字）。').waitFor();
      expect(await reason.inputValue()).toBe(tooLong);
      const why = 'ただいま新しい方の募集を締め切っています。';
      await reason.fill(why);
      await request.getByTestId('decline-send').click();
      await request.waitFor({ state: 'detached' });
      const stored = await adminDb().doc(`memberships/demo-store_${DECLINED.uid}`).get();
      expect(stored.data()).toMatchObject({ status: 'declined', reason: why });

      await freshPage();
      await signInTo('/profile', DECLINED.email);
      await page.getByTestId('membership-state').filter({ hasText: '承認されませんでした' }).waitFor();
      expect(await page.getByTestId('membership-reason').textContent()).toContain(why);
      // Never public: her page does not carry it.
      expect(await live.html(publicProfilePath('therapist', DECLINED.slug))).not.toContain(why);
    },
    TEST_TIMEOUT_MS,
  );
});
