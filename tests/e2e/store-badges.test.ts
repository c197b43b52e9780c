/**
 * Store badges in real Chromium, on the built demo site and its emulators
 * (firestore.rules enforced): a former handle that a verified store
 * confirmed but someone disputes shows 確認中 wherever it is shown (her
 * profile, the search answer card, the frozen list); a store's page shows
 * its own level; and on the store's member screen, a store the operator has
 * not verified is told its confirmations count only after that and gets no
 * button, and may ask the operator to verify it, while a verified one
 * confirms a member's handle, naming itself
 * (docs/decisions/store-verification.md).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { initialOf } from '../../src/lib/frozen/list';
import { frozenListPath } from '../../src/lib/routes';
import type { PublicFrozenAccount, PublicStore, PublicTherapist } from '../../src/schema/public';
import { TEST_PROJECTS } from '../setup/projects';
import { signIn } from './account-helpers';
import { E2E_EXPORT_DIR } from './built-site';
import { useSiteSession } from './site-session';

/** The demo site's Firestore, through an admin app of its own (the browser test files share one process). */
function adminDb() {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const name = 'store-badges';
  return getFirestore(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: TEST_PROJECTS.e2e }, name));
}

const site = useSiteSession();
let page: Page;
const exported = async <T>(file: string) => JSON.parse(await readFile(path.join(E2E_EXPORT_DIR, file), 'utf8')) as T;

beforeEach(async () => {
  page = await site.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
});

describe('a store-confirmed handle under dispute', () => {
  let claim: PublicFrozenAccount;
  let owner: PublicTherapist;

  beforeAll(async () => {
    const frozen = await exported<PublicFrozenAccount[]>('frozen-accounts.json');
    const found = frozen.find((entry) => entry.verification === 'store' && entry.disputed && entry.ownerKind === 'therapist');
    if (!found) throw new Error('The seed has no disputed store-confirmed handle: scripts/seed/generate.ts changed');
    claim = found;
    owner = (await exported<PublicTherapist[]>('therapists.json')).find((t) => t.id === claim.userId)!;
  });

  it('shows 確認中, not 店舗確認済み, on her profile', async () => {
    await page.goto(`/profile/${owner.profileSlug}`);
    const entry = page.locator('li', { hasText: `@${claim.handle}` });
    const badge = entry.locator('[data-verification]');
    expect(await badge.getAttribute('data-verification')).toBe('disputed');
    expect(await badge.textContent()).toContain('確認中');
    expect(await badge.textContent()).not.toContain('店舗確認済み');
  });

  it('shows 確認中 on the search answer card for the handle', async () => {
    await page.goto(`/search?q=${encodeURIComponent(`@${claim.handle}`)}`);
    const badge = page.getByTestId('handle-answer').locator('[data-verification]');
    await badge.waitFor();
    expect(await badge.getAttribute('data-verification')).toBe('disputed');
    expect(await badge.textContent()).toContain('確認中');
  });

  it('shows 確認中 in the frozen list', async () => {
    await page.goto(frozenListPath({ initial: initialOf(claim.handle) }));
    const card = page.getByTestId('frozen-cards').locator('li', { hasText: `@${claim.handle}` });
    expect(await card.locator('[data-verification]').getAttribute('data-verification')).toBe('disputed');
  });
});

describe("a store's own level on its page", () => {
  it('says 運営確認済みの店舗 for the verified demo store, and 未確認の店舗 for one the operator has not verified', async () => {
    const stores = await exported<PublicStore[]>('stores.json');
    const demo = stores.find((s) => s.id === 'demo-store')!;
    const unverified = stores.find((s) => !s.verified)!;
    expect(demo.verified).toBe(true);

    await page.goto(`/store-profile/${demo.profileSlug}`);
    const level = page.getByTestId('store-level');
    expect(await level.getAttribute('data-store-level')).toBe('verified');
    expect(await level.textContent()).toContain('運営確認済みの店舗');

    await page.goto(`/store-profile/${unverified.profileSlug}`);
    expect(await page.getByTestId('store-level').getAttribute('data-store-level')).toBe('unverified');
    expect(await page.getByTestId('store-level').textContent()).toContain('未確認の店舗');
  });
});

