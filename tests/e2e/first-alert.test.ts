/**
 * A fan's first alert names what happened (issue 40), in real Chromium
 * against npm start's stack (emulators, export → build loop, the alerts job
 * after each cycle). Her 推し had a busy morning (a former handle and two
 * timeline posts) before the fan tapped 推しに追加; then she enters a night
 * shift for today. The fan's bell lights, and /announcements shows one
 * alert, 「…さんが本日 22:00〜 出勤します」 with 22:00〜翌03:00: nothing from
 * before her 推し, and no digest.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, emulatorBrowserAuth } from '../../scripts/lib/admin';
import { DEMO_PASSWORD } from '../../scripts/seed/generate';
import { publicProfilePath } from '../../src/lib/routes';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { createTherapist, signInThrough, type TestTherapist } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const HER: TestTherapist = {
  uid: `fa-${unique}`,
  email: `first-alert-her-${unique}@example.test`,
  name: 'ことは',
  verified: true,
  published: true,
  slug: `kotoha-${unique}`,
  area: '新宿',
};
const FAN = { uid: `fa-fan-${unique}`, email: `first-alert-fan-${unique}@example.test` };
const OLD_HANDLE = `k${unique}`.slice(0, 15);
const profilePath = publicProfilePath('therapist', HER.slug!);

beforeAll(async () => {
  await createTherapist(HER);
  await emulatorBrowserAuth().createUser({ uid: FAN.uid, email: FAN.email, password: DEMO_PASSWORD, emailVerified: true });
  await adminDb().doc(`users/${FAN.uid}`).set({ createdAt: Timestamp.now() });
}, 60_000);

const untilServed = (route: string, text: string) =>
  expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 500 }).toContain(text);

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

describe('a fan’s first alert', () => {
  it(
    'after she 推す a busy therapist, names the shift she enters (本日, its start, 翌 for the night) and nothing from before',
    async () => {
      const db = adminDb();
      const today = tokyoDateKey();
      const now = Timestamp.now();
      // Her morning, before the fan: a former handle and a timeline post.
      await db.doc(`frozenAccounts/x_${OLD_HANDLE}`).set({
        userId: HER.uid,
        platform: 'x',
        handle: OLD_HANDLE,
        frozenOn: null,
        note: '',
        verification: 'self',
        confirmedBy: null,
        slot: 0,
        createdAt: now,
        updatedAt: now,
      });
      // Three of her day before the fan: under the old bound her shift was the fourth and only a digest.
      for (const [n, text] of ['おはようございます、今日もよろしくお願いします', '新しいアロマを入荷しました'].entries()) {
        await db
          .doc(`posts/${HER.uid}_${today.replaceAll('-', '')}_${n}`)
          .set({ userId: HER.uid, text, images: [], createdAt: now, updatedAt: now, hidden: false });
      }
      await untilServed(profilePath, '新しいアロマを入荷しました');

      const page = await live.newPage();
      await signInThrough(page, live.url, profilePath, FAN.email);
      await page.getByRole('button', { name: `${HER.name} 推しに追加` }).click();
      await page.locator(`button[data-favorite-target="${HER.uid}"][aria-pressed="true"]:not([data-pending])`).waitFor();

      // Then a night shift for today.
      await db.doc(`schedules/${HER.uid}_${today}_0`).set({
        userId: HER.uid,
        storeId: null,
        date: today,
        start: '22:00',
        end: '03:00',
        note: '',
        updatedAt: Timestamp.now(),
      });

      await untilBellDot(page);
      await page.getByTestId('bell').click();
      await page.waitForURL(`${live.url}/announcements`);
      const items = page.getByTestId('announcement-list').locator('li');
      await items.first().waitFor();
      expect(await items.count()).toBe(1);
      expect(await items.first().locator('h3').textContent()).toBe(`${HER.name}さんが本日 22:00〜 出勤します`);
      expect(await items.first().textContent()).toContain('22:00〜翌03:00');
      const text = (await page.getByTestId('announcement-list').textContent()) ?? '';
      expect(text).not.toContain('ほかに');
      expect(text).not.toContain(OLD_HANDLE);
      expect(text).not.toContain('おはようございます');
      expect(text).not.toContain('アロマを入荷');
    },
    3 * REBUILD_TIMEOUT_MS + 60_000,
  );
});
