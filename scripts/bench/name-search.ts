/**
 * `npm run bench:name-search`: a therapist searched by her name, as a fan
 * searches, in real headless Chromium against the built demo site
 * (docs/decisions/name-search-ranking.md). The set is fixed by the seed:
 * the first 40 therapists by id whose display name is shared, and the
 * first 8 whose name is their own. For each name it opens
 * /search?q={name} once, reads the cards in the order shown and the
 * header's count, and prints:
 * - how often she is in the first 3 of her name group when she works
 *   today (by the export's shifts, not by what the page says) — the goal:
 *   every time;
 * - whether the whole group comes before any other name — the goal: always;
 * - for comparison with before the ranking, how often she is the very first
 *   result, and within her area after pressing its chip.
 * Exits non-zero below a goal.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { PUBLIC_COLLECTIONS } from '../../src/registry/public-collections';
import { profilePath } from '../../src/lib/routes';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import type { PublicShift, PublicTherapist } from '../../src/schema/public';
import { buildSite } from '../build-site';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { ROOT } from '../lib/project';
import { serveSite } from '../lib/serve-site';

const PROJECT = 'demo-theralink-bench';
const SHARED = 40;
const OWN = 8;
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);
const share = (hits: number, of: number) => `${hits}/${of} (${of ? Math.round((hits / of) * 1000) / 10 : 0} %)`;

async function readExport<T>(dir: string, file: string): Promise<T[]> {
  return JSON.parse(await readFile(path.join(dir, file), 'utf8')) as T[];
}

/** The fixed set: the first SHARED therapists by id with a shared name, then the first OWN with a name of their own. */
function pickSet(therapists: PublicTherapist[]): PublicTherapist[] {
  const byId = [...therapists].sort((a, b) => (a.id < b.id ? -1 : 1));
  const named = new Map<string, number>();
  for (const t of therapists) named.set(t.displayName, (named.get(t.displayName) ?? 0) + 1);
  return [
    ...byId.filter((t) => named.get(t.displayName)! > 1).slice(0, SHARED),
    ...byId.filter((t) => named.get(t.displayName) === 1).slice(0, OWN),
  ];
}

interface Shown {
  href: string;
  name: string;
}

/** The cards of /search for `query` in order (every batch), and the header's count (0 without a header). */
async function searchByName(page: Page, query: string): Promise<{ cards: Shown[]; headerCount: number }> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await page.getByTestId('search-result').first().waitFor({ timeout: 20_000 });
  const more = page.locator('[data-search-more]');
  // Enough cards to see where the group ends: two batches at most.
  if (await more.isVisible()) {
    const shown = await page.getByTestId('search-result').count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="search-result"]').length > n, shown);
  }
  const cards = await page.getByTestId('search-result').evaluateAll((items) =>
    items.map((item) => {
      const anchor = item.querySelector('a');
      return { href: anchor?.getAttribute('href') ?? '', name: anchor?.textContent?.trim() ?? '' };
    }),
  );
  const heading = await page
    .getByTestId('name-group')
    .getByRole('heading')
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  return { cards, headerCount: Number(heading?.match(/：(\d+) 人$/)?.[1] ?? 0) };
}

/**
 * Her place among the cards of her area after pressing her area's chip (1-based; 0 when not shown).
 * Without chips (the whole group in one area) her place is her place in the group.
 */
async function placeInArea(page: Page, therapist: PublicTherapist, place: number): Promise<number> {
  const name = new RegExp(`^${therapist.area}\\s*\\d+人$`);
  const chip = page.getByTestId('name-group').getByRole('button', { name });
  if ((await chip.count()) === 0) return place;
  await chip.click();
  await page.waitForURL((url) => url.searchParams.get('area') === therapist.area);
  await page.getByTestId('name-group').getByRole('button', { name, pressed: true }).waitFor();
  await page.getByTestId('search-result').first().waitFor();
  const hrefs = await page
    .getByTestId('search-result')
    .evaluateAll((items) => items.map((item) => item.querySelector('a')?.getAttribute('href')));
  return hrefs.indexOf(profilePath(therapist.profileSlug)) + 1;
}