/**
 * ここ (th-000081), a published confirmed member of the demo store, gets a
 * self-declared former handle for this test; the demo store's verification
 * is taken away and given back around it.
 */
describe("the store's member screen", () => {
  const MEMBER = 'th-000081';
  const HANDLE = 'koko_e2e_old';
  const db = () => adminDb();

  beforeAll(async () => {
    const at = Timestamp.now();
    await db().doc(`frozenAccounts/x_${HANDLE}`).set({
      userId: MEMBER,
      platform: 'x',
      handle: HANDLE,
      frozenOn: null,
      note: '',
      verification: 'self',
      confirmedBy: null,
      slot: 0,
      createdAt: at,
      updatedAt: at,
    });
    await db()
      .doc(`users/${MEMBER}/handleSlots/0`)
      .set({ handleId: `x_${HANDLE}` });
  });
  afterAll(async () => {
    await db().doc('storeVerifications/demo-store').set({ verifiedAt: Timestamp.now() });
    await db().doc('storeVerificationRequests/demo-store').delete();
    await db().doc(`frozenAccounts/x_${HANDLE}`).delete();
    await db().doc(`users/${MEMBER}/handleSlots/0`).delete();
  });

  const memberHandles = async () => {
    await page.goto(`/login?next=${encodeURIComponent('/store-profile')}`);
    await signIn(page, 'store@theralink.test');
    await page.waitForURL(`${site.url}/store-profile`);
    const row = page.getByTestId('members').locator(`[data-member="${MEMBER}"]`);
    await row.locator(`[data-handle="${HANDLE}"]`).waitFor();
    return row;
  };

  it('tells a store the operator has not verified that its confirmations count only after that, with no button', async () => {
    await db().doc('storeVerifications/demo-store').delete();
    const row = await memberHandles();
    await row.getByTestId('member-handles-unverified').waitFor();
    expect(await row.getByTestId('member-handles-unverified').textContent()).toContain('運営が店舗を確認すると');
    expect(await row.getByTestId('member-handle-vouch').count()).toBe(0);
  });

  it('lets the unverified store ask the operator, keeping a note over the limit until it is short enough', async () => {
    await db().doc('storeVerifications/demo-store').delete();
    await memberHandles();
    const panel = page.getByTestId('store-verification');
    const note = panel.getByLabel('運営への連絡事項（任意）');
    await note.fill('あ'.repeat(201));
    await panel.getByTestId('verification-request').click();
    await panel.getByText('200 文字以内にしてください（いま 201 文字）。').waitFor();
    expect(await note.inputValue()).toBe('あ'.repeat(201));
    expect((await db().doc('storeVerificationRequests/demo-store').get()).exists).toBe(false);

    await note.fill('公式サイトのお問い合わせフォームからご連絡ください。');
    await panel.getByTestId('verification-request').click();
    await panel.getByText('確認を申請しました。').waitFor();
    expect((await db().doc('storeVerificationRequests/demo-store').get()).data()).toMatchObject({
      note: '公式サイトのお問い合わせフォームからご連絡ください。',
      requestedAt: expect.any(Timestamp),
    });
    // After a reload it still says when it asked, and offers to ask again.
    await page.reload();
    await panel.getByTestId('verification-requested').waitFor();
    expect(await panel.getByTestId('verification-requested').textContent()).toMatch(
      /^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2} に申請済みです。/,
    );
    expect(await panel.getByTestId('verification-request').textContent()).toBe('申請し直す');
  });

  it('lets the verified store confirm the handle, which then names it', async () => {
    await db().doc('storeVerifications/demo-store').set({ verifiedAt: Timestamp.now() });
    const row = await memberHandles();
    expect(await row.getByTestId('member-handles-unverified').count()).toBe(0);
    await page.getByTestId('store-verified').waitFor();
    expect(await page.getByTestId('store-verification').getByTestId('verification-request').count()).toBe(0);
    await row.locator(`[data-handle="${HANDLE}"]`).getByTestId('member-handle-vouch').click();
    await row.getByText(`@${HANDLE} を店舗確認済みにしました。`).waitFor();
    expect((await db().doc(`frozenAccounts/x_${HANDLE}`).get()).data()).toMatchObject({
      verification: 'store',
      confirmedBy: 'demo-store',
    });
  });
});
