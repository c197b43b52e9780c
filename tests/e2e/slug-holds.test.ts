/**
 * Slug holds through the real profile editor, in Chromium against the
 * built demo site and the emulators (firestore.rules enforced): a
 * therapist who renames three times keeps her two newest old URLs held
 * and the oldest is released for real (deleted with its tombstone); another
 * account can then take it, but not one she still holds
 * (docs/decisions/slug-holds.md). Firestore is read with the admin SDK.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SLUG_TAKEN_MESSAGE } from '../../src/lib/profile/slug-plan';
import { TEST_PROJECTS } from '../setup/projects';
import { createTherapist, signInThrough } from './account-helpers';
import { useSiteSession } from './site-session';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
const { adminDb } = await import('../../scripts/lib/admin');

const site = useSiteSession();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const RENAMER = { uid: `renamer-${unique}`, email: `renamer-${unique}@example.test`, name: 'リネーム', verified: true };
const OTHER = { uid: `other-${unique}`, email: `other-${unique}@example.test`, name: 'ほかの人', verified: true };
const slugs = [0, 1, 2, 3].map((n) => `hold-${unique}-${n}`);
let page: Page;

beforeAll(async () => {
  await Promise.all([createTherapist({ ...RENAMER, slug: slugs[0] }), createTherapist({ ...OTHER, slug: `other-${unique}` })]);
});
beforeEach(async () => {
  page = await site.newPage();
});

const data = async (path: string) => (await adminDb().doc(path).get()).data();

/** Signed in on /profile: types the profile URL `slug` and presses 保存. */
async function rename(slug: string): Promise<void> {
  await page.getByLabel('プロフィール URL').fill(slug);
  await page.getByTestId('profile-save').click();
}

describe('renaming a profile three times', () => {
  it('keeps the two newest old URLs held and releases the oldest for real', async () => {
    await signInThrough(page, site.url, '/profile', RENAMER.email);
    for (const slug of slugs.slice(1)) {
      await rename(slug);
      await page.getByTestId('profile-status').filter({ hasText: '保存しました' }).waitFor();
    }
    expect(await data(`slugHolds/${RENAMER.uid}`)).toEqual({ slugs: [slugs[1], slugs[2]] });
    expect(await data(`slugs/${slugs[0]}`)).toBeUndefined();
    expect(await data(`deletions/slugs:${slugs[0]}`)).toMatchObject({ collection: 'slugs', docId: slugs[0] });
    expect(await data(`slugs/${slugs[1]}`)).toMatchObject({ userId: RENAMER.uid, releasedAt: expect.anything() });
    expect(await data(`slugs/${slugs[3]}`)).toMatchObject({ userId: RENAMER.uid, releasedAt: null });
  });

  it('lets another account take the released URL, but not one still held', async () => {
    await signInThrough(page, site.url, '/profile', OTHER.email);
    await rename(slugs[1]!);
    await page.getByText(SLUG_TAKEN_MESSAGE).first().waitFor();
    expect(await data(`slugs/${slugs[1]}`)).toMatchObject({ userId: RENAMER.uid });

    await rename(slugs[0]!);
    await page.getByTestId('profile-status').filter({ hasText: '保存しました' }).waitFor();
    expect(await data(`slugs/${slugs[0]}`)).toEqual({ userId: OTHER.uid, kind: 'therapist', releasedAt: null });
  });
});
