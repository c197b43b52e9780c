/**
 * `npm run bench:favorites [-- --favorites 50 --views 5]`: what one view
 * of /favorites costs a fan with 50 推し, in headless Chromium against a
 * site built from a seeded emulator. Prints `name: value` lines; not a
 * test. Exits non-zero past the goal (issue 15): Firestore reads of the
 * view ≤ 51 (her one query, the visit record, and no read per 推し).
 *
 * How reads are counted: every response the page receives from the
 * Firestore emulator is parsed and its documents counted: a query
 * (:runQuery) reads the documents it returns (at least one, as Firestore
 * bills an empty query), a get (:batchGet, or a REST GET) one per document
 * asked for, found or not; begin/commit read nothing. Each read is filed
 * under the collection it touched, so the view's own reads (favorites rows,
 * the visit on users/{uid} through the SDK) are told apart from what every
 * signed-in page makes (the nav bell's REST reads, the account type).
 * Static bytes: the people-index shards (/u/…) the view fetched, as sent
 * and gzip-compressed (Firebase Hosting compresses JSON), with the cache off.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page, Request, Response } from 'playwright-core';
import { signIn } from '../../tests/e2e/account-helpers';
import { launchBrowser } from '../../tests/e2e/browser';
import { INDEX_FOLDERS } from '../../src/lib/routes';
import { PUBLIC_COLLECTIONS } from '../../src/registry/public-collections';
import type { PublicStore, PublicTherapist } from '../../src/schema/public';
import { buildSite } from '../build-site';
import { adminDb } from '../lib/admin';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { EMULATORS, ROOT } from '../lib/project';
import { serveSite } from '../lib/serve-site';
import { gzipBytes } from './page-weight';
import { median } from './stats';

const GOAL_VIEW_READS = 51;
const PROJECT = 'demo-theralink-bench-favorites';
const FAN = 'demo-fan';
const { values } = parseArgs({ options: { favorites: { type: 'string', default: '50' }, views: { type: 'string', default: '5' } } });
const FAVORITES = Number(values.favorites);
const VIEWS = Number(values.views);
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);

type ReadKind = 'favorites' | 'visit' | 'accountType' | 'navBell' | 'other';
type Reads = Partial<Record<ReadKind, number>>;

/** Which kind of read touches `collection` (the users doc: the visit through the SDK, the bell through REST). */
function kindOf(collection: string | undefined, viaRest: boolean): ReadKind {
  if (collection === 'favorites') return 'favorites';
  if (collection === 'users') return viaRest ? 'navBell' : 'visit';
  if (collection === 'announcements') return 'navBell';
  if (collection === 'accounts' || collection === 'stores') return 'accountType';
  return 'other';
}

/** The first collection of a document name or URL path (…/documents/users/x → users). */
const collectionOf = (name: string) => name.split('/documents/')[1]?.split('/')[0];
const add = (reads: Reads, kind: ReadKind, n = 1): Reads => ({ ...reads, [kind]: (reads[kind] ?? 0) + n });

/** The reads one Firestore request made, by kind. */
async function readsOf(request: Request): Promise<Reads> {
  const url = new URL(request.url());
  const response = await request.response();
  const status = response?.status();
  if (status !== 200 && !(request.method() === 'GET' && status === 404)) throw new Error(`Firestore answered ${status} to ${url.pathname}`);
  const body = await response!.text();
  if (url.pathname.endsWith(':runQuery')) {
    const documents = (JSON.parse(body) as { document?: { name: string } }[]).flatMap((row) => (row.document ? [row.document.name] : []));
    if (documents.length === 0) {
      // An empty query is billed as one read.
      const query = JSON.parse(request.postData() ?? '{}') as { structuredQuery?: { from?: { collectionId?: string }[] } };
      return add({}, kindOf(query.structuredQuery?.from?.[0]?.collectionId, true));
    }
    return documents.reduce<Reads>((reads, name) => add(reads, kindOf(collectionOf(name), true)), {});
  }
  if (url.pathname.endsWith(':batchGet')) {
    // A get is billed whether the document exists or not.
    const rows = JSON.parse(body) as { found?: { name: string }; missing?: string }[];
    return rows.reduce<Reads>((reads, row) => {
      const name = row.found?.name ?? row.missing;
      return name ? add(reads, kindOf(collectionOf(name), false)) : reads;
    }, {});
  }
  if (request.method() === 'GET') return add({}, kindOf(collectionOf(url.pathname), true));
  return {};
}

