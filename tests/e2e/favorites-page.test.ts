/**
 * /favorites in real Chromium against the built demo site and the
 * emulators (firestore.rules enforced): the demo fan lands there after
 * signing in; her 推し show what the static site says of them (name, store,
 * next shift) with no Firestore read of their profiles; the
 * 「新しいアカウント」 mark, the order switch and removal (undone when it
 * cannot be saved). What the page shows is checked against the export the
 * site was built from, and removal against Firestore read with the admin
 * SDK. demo-fan's data is put back as the seed left it afterwards.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATORS } from '../../scripts/lib/project';
import { readExport } from '../../src/data/export-records';
import { channelButtonText, channelLinks } from '../../src/lib/channels';
import { INDEX_FOLDERS } from '../../src/lib/routes';
import { compareShifts, formatShiftTime } from '../../src/lib/shifts/view';
import { storeDisplayName } from '../../src/lib/store-name';
import { formatMonthDayWeekday } from '../../src/lib/tokyo-date';
import type { ExportRecords } from '../../src/registry/public-collections';
import { TEST_PROJECTS } from '../setup/projects';
import { signIn } from './account-helpers';
import { builtSiteDay, E2E_EXPORT_DIR } from './built-site';
import { useSiteSession } from './site-session';

/** The demo site's Firestore through an admin app of its own (the browser test files share one process). */
function adminDb() {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const name = 'favorites-page';
  return getFirestore(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: TEST_PROJECTS.e2e }, name));
}

const site = useSiteSession();
const FAN = 'demo-fan';
const MIU = 'demo-therapist';
const STORE = 'demo-store';
let records: ExportRecords;
/** The day the site was rendered on: its next shifts are counted from it (the run may cross midnight in Tokyo). */
let siteDay: string;

/** A therapist's next shift as the site states it (the first from today, Tokyo). */
function nextShiftText(uid: string): string | null {
  const next = records.shifts.filter((shift) => shift.userId === uid && shift.date >= siteDay).sort(compareShifts)[0];
  return next ? `${formatMonthDayWeekday(next.date)} ${formatShiftTime(next)}` : null;
}

/** Her newest blog, post or former-handle registration (ms). */
function latestActivity(uid: string): number {
  const times = [
    ...records.blogs.filter((blog) => blog.userId === uid).map((blog) => blog.publishedAt),
    ...records.posts.filter((post) => post.userId === uid).map((post) => post.createdAt),
    ...records.frozenAccounts.filter((entry) => entry.userId === uid).map((entry) => entry.createdAt),
  ];
  return Math.max(0, ...times.map((at) => Date.parse(at)));
}

const card = (page: Page, uid: string) => page.locator(`[data-testid="favorite-card"][data-uid="${uid}"]`);
const cardUids = (page: Page) =>
  page.locator('[data-testid="favorite-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-uid')));

async function openFavorites(page: Page, count: number): Promise<void> {
  await page.goto('/favorites');
  await page.getByTestId('favorites-list').waitFor();
  await expect.poll(() => page.locator('[data-testid="favorite-card"]').count()).toBe(count);
}

/** Signs the demo fan in on /login (no next: she lands on /favorites), or on /login?next={next}. */
async function signInAsFan(page: Page, next?: string): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await signIn(page, 'fan@theralink.test');
  await page.waitForURL(`${site.url}${next ?? '/favorites'}`);
}

beforeAll(async () => {
  records = await readExport(E2E_EXPORT_DIR);
  siteDay = await builtSiteDay();
});

afterAll(async () => {
  // As the seed left her: 推し みう and the store, no visit recorded.
  const db = adminDb();
  const items = await db.collection(`favorites/${FAN}/items`).get();
  await Promise.all(items.docs.filter((doc) => doc.id !== MIU && doc.id !== STORE).map((doc) => doc.ref.delete()));
  await db.doc(`favorites/${FAN}/items/${STORE}`).set({ targetUid: STORE, targetKind: 'store', createdAt: Timestamp.now() });
  await db.doc(`users/${FAN}`).update({ favoriteCount: 2, lastFavoriteTarget: STORE, lastFavoritesVisitAt: FieldValue.delete() });
});

