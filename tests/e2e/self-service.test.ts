/**
 * Self-service end to end, in real Chromium against npm start's stack: the
 * emulators (firestore.rules enforced), the export → build → rebuild loop
 * and the served static site. A therapist edits her profile and slug,
 * registers a former handle, adds today's shift, and each change reaches
 * the public pages after the rebuild; a store adds a shift for her; bad
 * avatar files are refused without losing what she typed.
 */
import { handleShardUrl } from '../../src/lib/search/handle-index';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatMonthDayWeekday, tokyoDateKey } from '../../src/lib/tokyo-date';
import { photoUrlBase } from '../../scripts/export/photo-base';
import { adminDb } from '../../scripts/lib/admin';
import { photoURL as publicPhotoURL } from '../../src/lib/photo-url';
import { signInThrough } from './account-helpers';
import { REBUILD_TIMEOUT_MS, useLiveSite } from './live-site';

const live = useLiveSite();
const TEST_TIMEOUT_MS = REBUILD_TIMEOUT_MS + 60_000;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
let page: Page;
beforeEach(async () => {
  page = await live.newPage();
  // 削除 and 先週をコピー confirm through the browser's dialog.
  page.on('dialog', (dialog) => void dialog.accept());
});

const signInTo = (path: string, email = 'therapist@theralink.test') => signInThrough(page, live.url, path, email);

/** Waits until the served page of `route` (rebuilt in the background) contains `text`. */
function untilPublished(route: string, text: string) {
  return expect.poll(() => live.html(route), { timeout: REBUILD_TIMEOUT_MS, interval: 500 }).toContain(text);
}

