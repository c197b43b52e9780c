/**
 * The store's roster on /schedule/manage, in real Chromium against the
 * built demo site and the emulators (firestore.rules enforced): the
 * confirmed members × seven days from today; a cell adds, edits and
 * deletes her shift at the store; 先週をコピー fills the next week's free
 * days for every member; on a phone the grid scrolls inside its own box.
 * What the page shows is checked against Firestore read with the admin SDK.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { formatShiftTime } from '../../src/lib/shifts/view';
import { addDays, formatMonthDayWeekday, tokyoDateKey } from '../../src/lib/tokyo-date';
import { TEST_PROJECTS } from '../setup/projects';
import { signIn } from './account-helpers';
import { useSiteSession } from './site-session';

/**
 * The demo site's Firestore, through an admin app of its own: the browser test files share one
 * process, and another file's default admin app may point at its own project.
 */
function adminDb() {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const name = 'store-roster';
  return getFirestore(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: TEST_PROJECTS.e2e }, name));
}

const site = useSiteSession();
const STORE = 'demo-store';
const MIU = { id: 'demo-therapist', name: 'みう' };
const today = tokyoDateKey();
let page: Page;
/** The messages of the browser's confirmation dialogs (accepted). */
let confirmations: string[];

interface StoredShift {
  id: string;
  userId: string;
  storeId: string | null;
  date: string;
  start: string;
  end: string;
  note: string;
}

/** The store's shifts dated [from, until), as Firestore holds them now. */
async function storeShifts(from: string, until: string): Promise<StoredShift[]> {
  const snapshot = await adminDb().collection('schedules').where('storeId', '==', STORE).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, ...(doc.data() as Omit<StoredShift, 'id'>) }))
    .filter((shift) => shift.date >= from && shift.date < until);
}

