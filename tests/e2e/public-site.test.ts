/**
 * The built demo site in real headless Chromium: searching an old handle,
 * the 404 redirect, theme persistence without a flash, the phone drawer and
 * store breadcrumbs. Also checks that no private seed data reached the HTML.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtSiteDay, E2E_EXPORT_DIR, E2E_SITE_DIR } from './built-site';
import { useSiteSession } from './site-session';

const site = useSiteSession();
let page: Page;
beforeEach(async () => {
  page = await site.newPage();
});

describe('frozen-account search', () => {
  it.each(['miu_0312', '@MIU_0312', '＠Miu_0312', 'https://x.com/miu_0312/status/1790000000000000000?s=20', ' twitter.com/Miu_0312/ '])(
    'answers %j from the home page with one answer card first',
    async (typed) => {
      await page.goto('/');
      await page.getByLabel('凍結前のユーザー名・名前・店名で探す').fill(typed);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?/);
      const answer = page.getByTestId('handle-answer');
      await answer.waitFor();
      expect(await answer.count()).toBe(1);
      expect(await answer.locator('h3').textContent()).toBe('@miu_0312 は みう さんの旧アカウントです');
      expect(await page.getByTestId('search-result').count()).toBe(0);
      await answer.getByRole('link', { name: 'プロフィールを見る' }).click();
      await page.waitForURL(`${site.url}/profile/miu`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('みう');
      // The label is left out of the full-text index, not out of the page, and the space before the handle stays.
      await expect(page.locator('main').textContent()).resolves.toContain('X の旧ユーザー名 miu_0312');
    },
  );

  it('says plainly that an unregistered handle is not registered, with no unrelated results', async () => {
    await page.goto(`/search?q=${encodeURIComponent('@nobody_9999')}`);
    await page.getByTestId('handle-not-registered').getByText('@nobody_9999 はまだ登録されていません').waitFor();
    expect(await page.getByTestId('search-result').count()).toBe(0);
    expect(await page.getByTestId('handle-answer').count()).toBe(0);
  });

  it('offers the registered handles that start with a partial handle', async () => {
    await page.goto(`/search?q=${encodeURIComponent('@miu_03')}`);
    const completions = page.getByTestId('handle-completions');
    await completions.waitFor();
    expect(await completions.getByRole('link', { name: '@miu_0312' }).count()).toBe(1);
  });
});

describe('on a 360 px phone', () => {
  it.each(['/frozen-accounts', '/frozen-accounts/letter/m', '/search?q=%40miu_0312', `/search?q=${encodeURIComponent('みう')}`])(
    '%s has nothing wider than the viewport',
    async (route) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
    },
  );
});

describe('the home page', () => {
  it.each([360, 375])('at %i px has no element wider than the screen and no horizontal scroll', async (width) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const offenders = await page.evaluate(() => {
      const screen = document.documentElement.clientWidth;
      // Visually hidden (sr-only: clipped to nothing, like the skip link until it has focus) draws nothing.
      const hidden = (element: Element) => getComputedStyle(element).clipPath === 'inset(50%)';
      return [...document.body.querySelectorAll('*')].flatMap((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || hidden(element)) return [];
        const name = `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 20) ?? ''}`;
        return box.left < 0 || box.right > screen ? [`${name}: ${Math.round(box.left)}–${Math.round(box.right)} of ${screen}`] : [];
      });
    });
    expect(offenders).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    // The search button stays inside the hero card, beside the box.
    const card = await page.locator('section[aria-labelledby="hero-heading"]').boundingBox();
    const button = await page.getByRole('button', { name: '検索', exact: true }).boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width);
  });

  it('counts the people working today as /today does (a therapist with two shifts is one person)', async () => {
    await page.goto('/');
    const home = (await page.getByTestId('home-people-today').textContent())?.match(/本日\s*(\d+)人/)?.[1];
    await page.goto('/today');
    const today = (await page.getByTestId('today-people').textContent())?.match(/・(\d+)名が出勤予定/)?.[1];
    expect(Number(home)).toBeGreaterThan(0);
    expect(home).toBe(today);
    // The seed's split days (two shifts in a day) make shifts outnumber people, so counting shifts would fail here.
    const read = async <T>(file: string) => JSON.parse(await readFile(path.join(E2E_EXPORT_DIR, file), 'utf8')) as T;
    const listed = new Set((await read<{ id: string }[]>('therapists.json')).map((therapist) => therapist.id));
    // The pages' day, which a run crossing midnight in Tokyo after the build is no longer in.
    const todayKey = await builtSiteDay();
    const shifts = (await read<{ userId: string; date: string }[]>('shifts.json')).filter(
      (shift) => shift.date === todayKey && listed.has(shift.userId),
    );
    expect(shifts.length).toBeGreaterThan(Number(today));
  });
});

describe("a store's document-id address", () => {
  it("redirects /store-profile/{document id} (the seed's address) to the store's slug page", async () => {
    const stores = JSON.parse(await readFile(path.join(E2E_EXPORT_DIR, 'stores.json'), 'utf8')) as { id: string; profileSlug: string }[];
    const store = stores.find((candidate) => candidate.id === 'demo-store')!;
    expect(store.profileSlug).not.toBe(store.id);
    await page.goto(`/store-profile/${store.id}`);
    await page.waitForURL(`${site.url}/store-profile/${store.profileSlug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('アロマリゾート');
  });
});

describe('/today at view time', () => {
  it('marks a shift running now as 出勤中 and one that ended as 終了, ended ones last', async () => {
    const html = await (await fetch(`${site.url}/today`)).text();
    const spans = [...html.matchAll(/data-starts="(\d+)" data-ends="(\d+)"/g)].map((m) => ({ starts: Number(m[1]), ends: Number(m[2]) }));
    expect(spans.length).toBeGreaterThan(0);
    const running = spans[0]!;
    // The browser's clock is fixed inside that shift, as if she were working now.
    await page.clock.install({ time: running.starts + 60_000 });
    await page.goto('/today');
    const item = page.locator(`[data-starts="${running.starts}"][data-ends="${running.ends}"]`).first();
    expect(await item.locator('[data-shift-status]').textContent()).toBe('出勤中');

    await page.clock.setFixedTime(running.ends + 60_000);
    await page.clock.runFor(61_000);
    expect(await item.locator('[data-shift-status]').textContent()).toBe('終了');
    const states = await item
      .locator('xpath=..')
      .locator(':scope > [data-state]')
      .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.state));
    const firstDone = states.indexOf('done');
    expect(firstDone).toBeGreaterThanOrEqual(0);
    expect(states.slice(firstDone).every((state) => state === 'done')).toBe(true);
  });
});

describe('search filters', () => {
  const resultLinks = async () => {
    await page.getByTestId('search-result').first().waitFor();
    // The cards' links to their pages (not the 推し button, which links to /login for visitors).
    return page
      .getByTestId('search-result')
      .locator('a:not([data-favorite-target])')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  };

  it('lists only stores of an area when filtered by area and kind', async () => {
    await page.goto(`/search?area=${encodeURIComponent('渋谷')}&kind=store`);
    const links = await resultLinks();
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/store-profile\//);
    await page.goto(links[0]!);
    expect(await page.locator('main').textContent()).toContain('渋谷');
  });

  it('finds nothing for a name outside the chosen area, and says so', async () => {
    await page.goto(`/search?q=${encodeURIComponent('みう')}&area=${encodeURIComponent('すすきの')}&kind=store`);
    await page.getByText('該当するセラピスト・店舗・ブログは見つかりませんでした').waitFor();
    expect(await page.getByTestId('search-result').count()).toBe(0);
  });

  it('narrows to the therapists of one store', async () => {
    await page.goto('/store-profile/aroma-resort-shinjuku');
    const storeName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.goto(`/search?store=${encodeURIComponent(storeName)}&kind=therapist`);
    const links = await resultLinks();
    expect(links).toContain('/profile/miu');
    for (const href of links) expect(href).toMatch(/^\/profile\//);
  });
});

describe('the result count', () => {
  /** The number in the status line, and whether it was a lower bound (以上). */
  const statusCount = async () => {
    const text = (await page
      .locator('[data-search-status]')
      .filter({ hasText: /件(以上)?見つかりました。$/ })
      .textContent())!;
    return { count: Number(/(\d+)件/.exec(text)![1]), atLeast: text.includes('以上') };
  };
  /** Shows every result ("もっと見る" until it hides), and how many there are. */
  const showAll = async () => {
    const more = page.locator('[data-search-more]');
    while (await more.isVisible()) {
      const shown = await page.getByTestId('search-result').count();
      await more.click();
      await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(shown);
    }
    return page.getByTestId('search-result').count();
  };

  // A blog archive page is one entry of the index for up to twenty diaries: the count is of diaries.
  it.each([`q=${encodeURIComponent('写メ日記')}&kind=blog`, `q=${encodeURIComponent('ストレッチ')}`])(
    '/search?%s says as many results as it lists, once all are shown',
    async (query) => {
      await page.goto(`/search?${query}`);
      await page.getByTestId('search-result').first().waitFor();
      const first = await statusCount();
      const listed = await showAll();
      expect(listed).toBeGreaterThan(0);
      if (first.atLeast) expect(first.count).toBeLessThanOrEqual(listed);
      else expect(first.count).toBe(listed);
      expect(await statusCount()).toEqual({ count: listed, atLeast: false });
    },
  );

  it('says 以上 while archive pages past the first ones are unread, and the whole count once they are read', async () => {
    // In the seed, 37 of the 88 pages with ありがとう are archive pages, more than the first pages read.
    await page.goto(`/search?q=${encodeURIComponent('ありがとう')}`);
    await page.getByTestId('search-result').first().waitFor();
    const first = await statusCount();
    expect(first.atLeast).toBe(true);
    const listed = await showAll();
    expect(first.count).toBeLessThan(listed);
    expect(await statusCount()).toEqual({ count: listed, atLeast: false });
  });
});