describe('a therapist editing her profile', () => {
  it(
    'changes her bio and profile URL: the new URL shows the new bio, the old URL redirects to it',
    async () => {
      await signInTo('/profile');
      const slug = `miu-${unique()}`;
      const bio = `新しい自己紹介です ${unique()}`;
      await page.getByLabel('自己紹介').fill(bio);
      await page.getByLabel('プロフィール URL').fill(slug);
      await page.getByTestId('profile-save').click();
      await page.getByTestId('profile-status').filter({ hasText: '保存しました' }).waitFor();

      await untilPublished(`/profile/${slug}`, bio);
      await page.goto(`/profile/${slug}`);
      expect(await page.locator('main').textContent()).toContain(bio);

      // The old slug is held for 30 days and its URL sends old links to the new page.
      await untilPublished('/profile/miu', `/profile/${slug}`);
      await page.goto('/profile/miu');
      await page.waitForURL(`${live.url}/profile/${slug}`);
      expect(await page.locator('main').textContent()).toContain(bio);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses a file that is too large or not an image, with a message, and keeps what she typed',
    async () => {
      await signInTo('/profile');
      const bio = `まだ保存していない文章 ${unique()}`;
      await page.getByLabel('自己紹介').fill(bio);
      const avatar = page.getByTestId('avatar-input');

      await avatar.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(12 * 1024 * 1024, 1) });
      await page.getByTestId('avatar-error').filter({ hasText: '大きすぎます' }).waitFor();
      expect(await page.getByLabel('自己紹介').inputValue()).toBe(bio);

      await avatar.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('メモ') });
      await page.getByTestId('avatar-error').filter({ hasText: '画像ファイルを選んでください' }).waitFor();
      expect(await page.getByLabel('自己紹介').inputValue()).toBe(bio);

      await avatar.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
      await page.getByTestId('avatar-error').filter({ hasText: '読み込めません' }).waitFor();
      expect(await page.getByLabel('自己紹介').inputValue()).toBe(bio);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a profile picture', () => {
  /** A PNG of one colour drawn by the browser itself. */
  async function png(width: number, height: number, colour: string): Promise<Buffer> {
    const dataUrl = await page.evaluate(
      ([w, h, c]) => {
        const canvas = Object.assign(document.createElement('canvas'), { width: w, height: h });
        const context = canvas.getContext('2d')!;
        context.fillStyle = c as string;
        context.fillRect(0, 0, w as number, h as number);
        return canvas.toDataURL('image/png');
      },
      [width, height, colour] as const,
    );
    return Buffer.from(dataUrl.split(',')[1]!, 'base64');
  }
  /** Her picture's URL as the export builds it from the stored path. */
  const photoURL = async () => {
    const path = (await adminDb().doc('accounts/demo-therapist').get()).get('photo') as string;
    expect(path).toMatch(/^avatars\/demo-therapist\/[01]\.(webp|jpg)$/);
    return publicPhotoURL(path, 'demo-therapist', photoUrlBase());
  };

  // Uploads go to the Storage emulator, whose stand-in rules runtime allows
  // everything here: this checks the browser's work, not storage.rules.
  it(
    'uploads a picture resized to at most 512 px and deletes the previous file',
    async () => {
      await signInTo('/profile');
      const avatar = page.getByTestId('avatar-input');
      await avatar.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: await png(1600, 900, '#c0392b') });
      await page.getByTestId('avatar-status').filter({ hasText: 'プロフィール画像を変更しました' }).waitFor();
      const first = await photoURL();
      const stored = await fetch(first);
      expect(stored.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)$/);
      const size = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, first);
      expect(size).toEqual([512, 288]);

      await page.reload();
      await page
        .getByTestId('avatar-input')
        .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: await png(300, 400, '#2471a3') });
      await page.getByTestId('avatar-status').filter({ hasText: 'プロフィール画像を変更しました' }).waitFor();
      const second = await photoURL();
      expect(second).not.toBe(first);
      expect((await fetch(second)).status).toBe(200);
      expect((await fetch(first)).status).toBe(404);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the frozen-account registry', () => {
  it(
    'registers a former handle that search then finds, and refuses a handle someone else holds',
    async () => {
      const handle = `old_${unique()}`.slice(0, 15);
      await signInTo('/profile');
      const addForm = page.getByTestId('frozen-add-form');
      await addForm.getByLabel('旧アカウントのユーザー名').fill(`@${handle.toUpperCase()}`);
      await addForm.getByLabel('メモ', { exact: true }).fill('凍結されました');
      await page.getByTestId('frozen-add').click();
      await page.getByTestId('frozen-list').getByText(`@${handle}`, { exact: true }).waitFor();

      // The exact handle index carries it after the rebuild, and search answers with her card.
      await untilPublished(handleShardUrl(handle), `"handle":"${handle}"`);
      await page.goto(`/search?q=${encodeURIComponent(`@${handle}`)}`);
      const answer = page.getByTestId('handle-answer');
      await answer.waitFor();
      expect(await answer.locator('h3').textContent()).toBe(`@${handle} は みう さんの旧アカウントです`);
      await answer.getByRole('link', { name: 'プロフィールを見る' }).click();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('みう');

      // The store account tries to claim the same handle.
      page = await live.newPage();
      await signInTo('/store-profile', 'store@theralink.test');
      await page.getByTestId('frozen-add-form').getByLabel('旧アカウントのユーザー名').fill(handle);
      await page.getByTestId('frozen-add').click();
      await page.getByText(`@${handle} は別のアカウントが旧アカウントとして登録済みのため、登録できません`, { exact: false }).waitFor();
      await page.getByTestId('dispute-offer').waitFor();
      expect(await page.getByTestId('frozen-add-form').getByLabel('旧アカウントのユーザー名').inputValue()).toBe(handle);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('schedules', () => {
  const today = tokyoDateKey();

  it(
    "adds today's shift, which then appears on /today and on her schedule page",
    async () => {
      await signInTo('/schedule/manage');
      await page.getByTestId(`shift-add-${today}`).click();
      await page.getByLabel('開始').fill('07:00');
      await page.getByLabel('終了').fill('08:30');
      await page.getByLabel('メモ').fill('朝の特別枠');
      await page.getByTestId('shift-save').click();
      await page.getByTestId(`day-${today}`).getByText('07:00〜08:30').waitFor();

      await untilPublished('/today', '07:00〜08:30');
      await page.goto('/today');
      const row = page.locator('li', { hasText: '07:00〜08:30' });
      expect(await row.first().textContent()).toContain('みう');
      expect(await live.html('/schedule/demo-therapist')).toContain('07:00〜08:30');
      expect(await live.html('/schedule/demo-therapist.ics')).toContain('DTSTART;TZID=Asia/Tokyo:');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses an overlapping shift and keeps the form as typed',
    async () => {
      const tomorrow = addDays(today, 1);
      await signInTo('/schedule/manage');
      const addShift = async (start: string, end: string) => {
        await page.getByTestId(`shift-add-${tomorrow}`).click();
        await page.getByLabel('開始').fill(start);
        await page.getByLabel('終了').fill(end);
        await page.getByTestId('shift-save').click();
      };
      // The seed's shifts start at 10:00 or later and end by 06:30: 07:00–09:30 is free.
      await page.getByTestId(`day-${today}`).waitFor();
      // On a Sunday, tomorrow is in the next week.
      if ((await page.getByTestId(`day-${tomorrow}`).count()) === 0) await page.getByRole('button', { name: '次の週' }).click();
      await addShift('07:00', '08:00');
      await page.getByTestId(`day-${tomorrow}`).getByText('07:00〜08:00').waitFor();
      await addShift('07:30', '09:00');
      await page.getByTestId('shift-error').filter({ hasText: '重な' }).waitFor();
      expect(await page.getByLabel('開始').inputValue()).toBe('07:30');
      expect(await page.getByLabel('終了').inputValue()).toBe('09:00');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lets the store she named add a shift for her from its roster',
    async () => {
      // The seed gives her shifts on even days from today: the third day is free.
      const day = addDays(today, 3);
      const cell = (action: string) => page.getByRole('button', { name: `みう ${formatMonthDayWeekday(day)} の出勤を${action}` });
      await signInTo('/schedule/manage', 'store@theralink.test');
      await cell('追加').click();
      await page.getByLabel('開始').fill('09:00');
      await page.getByLabel('終了').fill('09:45');
      await page.getByTestId('shift-save').click();
      await cell('編集').filter({ hasText: '09:00〜09:45' }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a store’s course menu', () => {
  it(
    'is edited on /store-profile and shows on the store page and beside her on her profile after the rebuild',
    async () => {
      await signInTo('/store-profile', 'store@theralink.test');
      const menu = page.getByRole('group', { name: 'コース料金' });
      const before = await menu.locator('input[name$=".minutes"]').count();
      await menu.getByRole('button', { name: '＋ コースを追加' }).click();
      // Typed as a phone keyboard may give it: full-width digits, a thousands comma and 円.
      await menu.locator(`input[name="courses.${before}.minutes"]`).fill('４５');
      await menu.locator(`input[name="courses.${before}.price"]`).fill('1,234円');
      await menu.locator(`input[name="courses.${before}.note"]`).fill('お試し');
      await page.getByTestId('profile-save').click();
      await page.getByTestId('profile-status').filter({ hasText: '保存しました' }).waitFor();

      // The cheapest course is the new one: her profile shows it as the store's starting price.
      await untilPublished('/store-profile/aroma-resort-shinjuku', '1,234');
      expect(await live.html('/store-profile/aroma-resort-shinjuku')).toContain('お試し');
      // Her URL as it is now (a test above renames it).
      const slug = (await adminDb().doc('accounts/demo-therapist').get()).get('profileSlug') as string;
      await untilPublished(`/profile/${slug}`, '45分 1,234円〜');
    },
    TEST_TIMEOUT_MS,
  );
});