/** The names of the store's confirmed members, as the grid lists them (by name). */
async function confirmedMembers(): Promise<{ id: string; name: string; published: boolean }[]> {
  const db = adminDb();
  const answers = await db.collection('memberships').where('storeId', '==', STORE).where('status', '==', 'confirmed').get();
  const members = await Promise.all(
    answers.docs.map(async (answer) => {
      const id = answer.get('userId') as string;
      const [account, request] = await Promise.all([db.doc(`accounts/${id}`).get(), db.doc(`storeRequests/${id}`).get()]);
      return {
        id,
        name: account.get('displayName') as string,
        published: account.get('published') === true,
        storeId: request.get('storeId') as string | null | undefined,
        requestedAt: request.get('requestedAt'),
        answeredFor: answer.get('requestedAt'),
      };
    }),
  );
  return members
    .filter((member) => member.storeId === STORE && member.requestedAt?.isEqual?.(member.answeredFor))
    .map(({ id, name, published }) => ({ id, name, published }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ja'));
}

const cell = (name: string, date: string, action: '追加' | '編集') =>
  page.getByRole('button', { name: `${name} ${formatMonthDayWeekday(date)} の出勤を${action}` });

async function openRoster() {
  await page.goto(`/login?next=${encodeURIComponent('/schedule/manage')}`);
  await signIn(page, 'store@theralink.test');
  await page.waitForURL(`${site.url}/schedule/manage`);
  await rosterLoaded();
}

/** Waits until the grid shows its shifts (every cell of the first column is a button or a dash). */
async function rosterLoaded() {
  await page.getByTestId('roster-heading').waitFor();
  await page.getByText('出勤を読み込んでいます…').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  expect((await confirmedMembers()).map((member) => member.id)).toContain(MIU.id);
});

beforeEach(async () => {
  page = await site.newPage();
  confirmations = [];
  page.on('dialog', (dialog) => {
    confirmations.push(dialog.message());
    void dialog.accept();
  });
});

describe('the store roster', () => {
  it('lists every confirmed member against seven days from today', async () => {
    const members = await confirmedMembers();
    await openRoster();
    expect(await page.getByTestId('roster-heading').textContent()).toBe(
      `${formatMonthDayWeekday(today)}〜${formatMonthDayWeekday(addDays(today, 6))}`,
    );
    const roster = page.getByRole('table');
    // A member whose profile is not public is marked so.
    expect(await roster.getByRole('rowheader').allTextContents()).toEqual(
      members.map((member) => (member.published ? member.name : `${member.name}（非公開）`)),
    );
    expect(await roster.getByRole('columnheader').count()).toBe(1 + 7);
    // Pending and declined therapists who named the store are not in it.
    expect(await roster.getByRole('row').count()).toBe(1 + members.length);
    // Each cell shows her shifts at this store, night shifts with 翌.
    const shown = await storeShifts(today, addDays(today, 7));
    for (const shift of shown.filter((each) => each.userId === MIU.id)) {
      expect(await cell(MIU.name, shift.date, '編集').textContent()).toContain(formatShiftTime(shift));
    }
  });

  it('adds a shift from a cell, keeps it after a reload, then edits and deletes it there', async () => {
    const busy = new Set((await storeShifts(today, addDays(today, 7))).filter((s) => s.userId === MIU.id).map((s) => s.date));
    const day = [1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)).find((date) => !busy.has(date));
    if (!day) throw new Error('みう has a shift on every day of this week: the seed changed');
    await openRoster();

    await cell(MIU.name, day, '追加').click();
    const dialog = page.getByRole('dialog', { name: `${MIU.name} 出勤を追加` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('日付').inputValue()).toBe(day);
    await dialog.getByLabel('開始').fill('22:00');
    await dialog.getByLabel('終了').fill('02:00');
    await dialog.getByLabel('メモ').fill('店舗から登録');
    await dialog.getByTestId('shift-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('schedule-status')
      .filter({ hasText: `${MIU.name} ${formatMonthDayWeekday(day)} 22:00〜翌02:00 の出勤を追加しました。` })
      .waitFor();
    expect(await cell(MIU.name, day, '編集').textContent()).toContain('22:00〜翌02:00');
    // Focus is back on the cell that opened the form.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('22:00〜翌02:00');

    const [added] = (await storeShifts(day, addDays(day, 1))).filter((shift) => shift.userId === MIU.id);
    expect(added).toMatchObject({ userId: MIU.id, storeId: STORE, date: day, start: '22:00', end: '02:00', note: '店舗から登録' });

    await page.reload();
    await rosterLoaded();
    expect(await cell(MIU.name, day, '編集').textContent()).toContain('22:00〜翌02:00');

    await cell(MIU.name, day, '編集').click();
    const editing = page.getByRole('dialog', { name: `${MIU.name} 出勤を編集` });
    expect(await editing.getByLabel('開始').inputValue()).toBe('22:00');
    await editing.getByLabel('終了').fill('03:00');
    await editing.getByTestId('shift-save').click();
    await editing.waitFor({ state: 'detached' });
    await cell(MIU.name, day, '編集').filter({ hasText: '22:00〜翌03:00' }).waitFor();
    expect((await adminDb().doc(`schedules/${added!.id}`).get()).get('end')).toBe('03:00');

    await cell(MIU.name, day, '編集').click();
    await page.getByRole('dialog').getByTestId('shift-delete').click();
    await cell(MIU.name, day, '追加').waitFor();
    expect(confirmations.at(-1)).toBe(`${MIU.name} ${formatMonthDayWeekday(day)} 22:00〜翌03:00 の出勤を削除しますか？`);
    expect((await adminDb().doc(`schedules/${added!.id}`).get()).exists).toBe(false);
  });

  it('copies last week into the free days of every member, and a second copy finds nothing left', async () => {
    const next = addDays(today, 7);
    const after = addDays(today, 14);
    const source = await storeShifts(today, next);
    const target = await storeShifts(next, after);
    const busyDays = new Set(target.map((shift) => `${shift.userId} ${shift.date}`));
    const copied = source.filter((shift) => !busyDays.has(`${shift.userId} ${addDays(shift.date, 7)}`));
    const skipped = source.length - copied.length;
    // The seed gives みう a shift every other day from today, so some of hers are copied.
    const miuCopy = copied.find((shift) => shift.userId === MIU.id);
    expect(miuCopy).toBeDefined();
    expect(new Set(copied.map((shift) => shift.userId)).size).toBeGreaterThan(1);

    await openRoster();
    await page.getByRole('button', { name: '次の週' }).click();
    await rosterLoaded();
    expect(await page.getByTestId('roster-heading').textContent()).toBe(
      `${formatMonthDayWeekday(next)}〜${formatMonthDayWeekday(addDays(next, 6))}`,
    );
    await page.getByRole('button', { name: '先週をコピー' }).click();
    const done = `${copied.length}件の出勤をコピーしました${skipped > 0 ? `（${skipped}件は既に予定があるため飛ばしました）` : ''}`;
    await page.getByTestId('schedule-status').filter({ hasText: done }).waitFor();
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toContain(`の出勤 ${copied.length}件を、この週`);

    // Firestore holds each copy under the store, one week on, with its times and note; busy days are untouched.
    const now = await storeShifts(next, after);
    expect(now).toHaveLength(target.length + copied.length);
    for (const shift of copied) {
      expect(now).toContainEqual(
        expect.objectContaining({
          userId: shift.userId,
          storeId: STORE,
          date: addDays(shift.date, 7),
          start: shift.start,
          end: shift.end,
          note: shift.note,
        }),
      );
    }
    for (const shift of target) expect(now).toContainEqual(shift);

    const miuDay = addDays(miuCopy!.date, 7);
    expect(await cell(MIU.name, miuDay, '編集').textContent()).toContain(formatShiftTime(miuCopy!));
    await page.reload();
    await rosterLoaded();
    await page.getByRole('button', { name: '次の週' }).click();
    await rosterLoaded();
    expect(await cell(MIU.name, miuDay, '編集').textContent()).toContain(formatShiftTime(miuCopy!));

    // Every day that had a shift last week now has one: nothing to copy, no question asked.
    await page.getByRole('button', { name: '先週をコピー' }).click();
    await page
      .getByTestId('schedule-status')
      .filter({ hasText: `コピーできる出勤はありませんでした（${source.length}件は既に予定があるため飛ばしました）` })
      .waitFor();
    expect(confirmations).toHaveLength(1);
    expect(await storeShifts(next, after)).toHaveLength(target.length + copied.length);
  });

  it('fits a 360 px phone: the grid scrolls sideways in its own box with the names in view', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openRoster();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const region = page.getByTestId('roster');
    const widths = await region.evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);

    await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    const name = page.getByRole('rowheader', { name: MIU.name });
    const [regionBox, nameBox] = [await region.boundingBox(), await name.boundingBox()];
    expect(Math.abs(nameBox!.x - regionBox!.x)).toBeLessThan(2);

    // The last day's cell is a finger-sized button that opens the form.
    const last = addDays(today, 6);
    const lastCell = page.getByRole('button', { name: `${MIU.name} ${formatMonthDayWeekday(last)} の出勤を` });
    expect((await lastCell.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await lastCell.click();
    await page.getByRole('dialog').getByTestId('shift-save').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
