/**
 * What the account browser tests share: the Auth emulator's out-of-band
 * codes, the trusted announcement script run as a real process, accounts
 * made the way registration leaves them, and signing in through /login
 * like a person would.
 */
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { adminDb, emulatorBrowserAuth } from '../../scripts/lib/admin';
import { EMULATOR_AUTH_PROJECT_ID, emulatorHost, ROOT } from '../../scripts/lib/project';
import { run } from '../../scripts/lib/run';
import { DEMO_PASSWORD } from '../../scripts/seed/generate';
import { ACCOUNT_HINT_KEY } from '../../src/lib/auth/account-hint';
import { TEST_PROJECTS } from '../setup/projects';

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
  /** An email change's new address (the code is filed under the old one). */
  newEmail?: string;
}

/** The emails of one kind the Auth emulator "sent" to `email` (it sends none for real). */
export async function outOfBandCodes(
  email: string,
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'VERIFY_AND_CHANGE_EMAIL',
): Promise<OobCode[]> {
  const listing = await fetch(`http://${emulatorHost('auth')}/emulator/v1/projects/${EMULATOR_AUTH_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await listing.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === requestType);
}

/** Opens the email-verification link sent to `email`. */
export async function confirmEmail(email: string): Promise<void> {
  const code = (await outOfBandCodes(email, 'VERIFY_EMAIL')).at(-1);
  if (!code) throw new Error(`No verification email for ${email}`);
  const applied = await fetch(code.oobLink);
  if (!applied.ok) throw new Error(`Verification link failed: ${applied.status}`);
}

/** Runs scripts/announce.ts as the operator would, against the e2e project. */
export async function announceTo(uid: string, title: string): Promise<void> {
  await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/announce.ts', '--user', uid, '--title', title, '--link', '/howto'], {
    env: { FIREBASE_PROJECT_ID: TEST_PROJECTS.e2e },
    quiet: true,
  });
}

export interface TestTherapist {
  uid: string;
  email: string;
  name: string;
  verified: boolean;
  /** Her public profile is on the site (accounts.published); default false. */
  published?: boolean;
  /** Her profile URL's slug; default her uid (which must then be a valid slug). */
  slug?: string;
  area?: string;
}

/**
 * A therapist as registration leaves her (Auth user with the demo
 * password, users/, slugs/ and accounts/ documents), in the project
 * FIREBASE_PROJECT_ID names now; `published` as if she had published her
 * profile. Browsers sign in against the Auth emulator's own project.
 */
export async function createTherapist(account: TestTherapist): Promise<void> {
  const slug = account.slug ?? account.uid;
  await emulatorBrowserAuth().createUser({
    uid: account.uid,
    email: account.email,
    password: DEMO_PASSWORD,
    emailVerified: account.verified,
    displayName: account.name,
  });
  const now = Timestamp.now();
  const db = adminDb();
  await db.doc(`users/${account.uid}`).set({ createdAt: now });
  await db.doc(`slugs/${slug}`).set({ userId: account.uid, kind: 'therapist', releasedAt: null });
  // A store request left by an earlier run of the same uid is withdrawn (a write the incremental export sees).
  const request = db.doc(`storeRequests/${account.uid}`);
  if ((await request.get()).exists) await request.set({ userId: account.uid, storeId: null, requestedAt: null, updatedAt: now });
  await db.doc(`accounts/${account.uid}`).set({
    userId: account.uid,
    displayName: account.name,
    profileSlug: slug,
    bio: '',
    photo: '',
    area: account.area ?? '新宿',
    tags: [],
    channels: {},
    published: account.published ?? false,
    createdAt: now,
    updatedAt: now,
  });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Signs in on /login?next={route} and waits to land on `route` (`baseUrl`: the served site's origin). */
export async function signInThrough(page: Page, baseUrl: string, route: string, email: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(route)}`);
  await signIn(page, email);
  await page.waitForURL(`${baseUrl}${route}`);
}

/** The uid this browser's account hint names (null when signed out). */
export function hintedUid(page: Page): Promise<string | null> {
  return page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { uid?: string } | null)?.uid ?? null,
    ACCOUNT_HINT_KEY,
  );
}

/**
 * Every request of `page` answered 400 or more from now on (status and URL),
 * as a live list: a journey that should meet no refusal asserts it empty.
 * A refused read the page shrugs off still shows as a failed request in the
 * browser's console, which is where a user's report starts.
 */
export function refusedRequests(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return refused;
}
