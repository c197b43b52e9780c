/**
 * A name search on the built demo site in real headless Chromium
 * (docs/decisions/name-search-ranking.md): the header says how many
 * therapists share the name, the whole name group comes first, and an area
 * chip, pressed from the keyboard at 360 px, narrows the search to that area.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSiteSession } from './site-session';

const site = useSiteSession();
let page: Page;
beforeEach(async () => {
  page = await site.newPage();
});

const NAME = 'みう';

/** Each result card's name and place line, in the order shown. */
async function cards(): Promise<{ name: string; place: string }[]> {
  return page.getByTestId('search-result').evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('a')?.textContent?.trim() ?? '',
      place: item.querySelector('p.text-sm')?.textContent?.trim() ?? '',
    })),
  );
}

describe('name search', () => {
  it('says how many share the name, lists them all first, and narrows by an area chip from the keyboard at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/search?q=${encodeURIComponent(NAME)}`);
    const header = page.getByTestId('name-group');
    await header.waitFor();
    const heading = (await header.getByRole('heading').textContent())!;
    const total = Number(heading.match(new RegExp(`^${NAME}：(\\d+) 人$`))?.[1]);
    expect(total).toBeGreaterThan(1);

    // The whole group comes before any other name.
    await page.getByTestId('search-result').first().waitFor();
    const shown = await cards();
    const firstOther = shown.findIndex((card) => card.name !== NAME);
    expect(shown.slice(0, total).every((card) => card.name === NAME)).toBe(true);
    expect(firstOther === -1 || firstOther === total).toBe(true);
    expect(shown.slice(total).some((card) => card.name === NAME)).toBe(false);

    const chips = header.getByRole('list', { name: 'エリアで絞り込む' }).getByRole('button');
    expect(await chips.first().getAttribute('aria-pressed')).toBe('true');
    expect(await chips.first().textContent()).toBe(`すべて${total}人`);
    // The first area chip: its label is the area, then how many of the group are there.
    const chip = chips.nth(1);
    const [, area, inArea] = (await chip.textContent())!.match(/^(.+?)(\d+)人$/)!;
    expect(Number(inArea)).toBeLessThan(total);

    await chip.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('area') === area);
    await expect.poll(async () => header.getByRole('button', { pressed: true }).textContent()).toBe(`${area}${inArea}人`);
    // Focus stays on the chip just pressed, so the keyboard can go on from there.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
    // The header still counts the whole name; the list narrows to the area.
    expect(await page.getByTestId('name-group').getByRole('heading').textContent()).toBe(`${NAME}：${total} 人`);
    await expect.poll(async () => (await cards()).filter((card) => card.name === NAME).length).toBe(Number(inArea));
    for (const card of (await cards()).filter((each) => each.name === NAME)) expect(card.place.startsWith(area!)).toBe(true);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe('the answer card', () => {
  it('shows her current X account as its handle, on the link to it', async () => {
    await page.goto(`/search?q=${encodeURIComponent('@miu_0312')}`);
    const x = page.getByTestId('handle-answer').getByRole('list', { name: '今のアカウント' }).getByRole('link', { name: /^X / });
    const href = (await x.getAttribute('href'))!;
    const handle = href.match(/^https:\/\/x\.com\/([A-Za-z0-9_]+)$/)?.[1];
    expect(handle).toBeTruthy();
    expect(await x.textContent()).toBe(`X @${handle}`);
  });
});