describe('/favorites', () => {
  it('is where a fan lands after signing in, with her 推し from the static site and no read of their profiles', async () => {
    const page = await site.newPage();
    await adminDb().doc(`users/${FAN}`).update({ lastFavoritesVisitAt: FieldValue.delete() });
    const firestore: string[] = [];
    const shards: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.port === String(EMULATORS.firestore.port)) firestore.push(`${url.pathname} ${request.postData() ?? ''}`);
      if (url.pathname.startsWith(`${INDEX_FOLDERS.people}/`)) shards.push(url.pathname);
    });
    await signInAsFan(page);
    await expect.poll(() => page.locator('[data-testid="favorite-card"]').count()).toBe(2);

    const miu = records.therapists.find((therapist) => therapist.id === MIU)!;
    const store = records.stores.find((each) => each.id === STORE)!;
    expect(miu.storeId).toBe(STORE);
    const miuCard = card(page, MIU);
    expect(await miuCard.getByRole('heading').textContent()).toBe(miu.displayName);
    expect(await miuCard.getByTestId('favorite-store').textContent()).toBe(storeDisplayName(store));
    expect(await miuCard.getByTestId('next-shift').textContent()).toBe(nextShiftText(MIU));
    expect(await card(page, STORE).getByRole('heading').textContent()).toBe(storeDisplayName(store));
    // Her current accounts say the handle itself (「X @…」), not the service alone.
    const accounts = channelLinks(miu.channels).map((link) => channelButtonText(link.label, link.text));
    expect(accounts.some((text) => text.includes('@'))).toBe(true);
    expect(await miuCard.getByTestId('current-account').allTextContents()).toEqual(accounts);
    // A first visit marks nothing new.
    expect(await page.getByTestId('new-account').count()).toBe(0);

    // One shard file per 推し at most, and Firestore never asked for their profiles.
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThanOrEqual(2);
    const profileReads = firestore.filter((line) => line.includes(`accounts/${MIU}`) || line.includes(`stores/${STORE}`));
    expect(profileReads).toEqual([]);
    expect(firestore.some((line) => line.includes(`favorites/${FAN}`))).toBe(true);
  });

  it('asks Firestore for her account type once per browser: later pages read neither stores/{uid} nor accounts/{uid}', async () => {
    const page = await site.newPage();
    const typeReads: string[] = [];
    page.on('request', (request) => {
      const line = `${request.url()} ${request.postData() ?? ''}`;
      if (line.includes(`stores/${FAN}`) || line.includes(`accounts/${FAN}`)) typeReads.push(line);
    });
    await signInAsFan(page);
    await page.getByTestId('favorites-list').waitFor();
    // Signing in works it out (she has no profile: 'none')…
    expect(typeReads.length).toBeGreaterThan(0);
    typeReads.length = 0;
    // …and the pages after it take it from the account hint.
    await page.goto('/announcements');
    await page.getByRole('button', { name: 'お知らせの設定を保存' }).waitFor();
    await openFavorites(page, 2);
    expect(typeReads).toEqual([]);
  });

  it('marks a handle she registered since my last visit 「新しいアカウント」, once', async () => {
    const page = await site.newPage();
    // Signed in elsewhere, so no visit of this page is being recorded while the test sets the last one.
    await signInAsFan(page, '/howto');
    const handles = records.frozenAccounts.filter((entry) => entry.userId === MIU).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(handles.length).toBeGreaterThan(1);
    const [older, newest] = [handles.at(-2)!, handles.at(-1)!];
    // My last visit fell between her two newest registrations.
    const between = new Date((Date.parse(older.createdAt) + Date.parse(newest.createdAt)) / 2);
    await adminDb()
      .doc(`users/${FAN}`)
      .update({ lastFavoritesVisitAt: Timestamp.fromDate(between) });

    await openFavorites(page, 2);
    const mark = card(page, MIU).getByTestId('new-account');
    await mark.waitFor();
    expect(await mark.textContent()).toContain('新しいアカウント');
    expect(await mark.textContent()).toContain(`@${newest.handle}`);
    expect(await mark.textContent()).not.toContain(`@${older.handle}`);

    // The visit was recorded: the next one marks nothing.
    await expect
      .poll(async () => (await adminDb().doc(`users/${FAN}`).get()).get('lastFavoritesVisitAt')?.toMillis() > between.getTime())
      .toBe(true);
    await openFavorites(page, 2);
    expect(await page.getByTestId('new-account').count()).toBe(0);
  });

  it('orders by next shift or by latest update, and remembers the choice', async () => {
    // A third 推し whose next shift is later than みう's but whose news is newer than anyone's.
    const miuNext = records.shifts.filter((shift) => shift.userId === MIU && shift.date >= siteDay).sort(compareShifts)[0]!;
    const later = records.therapists
      .filter((therapist) => {
        const next = records.shifts.filter((shift) => shift.userId === therapist.id && shift.date >= siteDay).sort(compareShifts)[0];
        return therapist.id !== MIU && (!next || compareShifts(next, miuNext) > 0);
      })
      .sort((a, b) => latestActivity(b.id) - latestActivity(a.id))[0]!;
    expect(latestActivity(later.id)).toBeGreaterThan(Math.max(latestActivity(MIU), latestActivity(STORE)));
    const db = adminDb();
    await db.doc(`favorites/${FAN}/items/${later.id}`).set({ targetUid: later.id, targetKind: 'therapist', createdAt: Timestamp.now() });
    await db.doc(`users/${FAN}`).update({ favoriteCount: FieldValue.increment(1), lastFavoriteTarget: later.id });

    const page = await site.newPage();
    await signInAsFan(page);
    await expect.poll(() => page.locator('[data-testid="favorite-card"]').count()).toBe(3);
    const order = page.getByLabel('並び順');
    expect(await order.inputValue()).toBe('next-shift');
    let uids = await cardUids(page);
    expect(uids.indexOf(MIU)).toBeLessThan(uids.indexOf(later.id));

    await order.selectOption({ label: '最新の更新順' });
    await expect.poll(async () => (await cardUids(page))[0]).toBe(later.id);

    await openFavorites(page, 3);
    expect(await page.getByLabel('並び順').inputValue()).toBe('latest');
    uids = await cardUids(page);
    expect(uids[0]).toBe(later.id);
  });

  it('puts a 推し back, with the reason in Japanese, when the removal cannot be saved', async () => {
    const page = await site.newPage();
    await signInAsFan(page);
    await card(page, MIU).waitFor();
    const name = records.therapists.find((therapist) => therapist.id === MIU)!.displayName;
    await page.context().setOffline(true);
    await page.getByRole('button', { name: `${name}さんを推しから外す` }).click();
    const alert = page.getByRole('alert').filter({ hasText: `${name}さんを一覧に戻しました。` });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('通信できなかったため');
    expect(await card(page, MIU).count()).toBe(1);
    await page.context().setOffline(false);
    expect((await adminDb().doc(`favorites/${FAN}/items/${MIU}`).get()).exists).toBe(true);
  });

  it('removes a 推し at once, and she stays removed after a reload', async () => {
    const page = await site.newPage();
    await signInAsFan(page);
    await expect.poll(() => page.locator('[data-testid="favorite-card"]').count()).toBeGreaterThanOrEqual(2);
    const before = await page.locator('[data-testid="favorite-card"]').count();
    const name = storeDisplayName(records.stores.find((each) => each.id === STORE)!);

    await page.getByRole('button', { name: `${name}を推しから外す` }).click();
    await page.getByText(`${name}を推しから外しました。`).waitFor();
    expect(await card(page, STORE).count()).toBe(0);
    await expect.poll(async () => (await adminDb().doc(`favorites/${FAN}/items/${STORE}`).get()).exists).toBe(false);

    await page.reload();
    await expect.poll(() => page.locator('[data-testid="favorite-card"]').count()).toBe(before - 1);
    expect(await card(page, STORE).count()).toBe(0);
    expect(await card(page, MIU).count()).toBe(1);
  });
});