/** Gives demo-fan `count` 推し (therapists first, then stores), as the client would leave them. */
async function giveFavorites(exportDir: string, count: number): Promise<void> {
  const read = async <T>(file: string) => JSON.parse(await readFile(path.join(exportDir, file), 'utf8')) as T[];
  const therapists = await read<PublicTherapist>(PUBLIC_COLLECTIONS.therapists.file);
  const stores = await read<PublicStore>(PUBLIC_COLLECTIONS.stores.file);
  const targets = [
    ...therapists.map((t) => ({ uid: t.id, kind: 'therapist' as const })),
    ...stores.map((s) => ({ uid: s.id, kind: 'store' as const })),
  ].slice(0, count);
  if (targets.length < count) throw new Error(`The seed has only ${targets.length} public profiles; ${count} 推し asked for.`);
  const db = adminDb();
  const batch = db.batch();
  for (const old of (await db.collection(`favorites/${FAN}/items`).get()).docs) batch.delete(old.ref);
  targets.forEach((target, i) =>
    batch.set(db.doc(`favorites/${FAN}/items/${target.uid}`), {
      targetUid: target.uid,
      targetKind: target.kind,
      createdAt: Timestamp.fromMillis(Date.now() - i * 60_000),
    }),
  );
  batch.set(db.doc(`users/${FAN}`), { favoriteCount: targets.length, lastFavoriteTarget: targets[0]!.uid }, { merge: true });
  await batch.commit();
}

/** One cold view of /favorites (cache off): reads by kind, shard files and bytes, ms to the last card. */
async function measureView(page: Page) {
  const firestore: Request[] = [];
  const shards: { path: string; bytes: number; gzip: number }[] = [];
  const onRequest = (request: Request) => {
    if (request.method() !== 'OPTIONS' && new URL(request.url()).port === String(EMULATORS.firestore.port)) firestore.push(request);
  };
  const onResponse = async (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith(`${INDEX_FOLDERS.people}/`)) return;
    const body = await response.body();
    shards.push({ path: url.pathname, bytes: body.length, gzip: gzipBytes(body) });
  };
  page.on('requestfinished', onRequest);
  page.on('response', onResponse);
  const started = performance.now();
  await page.goto('/favorites');
  await page
    .locator('[data-testid="favorite-card"], [data-testid="favorite-gone"]')
    .nth(FAVORITES - 1)
    .waitFor();
  const ms = performance.now() - started;
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onRequest);
  page.off('response', onResponse);
  const reads: Record<ReadKind, number> = { favorites: 0, visit: 0, accountType: 0, navBell: 0, other: 0 };
  for (const counts of await Promise.all(firestore.map(readsOf))) {
    for (const [kind, n] of Object.entries(counts)) reads[kind as ReadKind] += n;
  }
  return { reads, shards, ms };
}

const emulators = await startEmulators(['auth', 'firestore']);
process.env.FIREBASE_PROJECT_ID = PROJECT;
Object.assign(process.env, emulators.env);
const exportDir = path.join(ROOT, '.build', 'bench-favorites-export');
const siteDir = path.join(ROOT, '.build', 'bench-favorites-site');
let failed = false;
const opened: { close(): Promise<void> }[] = [];
try {
  const { runSeed } = await import('../seed');
  const { runExport } = await import('../export');
  await clearFirestoreEmulator(PROJECT);
  await runSeed({ therapists: Math.max(40, FAVORITES + 10) });
  await runExport(exportDir);
  await buildSite({ exportDir, outDir: siteDir, quiet: true, firebaseProjectId: PROJECT });
  await giveFavorites(exportDir, FAVORITES);
  const site = await serveSite(siteDir);
  opened.push(site);
  const browser = await launchBrowser();
  opened.push(browser);
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'fan@theralink.test');
  await page.waitForURL(`${site.url}/favorites`);
  await page
    .locator('[data-testid="favorite-card"]')
    .nth(FAVORITES - 1)
    .waitFor();
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const views = [];
  for (let i = 0; i < VIEWS; i++) views.push(await measureView(page));
  const first = views[0]!;
  const viewReads = first.reads.favorites + first.reads.visit;
  const total = Object.values(first.reads).reduce((sum, n) => sum + n, 0);
  report('favorites', FAVORITES);
  report('view_firestore_reads', viewReads);
  report('  favorites_query_reads', first.reads.favorites);
  report('  visit_record_reads', first.reads.visit);
  report(
    'signed_in_page_reads_besides',
    `${first.reads.navBell} (nav bell) + ${first.reads.accountType} (account type) + ${first.reads.other} (other)`,
  );
  report('page_firestore_reads_total', total);
  report('people_index_files', first.shards.length);
  report('people_index_distinct_files', new Set(first.shards.map((shard) => shard.path)).size);
  report(
    'people_index_bytes',
    first.shards.reduce((sum, shard) => sum + shard.bytes, 0),
  );
  report(
    'people_index_gzip_bytes',
    first.shards.reduce((sum, shard) => sum + shard.gzip, 0),
  );
  report('people_index_largest_file_bytes', Math.max(...first.shards.map((shard) => shard.bytes)));
  const ms = views.map((view) => Math.round(view.ms));
  report('ms_to_all_cards_median', median(ms));
  report('ms_to_all_cards_worst', Math.max(...ms));
  if (views.some((view) => view.reads.favorites + view.reads.visit !== viewReads)) {
    console.error('The views did not all make the same reads.');
    failed = true;
  }
  if (viewReads > GOAL_VIEW_READS) {
    console.error(`Over the goal: ${viewReads} Firestore reads per /favorites view > ${GOAL_VIEW_READS}.`);
    failed = true;
  }
} finally {
  for (const each of opened.reverse()) await each.close();
  await emulators.stop();
}
if (failed) process.exit(1);
console.log('/favorites read goal met.');
