/**
 * 退会, in real Chromium against npm start's stack (the emulators, the
 * export → build loop, and the loop's erasure of the accounts that ask):
 * a published therapist, whom a fan 推す, opens 設定 → 退会. The form
 * refuses an unticked box and a wrong password at their fields, keeping
 * what she typed; with both right it says goodbye at once. Then her sign-in
 * is gone, the fan's 推し of her with it, this browser forgets what it kept
 * of her, and her profile leaves the served site with the next cycle.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, emulatorBrowserAuth } from '../../scripts/lib/admin';
import { DEMO_PASSWORD } from '../../scripts/seed/generate';
import { publicProfilePath } from '../../src/lib/routes';
import { createTherapist, signIn, signInThrough, type TestTherapist } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const HER: TestTherapist = {
  uid: `lv-${unique}`,
  email: `leave-${unique}@example.test`,
  name: 'さよ',
  verified: true,
  published: true,
  slug: `sayo-${unique}`,
};
const FAN = `lv-fan-${unique}`;
const profilePath = publicProfilePath('therapist', HER.slug!);
let page: Page;

beforeAll(async () => {
  await createTherapist(HER);
  const now = Timestamp.now();
  await adminDb().doc(`users/${FAN}`).set({ createdAt: now, favoriteCount: 1, lastFavoriteTarget: HER.uid });
  await adminDb().doc(`favorites/${FAN}/items/${HER.uid}`).set({ targetUid: HER.uid, targetKind: 'therapist', createdAt: now });
}, 60_000);

const served = (route: string) => expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 500 });

describe('a therapist who leaves', () => {
  it(
    'is refused without the box ticked or with a wrong password, then leaves: her sign-in, her 推し and her page go',
    async () => {
      await served(profilePath).toContain(HER.name);
      page = await live.newPage();
      await signInThrough(page, live.url, '/announcements', HER.email);
      const form = page.getByTestId('leave-account');
      await form.scrollIntoViewIfNeeded();
      expect(await form.textContent()).toContain('顧客ノート');

      await form.getByRole('button', { name: '退会する' }).click();
      await form.getByText('内容を確かめて、チェックを入れてください。').waitFor();
      await form.getByText('いまのパスワードを入力してください。').waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');

      await form.getByLabel('すべて削除され、元に戻せないことを確認しました').check();
      await form.getByLabel('いまのパスワード').fill('not-her-password');
      await form.getByRole('button', { name: '退会する' }).click();
      await form.getByText('パスワードが違います。').waitFor();
      expect(await form.getByLabel('すべて削除され、元に戻せないことを確認しました').isChecked()).toBe(true);
      expect(await form.getByLabel('いまのパスワード').inputValue()).toBe('not-her-password');

      // What this browser kept of her (a draft, the notebook's outbox), and of someone else.
      const kept = [`theralink:draft:post:${HER.uid}`, `theralink:notebook-outbox:${HER.uid}`, 'theralink:draft:post:someone-else'];
      await page.evaluate((keys) => keys.forEach((key) => localStorage.setItem(key, '{}')), kept);

      await form.getByLabel('いまのパスワード').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: '退会する' }).click();
      await page.getByTestId('left-account').getByText('退会しました').waitFor();
      await expect
        .poll(() => page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), kept))
        .toEqual(['theralink:draft:post:someone-else']);

      await served(profilePath).not.toContain(HER.name);
      await expect(emulatorBrowserAuth().getUser(HER.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
      expect((await adminDb().doc(`accounts/${HER.uid}`).get()).exists).toBe(false);
      expect((await adminDb().doc(`favorites/${FAN}/items/${HER.uid}`).get()).exists).toBe(false);
      expect((await adminDb().doc(`users/${FAN}`).get()).data()).toMatchObject({ favoriteCount: 0 });

      // Signing in again is refused as any unknown account is.
      await page.goto('/login');
      await signIn(page, HER.email);
      await page.getByText('メールアドレスまたはパスワードが違います').waitFor();
    },
    REBUILD_TIMEOUT_MS * 2 + 60_000,
  );
});
