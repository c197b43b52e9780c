/**
 * The area picker in real Chromium against the emulators (firestore.rules
 * enforced) and the built demo site: a therapist whose stored area is free
 * text from before the vocabulary opens her profile editor on a 360 px
 * phone, sees it as not chosen with a prompt, cannot save it as it is,
 * chooses an area from the list grouped by prefecture, saves, and the
 * choice is stored and shown again after a reload.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AREAS, OTHER_AREA, PREFECTURES } from '../../src/lib/areas';
import { TEST_PROJECTS } from '../setup/projects';
import { createTherapist, signIn } from './account-helpers';
import { useSiteSession } from './site-session';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
const { adminDb } = await import('../../scripts/lib/admin');

const site = useSiteSession();
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const THERAPIST = { uid: `area-${unique}`, email: `area-${unique}@example.test`, slug: `area-${unique}`, name: 'エリアのさくら' };
/** A free-text area an older version stored (1–20 characters were allowed). */
const LEGACY_AREA = '歌舞伎町';
const PROMPT = `「${LEGACY_AREA}」は選べるエリアにありません。一覧から選び直してください。`;

let page: Page;

beforeAll(async () => {
  // adminDb() first: adminApp() takes the first app there is, and emulatorBrowserAuth() makes one for the Auth project.
  adminDb();
  await createTherapist({ ...THERAPIST, verified: true, area: LEGACY_AREA });
}, 60_000);

beforeEach(async () => {
  page = await site.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
});

const storedArea = async () => (await adminDb().doc(`accounts/${THERAPIST.uid}`).get()).get('area') as unknown;
/** Her own area's picker, by its label (the store picker's 店舗のエリア is another). */
const areaSelect = () => page.getByRole('combobox', { name: 'エリア（必須）', exact: true });

/** The select's choices as the browser holds them: [group label or '', option value][]. */
function choices(): Promise<[string, string][]> {
  return areaSelect().evaluate((select) =>
    [...(select as HTMLSelectElement).options].map((option): [string, string] => [
      option.parentElement instanceof HTMLOptGroupElement ? option.parentElement.label : '',
      option.value,
    ]),
  );
}

describe('the area picker on the profile editor (360 px)', () => {
  it('shows a stored free-text area as not chosen, then stores the area she chooses from the grouped list', async () => {
    await page.goto(`/login?next=${encodeURIComponent('/profile')}`);
    await signIn(page, THERAPIST.email);
    await page.waitForURL(`${site.url}/profile`);
    await areaSelect().waitFor();

    // The list: 選んでください, then each prefecture's areas under its heading, その他 last, nothing else.
    expect(await choices()).toEqual([
      ['', ''],
      ...PREFECTURES.flatMap(({ name, areas }) => areas.map((area): [string, string] => [name, area])),
      ['', OTHER_AREA],
    ]);
    expect((await choices()).length).toBe(AREAS.length + 1);

    // Her old text is not offered and not chosen; a prompt says what to do.
    expect(await areaSelect().inputValue()).toBe('');
    await page.getByText(PROMPT).waitFor();
    expect(await areaSelect().getAttribute('aria-invalid')).toBe('true');

    // Saving it as it is is refused in the browser, with the focus on the picker, and nothing is written.
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-status').waitFor();
    expect(await areaSelect().evaluate((select) => select === document.activeElement)).toBe(true);
    expect(await storedArea()).toBe(LEGACY_AREA);

    // She picks 梅田 under 大阪府, saves, and it is stored.
    const osaka = areaSelect().locator('optgroup[label="大阪府"]');
    expect(await osaka.locator('option').allTextContents()).toEqual([...PREFECTURES.find(({ name }) => name === '大阪府')!.areas]);
    await areaSelect().selectOption('梅田');
    expect(await page.getByText(PROMPT).count()).toBe(0);
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-status').filter({ hasText: '保存しました' }).waitFor();
    await expect.poll(storedArea).toBe('梅田');

    // After a reload the picker shows her choice.
    await page.reload();
    await areaSelect().waitFor();
    await expect.poll(() => areaSelect().inputValue()).toBe('梅田');
    expect(await areaSelect().getAttribute('aria-invalid')).toBeNull();
  });
});