describe('unknown paths', () => {
  it('land on / with the history entry replaced', async () => {
    await page.goto('/howto');
    const before = await page.evaluate(() => history.length);
    await page.goto('/no-such-page');
    await page.waitForURL(`${site.url}/`);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/howto');
  });

  it('show a visible link home while redirecting', async () => {
    const response = await page.request.get('/no-such-page');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('location.replace');
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>[^<]*トップページへ/);
  });
});

describe('theme', () => {
  /** Records, in the first animation frame (before the first paint), whether the page is dark. */
  async function darkAtFirstFrame(target: Page): Promise<boolean> {
    return target.evaluate(() => (window as unknown as { __darkAtFirstFrame: boolean }).__darkAtFirstFrame);
  }

  it('keeps the chosen theme across a reload without a flash of the other', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { __darkAtFirstFrame: boolean }).__darkAtFirstFrame = document.documentElement.classList.contains('dark');
      });
    });
    await page.goto('/howto');
    expect(await darkAtFirstFrame(page)).toBe(false);
    await page.locator('#theme-select').first().selectOption('dark');
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await page.reload();
    expect(await darkAtFirstFrame(page)).toBe(true);
    expect(await page.locator('#theme-select').first().inputValue()).toBe('dark');

    await page.locator('#theme-select').first().selectOption('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await darkAtFirstFrame(page)).toBe(false);
  });

  it('follows the system when set to system', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });
});

