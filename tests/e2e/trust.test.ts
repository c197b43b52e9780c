/**
 * Trust in the headline answer, end to end in real Chromium against npm
 * start's stack (emulators with firestore.rules, the rebuild loop, the
 * served site): a store is shown only after it confirms a therapist and no
 * longer once it removes her; a second claimant's dispute shows the handle
 * as 確認中 in search. (The renamed profile's redirect is in
 * self-service.test.ts; the sign-in message in accounts.test.ts.)
 */
import { handleShardUrl } from '../../src/lib/search/handle-index';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorBrowserAuth } from '../../scripts/lib/admin';
import { ROOT } from '../../scripts/lib/project';
import type { PublicFrozenAccount } from '../../src/schema/public';
import { createTherapist, signInThrough } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const TEST_TIMEOUT_MS = 2 * REBUILD_TIMEOUT_MS + 60_000;
const NEWCOMER = { uid: 'trust-newcomer', email: 'newcomer@theralink.test', slug: 'newcomer-sakura', name: 'しんじんさくら' };
let page: Page;

/** A published therapist with no store, made the way registration + publishing leaves her. */
beforeAll(async () => {
  const auth = emulatorBrowserAuth();
  await auth.deleteUser(NEWCOMER.uid).catch(() => undefined);
  await createTherapist({ ...NEWCOMER, verified: true, published: true, area: '新宿' });
}, 60_000);

beforeEach(async () => {
  page = await live.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
});

const signInTo = (route: string, email: string) => signInThrough(page, live.url, route, email);

const poll = (route: string) => expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 500 });
const herLink = `href="/profile/${NEWCOMER.slug}"`;
const STORE_PAGE = '/store-profile/aroma-resort-shinjuku';

describe('store-confirmed membership', () => {
  it(
    'shows her at the store only once the store confirms, and no longer once it removes her',
    async () => {
      await signInTo('/profile', NEWCOMER.email);
      const marker = `所属申請のテスト ${Date.now()}`;
      await page.getByLabel('自己紹介').fill(marker);
      await page.getByLabel('店舗のエリア').selectOption('新宿');
      const storeSelect = page.getByLabel('所属店舗');
      await storeSelect.locator('option', { hasText: 'アロマリゾート新宿' }).waitFor({ state: 'attached' });
      await storeSelect.selectOption({ label: 'アロマリゾート新宿' });
      await page.getByTestId('profile-save').click();
      await page.getByTestId('profile-status').filter({ hasText: '保存しました' }).waitFor();
      await page.getByTestId('membership-state').filter({ hasText: '承認待ち' }).waitFor();

      // After the rebuild that carries her save, the store still does not list her.
      await poll(`/profile/${NEWCOMER.slug}`).toContain(marker);
      expect(await live.html(`/profile/${NEWCOMER.slug}`)).not.toContain('アロマリゾート新宿');
      expect(await live.html(STORE_PAGE)).not.toContain(herLink);

      page = await live.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      await signInTo('/store-profile', 'store@theralink.test');
      const request = page.getByTestId('member-requests').locator(`[data-member="${NEWCOMER.uid}"]`);
      await request.getByTestId('member-confirm').click();
      await page.getByTestId('members').locator(`[data-member="${NEWCOMER.uid}"]`).waitFor();
      await poll(STORE_PAGE).toContain(herLink);
      expect(await live.html(`/profile/${NEWCOMER.slug}`)).toContain('アロマリゾート新宿');

      await page.getByTestId('members').locator(`[data-member="${NEWCOMER.uid}"]`).getByTestId('member-remove').click();
      await page.getByTestId('members').locator(`[data-member="${NEWCOMER.uid}"]`).waitFor({ state: 'detached' });
      await poll(STORE_PAGE).not.toContain(herLink);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a disputed handle', () => {
  it(
    'shows 確認中 in search once a second claimant opens a dispute',
    async () => {
      const exported = JSON.parse(
        await readFile(path.join(ROOT, '.build', 'live-export', 'frozen-accounts.json'), 'utf8'),
      ) as PublicFrozenAccount[];
      const claim = exported.find((entry) => entry.verification === 'self' && !entry.disputed && entry.userId !== NEWCOMER.uid);
      expect(claim).toBeDefined();
      const handle = claim!.handle;

      await signInTo('/profile', NEWCOMER.email);
      const form = page.getByTestId('frozen-add-form');
      await form.getByLabel('旧アカウントのユーザー名').fill(`@${handle}`);
      await form.getByTestId('frozen-add').click();
      await page.getByTestId('dispute-offer').getByRole('button', { name: '申し立てる' }).click();
      await page
        .getByLabel('申し立ての内容')
        .fill('2019年からこのユーザー名で出勤のお知らせをしていました。凍結前の投稿のスクリーンショットがあります。');
      await page.getByTestId('dispute-send').click();
      await page.getByTestId('dispute-sent').waitFor();
      // The handle typed is kept in the form.
      expect(await form.getByLabel('旧アカウントのユーザー名').inputValue()).toBe(`@${handle}`);

      await poll(handleShardUrl(handle)).toContain(`"handle":"${handle}","kind":"former","verification":"self","disputed":true`);
      await page.goto(`/search?q=${encodeURIComponent(`@${handle}`)}`);
      await page.getByTestId('handle-answer').locator('[data-verification="disputed"]').filter({ hasText: '確認中' }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});
