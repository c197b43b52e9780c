/**
 * /announcements pages by cursor in real Chromium against the emulators
 * (firestore.rules enforced): a user with more announcements than a page
 * sees the newest first and reads every older one with 「もっと見る」, which
 * goes away once nothing older is left.
 */
import type { Page } from 'playwright-core';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS_PAGE_SIZE } from '../../src/lib/announcements/client';
import { TEST_PROJECTS } from '../setup/projects';
import { createTherapist, signInThrough } from './account-helpers';
import { useSiteSession } from './site-session';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
const { adminDb } = await import('../../scripts/lib/admin');

const site = useSiteSession();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const READER = { uid: `news-${unique}`, email: `news-${unique}@example.test`, slug: `news-${unique}`, name: 'お知らせのさくら' };
/** Two full pages and a part of a third. */
const COUNT = ANNOUNCEMENTS_PAGE_SIZE * 2 + 5;
/** お知らせ 1 is the oldest, お知らせ {COUNT} the newest, a minute apart. */
const title = (n: number) => `お知らせ ${n}`;

beforeAll(async () => {
  // adminDb() first: adminApp() takes the first app there is, and emulatorBrowserAuth() makes one for the Auth project.
  const db = adminDb();
  await createTherapist({ ...READER, verified: true });
  const batch = db.batch();
  const start = Date.now() - COUNT * 60_000;
  for (let n = 1; n <= COUNT; n += 1) {
    batch.set(db.collection('announcements').doc(), {
      userId: READER.uid,
      title: title(n),
      body: '',
      link: '',
      kind: 'system',
      createdAt: Timestamp.fromMillis(start + n * 60_000),
    });
  }
  await batch.commit();
}, 60_000);

describe('/announcements', () => {
  it(`shows the newest ${ANNOUNCEMENTS_PAGE_SIZE}, then every older one with もっと見る, then no button`, async () => {
    const page: Page = await site.newPage();
    await signInThrough(page, site.url, '/announcements', READER.email);
    const titles = () => page.getByTestId('announcement-list').locator('h3').allTextContents();
    const more = page.getByTestId('announcements-more');

    await page.getByTestId('announcement-list').waitFor();
    expect(await titles()).toEqual(Array.from({ length: ANNOUNCEMENTS_PAGE_SIZE }, (_, i) => title(COUNT - i)));

    await more.click();
    await expect.poll(async () => (await titles()).length).toBe(ANNOUNCEMENTS_PAGE_SIZE * 2);
    await more.click();
    await expect.poll(async () => (await titles()).length).toBe(COUNT);
    // Every one exactly once, newest first, down to the oldest.
    expect(await titles()).toEqual(Array.from({ length: COUNT }, (_, i) => title(COUNT - i)));
    expect(await more.count()).toBe(0);
  });
});
