/**
 * 今すぐ案内可 end to end, in real Chromium against npm start's stack (the
 * emulators with firestore.rules enforced, the export → build loop, the
 * served site under its CSP): the therapist taps 60分 on /schedule/manage
 * and her public profile shows the badge after the rebuild; her store ends
 * it from its roster and the badge leaves; a window that ends while a
 * visitor has the page open disappears from that page by itself, with no
 * rebuild and no reload.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/lib/admin';
import { formatTimeOfDay } from '../../src/lib/tokyo-date';
import { signInThrough } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const TEST_TIMEOUT_MS = 2 * REBUILD_TIMEOUT_MS + 60_000;
const MIU = { uid: 'demo-therapist', profile: '/profile/miu' };
let page: Page;
beforeEach(async () => {
  page = await live.newPage();
});

/** Waits until the served page of `route` (rebuilt in the background) does or does not contain `text`. */
function untilServed(route: string, text: string, present = true) {
  const poll = expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 250 });
  return present ? poll.toContain(text) : poll.not.toContain(text);
}

/** Her window's end as Firestore holds it. */
async function storedUntil(): Promise<Date> {
  const snapshot = await adminDb().doc(`availableNow/${MIU.uid}`).get();
  return (snapshot.get('until') as Timestamp).toDate();
}

const badge = (on: Page) => on.locator('[data-available-until]');

describe('今すぐ案内可', () => {
  it(
    'appears on her public profile after her tap, and leaves it when her store ends it',
    async () => {
      await signInThrough(page, live.url, '/schedule/manage', 'therapist@theralink.test');
      const control = page.getByTestId('available-now-switch');
      await control.getByRole('button', { name: '60分' }).click();
      await control.getByRole('status').filter({ hasText: '「今すぐ案内可」にしました' }).waitFor();
      const until = await storedUntil();
      expect(until.getTime() - Date.now()).toBeGreaterThan(58 * 60_000);
      expect(until.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
      await control.getByRole('button', { name: '終了する' }).waitFor();

      await untilServed(MIU.profile, `data-available-until="${until.getTime()}"`);
      const visitor = await live.newPage();
      await visitor.goto(MIU.profile);
      await expect.poll(() => badge(visitor).textContent()).toContain(`今すぐ案内可（${formatTimeOfDay(until)} まで）`);
      expect(await badge(visitor).isVisible()).toBe(true);

      const store = await live.newPage();
      await signInThrough(store, live.url, '/schedule/manage', 'store@theralink.test');
      await store.getByTestId('store-available-now').locator('summary').click();
      const hers = store.getByTestId('available-now-switch').filter({ hasText: 'みうさん' });
      await hers.getByRole('button', { name: '終了する' }).click();
      await hers.getByRole('status').filter({ hasText: '終了しました' }).waitFor();
      expect((await storedUntil()).getTime()).toBeLessThanOrEqual(Date.now());
      const setBy = (await adminDb().doc(`availableNow/${MIU.uid}`).get()).get('setBy');
      expect(setBy).toBe('demo-store');
      await untilServed(MIU.profile, 'data-available-until', false);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'hides itself on an open page when its end passes, before any rebuild',
    async () => {
      // A window ending after the longest the rebuild may take to serve it (the admin SDK stands in for a tap made
      // most of a window ago): with a shorter one, a slow rebuild let it end before the page was open.
      const until = new Date(Date.now() + REBUILD_TIMEOUT_MS + 60_000);
      const now = Timestamp.now();
      await adminDb()
        .doc(`availableNow/${MIU.uid}`)
        .set({ userId: MIU.uid, until: Timestamp.fromDate(until), setBy: MIU.uid, updatedAt: now });
      await untilServed(MIU.profile, `data-available-until="${until.getTime()}"`);
      // The page's clock is Playwright's from here on, so the end passes without the test waiting for it in real time.
      await page.clock.install();
      await page.goto(MIU.profile);
      expect(await page.evaluate(() => Date.now())).toBeLessThan(until.getTime());
      await badge(page).waitFor({ state: 'visible' });

      // The page checks every 15 s: still shown just before the end, hidden within 15 s after it,
      // and the served HTML still carries it.
      await page.clock.runFor(Math.max(0, until.getTime() - (await page.evaluate(() => Date.now())) - 1_000));
      expect(await badge(page).isVisible()).toBe(true);
      await page.clock.runFor(16_000);
      await badge(page).waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(until.getTime());
      await page.reload();
      expect(await badge(page).count()).toBeLessThanOrEqual(1);
      expect(await badge(page).isVisible()).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );
});
