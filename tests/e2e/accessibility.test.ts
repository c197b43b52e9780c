/**
 * axe-core's WCAG checks (labels, landmarks, names, colour contrast, …) on
 * every kind of public page, in the light and the dark theme, plus the open
 * phone drawer, the registration form showing its errors, the signed-in
 * nav with the avatar menu open, the editors and the shift form. Any violation fails, with its rule and elements listed.
 * Each page is loaded once and checked in both themes: the theme script
 * follows the OS setting live, so the dark check needs no second load or sign-in.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './account-helpers';
import { useSiteSession } from './site-session';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = [
  '/',
  '/profile/miu',
  '/search?q=miu',
  '/stores',
  '/frozen-accounts',
  '/store-profile/aroma-resort-shinjuku',
  '/howto',
  '/terms-of-service',
  '/skindetector',
  '/login',
  '/register',
  '/today',
  '/schedule/demo-therapist',
  '/favoriteRanking',
  '/favoriteRanking/area/新宿',
];

/** Signed-in editors, with what shows once each has loaded its data. */
const EDITORS = [
  { email: 'therapist@theralink.test', path: '/profile', ready: 'frozen-list' },
  { email: 'store@theralink.test', path: '/store-profile', ready: 'profile-save' },
  { email: 'therapist@theralink.test', path: '/schedule/manage', ready: 'week-heading' },
  { email: 'fan@theralink.test', path: '/favorites', ready: 'favorites-list' },
  { email: 'fan@theralink.test', path: '/announcements', ready: 'alert-settings' },
  { email: 'fan@theralink.test', path: '/profile/miu', ready: 'favorite-toggle' },
];

const site = useSiteSession();

interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not
  // govern: an injected <script> would (rightly) be refused by it.
  await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The violations of the page as it stands, in the light theme and then in the dark one. */
async function violationsInBothThemes(page: Page): Promise<Record<'light' | 'dark', string[]>> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  const light = await violations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  return { light, dark: await violations(page) };
}

const NONE = { light: [], dark: [] };

describe('in the light and the dark theme', () => {
  it.each(PAGES)('%s has no accessibility violations', async (path) => {
    const page = await site.newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });

  it('the open phone drawer has no accessibility violations', async () => {
    const page = await site.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('drawer-toggle').click();
    await page.getByTestId('drawer').waitFor({ state: 'visible' });
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });

  it('the registration form showing its errors has no accessibility violations', async () => {
    const page = await site.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('エリアを選んでください。').waitFor();
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });

  it('the signed-in nav with the avatar menu open has no accessibility violations', async () => {
    const page = await site.newPage();
    await page.goto('/login');
    await signIn(page, 'therapist@theralink.test');
    await page.waitForURL(`${site.url}/`);
    await page.getByTestId('avatar-button').click();
    await page.getByTestId('account-menu').waitFor({ state: 'visible' });
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });

  it.each(EDITORS)('$path signed in as $email has no accessibility violations', async ({ email, path, ready }) => {
    const page = await site.newPage();
    await page.goto(`/login?next=${encodeURIComponent(path)}`);
    await signIn(page, email);
    await page.waitForURL(`${site.url}${path}`);
    await page.getByTestId(ready).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });

  it('the open shift form has no accessibility violations', async () => {
    const page = await site.newPage();
    await page.goto('/login?next=/schedule/manage');
    await signIn(page, 'therapist@theralink.test');
    await page.locator('[data-testid^="shift-add-"]').first().click();
    await page.getByTestId('shift-save').waitFor();
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });
});