async function measure(browser: Browser, url: string, set: PublicTherapist[], therapists: PublicTherapist[], shifts: PublicShift[]) {
  const today = tokyoDateKey();
  const worksToday = new Set(shifts.filter((shift) => shift.date === today).map((shift) => shift.userId));
  const groupSize = new Map<string, number>();
  for (const t of therapists) groupSize.set(t.displayName, (groupSize.get(t.displayName) ?? 0) + 1);
  const context = await browser.newContext({ baseURL: url, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  const tally = { today: 0, todayTop3: 0, first: 0, groupsBefore: 0, names: 0, headerRight: 0, areaTop3: 0 };
  const results = new Map<string, Awaited<ReturnType<typeof searchByName>>>();
  for (const therapist of set) {
    const name = therapist.displayName;
    if (!results.has(name)) {
      const found = await searchByName(page, name);
      results.set(name, found);
      const size = groupSize.get(name)!;
      const groupFirst =
        found.cards.slice(0, size).every((card) => card.name === name) && !found.cards.slice(size).some((card) => card.name === name);
      tally.names += 1;
      if (groupFirst) tally.groupsBefore += 1;
      else console.log(`  group not first: ${name} (${size}) → ${found.cards.map((card) => card.name).join(', ')}`);
      if (found.headerCount === size) tally.headerRight += 1;
      else console.log(`  header: ${name} says ${found.headerCount}, ${size} share it`);
    }
    const { cards } = results.get(name)!;
    const place = cards.findIndex((card) => card.href === profilePath(therapist.profileSlug)) + 1;
    if (place === 1) tally.first += 1;
    if (!worksToday.has(therapist.id)) continue;
    tally.today += 1;
    if (place >= 1 && place <= 3) tally.todayTop3 += 1;
    else {
      const todayInGroup = therapists.filter((t) => t.displayName === name && worksToday.has(t.id)).length;
      console.log(
        `  works today, place ${place || '-'}: ${name} ${therapist.id} (${therapist.area}; ${todayInGroup} of ${groupSize.get(name)} work today)`,
      );
    }
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await page.getByTestId('name-group').waitFor();
    const inArea = await placeInArea(page, therapist, place);
    if (inArea >= 1 && inArea <= 3) tally.areaTop3 += 1;
  }
  await context.close();
  return tally;
}

const emulators = await startEmulators(['auth', 'firestore']);
const exportDir = path.join(ROOT, '.build', 'bench-name-search-export');
const siteDir = path.join(ROOT, '.build', 'bench-name-search-site');
process.env.FIREBASE_PROJECT_ID = PROJECT;
Object.assign(process.env, emulators.env);
let browser: Browser | undefined;
let site: Awaited<ReturnType<typeof serveSite>> | undefined;
try {
  const { runSeed } = await import('../seed');
  const { runExport } = await import('../export');
  await clearFirestoreEmulator(PROJECT);
  await runSeed({ therapists: 200, today: tokyoDateKey() });
  await runExport(exportDir);
  const build = await buildSite({ exportDir, outDir: siteDir, quiet: true, firebaseProjectId: PROJECT });
  await build.searchIndexed;
  site = await serveSite(siteDir);
  browser = await launchBrowser();

  const [therapists, shifts] = await Promise.all([
    readExport<PublicTherapist>(exportDir, PUBLIC_COLLECTIONS.therapists.file),
    readExport<PublicShift>(exportDir, PUBLIC_COLLECTIONS.shifts.file),
  ]);
  const set = pickSet(therapists);
  const shared = therapists.filter((t) => therapists.some((other) => other !== t && other.displayName === t.displayName)).length;
  report('therapists', `${therapists.length} (${shared} share a display name)`);
  report('set', `${set.length} therapists (${set.length - OWN} with a shared name), ${new Set(set.map((t) => t.displayName)).size} names`);
  const tally = await measure(browser, site.url, set, therapists, shifts);
  report('measured_by', 'real Chromium against the built site (/search?q={name}, cards in the order shown)');
  report('working_today_in_first_3_of_name_group', share(tally.todayTop3, tally.today));
  report('working_today_in_first_3_after_her_area_chip', share(tally.areaTop3, tally.today));
  report('name_group_before_other_names', share(tally.groupsBefore, tally.names));
  report('header_count_right', share(tally.headerRight, tally.names));
  report('her_name_finds_her_first', share(tally.first, set.length));

  const failures = [
    tally.todayTop3 < tally.today && 'a therapist working today was not in the first 3 of her name group',
    tally.groupsBefore < tally.names && 'a name group did not come before the other names',
    tally.headerRight < tally.names && 'a header count was wrong',
  ].filter(Boolean);
  if (failures.length) {
    console.error(`Goals missed: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('Name-search goals met.');
} finally {
  await browser?.close();
  await site?.close();
  await emulators.stop();
}