describe('phone drawer', () => {
  it('opens a 250 px drawer on the right holding every link', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const drawer = page.getByTestId('drawer');
    expect(await drawer.isVisible()).toBe(false);
    await page.getByTestId('drawer-toggle').click();
    await drawer.waitFor({ state: 'visible' });
    // The drawer slides in; measure once the transition has settled at the right edge.
    await expect
      .poll(async () => {
        const box = (await drawer.boundingBox())!;
        return [Math.round(box.width), Math.round(box.x + box.width)];
      })
      .toEqual([250, 390]);
    const links = await drawer.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    for (const href of [
      '/search',
      '/howto',
      '/timeline',
      '/today',
      '/blogs',
      '/skindetector',
      '/frozen-accounts',
      '/stores',
      '/login',
      '/register',
    ]) {
      expect(links).toContain(href);
    }
  });
});

describe('site navigation', () => {
  // The nav is rendered once per current link and repeated (src/components/RenderedOnce.astro): each page must still get its own.
  const currentLinks = () =>
    page.locator('header [aria-current="page"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

  it.each([
    ['/search', ['/search', '/search']],
    ['/howto', ['/howto', '/howto']],
    ['/stores', ['/stores', '/stores']],
    ['/', ['/']],
    ['/profile/miu', []],
  ])('on %s marks exactly %j as the current page (bar and drawer)', async (route, hrefs) => {
    await page.goto(route);
    expect(await currentLinks()).toEqual(hrefs);
    // The nav's script (the account menu, 推し buttons) is on the page once.
    expect(await page.locator('script[src*="SiteNav"]').count()).toBe(1);
  });
});

describe('register button', () => {
  it('stays still when the page loads (no animation on it or anything inside)', async () => {
    await page.goto('/');
    const button = page.getByTestId('register-button').first();
    await button.waitFor();
    expect(await button.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    // Nothing on the home page moves on load: the motion the issue named was the only one.
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  });
});

describe('breadcrumbs', () => {
  it("show the store's name on a store page", async () => {
    await page.goto('/store-profile/aroma-resort-shinjuku');
    const crumbs = page.getByTestId('breadcrumbs');
    // The label of each crumb: its link, or the current-page marker (separators are decoration).
    const items = await crumbs.locator('li :is(a, [aria-current="page"])').allTextContents();
    expect(items.map((t) => t.trim())).toEqual(['ホーム', '店舗', expect.stringMatching(/^アロマリゾート/)]);
    await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe(items.at(-1));
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading?.trim()).toContain(items.at(-1)!.trim());
  });

  it('are hidden on profile pages', async () => {
    await page.goto('/profile/miu');
    expect(await page.getByTestId('breadcrumbs').count()).toBe(0);
  });
});

describe('a profile photo that fails to load', () => {
  it("keeps its circle and shows the name's first character there, not its alt text", async () => {
    await page.route(
      (url) => url.pathname.includes('/o/avatars'),
      (route) => route.abort(),
    );
    await page.goto('/store-profile/aroma-resort-roppongi-13');
    const photo = page.locator('main img.avatar-photo');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    expect(await photo.boundingBox()).toMatchObject({ width: 96, height: 96 });
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(await photo.evaluate((img) => getComputedStyle(img, '::after').content)).toBe(`"${[...name][0]}"`);
    expect(await photo.evaluate((img) => getComputedStyle(img).color)).toBe('rgba(0, 0, 0, 0)');
  });
});

describe('built site privacy', () => {
  it('holds no private seed data in any file', async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.(html|json|js|xml|txt)$/.test(entry.name)) files.push(full);
      }
    };
    await walk(E2E_SITE_DIR);
    expect(files.length).toBeGreaterThan(100);
    const secrets = ['demo-fcm-token-fan', '@theralink.test', 'たなかさん', '肩こりがひどい', '無断キャンセル', 'セラリンクへようこそ'];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });
});
