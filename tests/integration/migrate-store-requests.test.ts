/**
 * The migration 2026-11-private-store-requests on the real Firestore
 * emulator: accounts written by older code (storeId and storeRequestedAt on
 * the public profile) end up with public fields only, each request in
 * storeRequests/{uid} with its exact time (so a store's
 * confirmation still counts), both stamped for the incremental export; a
 * second run changes nothing; `npm run migrate` runs it once per project;
 * the export afterwards names the same confirmed stores.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { accountDoc } from '../../src/schema/accounts';
import { storeRequestDoc } from '../../src/schema/store-requests';
import { TEST_PROJECTS } from '../setup/projects';
import { AT, REQUESTED_AT, membership, put, store, storeRequest, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.migrations;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runMigrations, MIGRATIONS_COLLECTION } = await import('../../scripts/migrate');
const { MIGRATIONS } = await import('../../scripts/migrations/registry');
const { moveStoreRequests, privateStoreRequests } = await import('../../scripts/migrations/2026-11-private-store-requests');
const { runExport } = await import('../../scripts/export');

const db = adminDb();
const today = '2026-11-22';
/** Her request time with a fraction of a second, as the server stamps it (Firestore keeps microseconds). */
const ASKED = new Timestamp(REQUESTED_AT.seconds, 123_456_000);
const NEWER = new Timestamp(REQUESTED_AT.seconds + 86_400, 1_000);
let dir: string;
let startedAt: number;

/** An account as older code wrote it: the store request on the profile. */
const oldAccount = (uid: string, storeId: string | null, storeRequestedAt: Timestamp | null) =>
  therapist(uid, { storeId, storeRequestedAt });

const data = async (docPath: string) => (await db.doc(docPath).get()).data();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-migrate-'));
  await clearFirestoreEmulator(PROJECT);
  await put(db, {
    'stores/s1': store('s1'),
    'stores/s2': store('s2'),
    'accounts/t-confirmed': oldAccount('t-confirmed', 's1', ASKED),
    'memberships/s1_t-confirmed': membership('s1', 't-confirmed', { requestedAt: ASKED }),
    'accounts/t-pending': oldAccount('t-pending', 's2', ASKED),
    'accounts/t-none': oldAccount('t-none', null, null),
    // Never written by the rules, but possible in hand-edited data: a store without a time.
    'accounts/t-no-time': oldAccount('t-no-time', 's1', null),
    'memberships/s1_t-no-time': membership('s1', 't-no-time'),
    // Already migrated: public fields only, nothing to do.
    'accounts/t-new': therapist('t-new'),
    'storeRequests/t-new': storeRequest('t-new', 's2'),
    // Newer code already wrote her request: it is kept, the old fields only leave the profile.
    'accounts/t-both': oldAccount('t-both', 's1', ASKED),
    'storeRequests/t-both': storeRequest('t-both', 's2', { requestedAt: NEWER }),
  });
  startedAt = Date.now();
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('moving the store request out of the public profile', () => {
  it('leaves every account with public fields only, stamped for the incremental export', async () => {
    const result = await moveStoreRequests(db);
    // 6 accounts read, then the 5 old ones' request docs; 5 accounts and 3 new requests written.
    expect(result).toEqual({ read: 11, written: 8 });
    for (const uid of ['t-confirmed', 't-pending', 't-none', 't-no-time', 't-both']) {
      const account = await data(`accounts/${uid}`);
      expect(account, uid).not.toHaveProperty('storeId');
      expect(account, uid).not.toHaveProperty('storeRequestedAt');
      expect(accountDoc.safeParse(account).success, uid).toBe(true);
      expect((account!.updatedAt as Timestamp).toMillis(), uid).toBeGreaterThanOrEqual(startedAt - 5_000);
    }
    expect((await data('accounts/t-new'))!.updatedAt).toEqual(AT);
  });

  it('keeps each request, its time exactly, in storeRequests/{uid}', async () => {
    const confirmed = await data('storeRequests/t-confirmed');
    expect(confirmed).toMatchObject({ userId: 't-confirmed', storeId: 's1' });
    expect((confirmed!.requestedAt as Timestamp).isEqual(ASKED)).toBe(true);
    expect((confirmed!.updatedAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(startedAt - 5_000);
    expect(storeRequestDoc.safeParse(confirmed).success).toBe(true);
    expect((await data('storeRequests/t-pending'))!.storeId).toBe('s2');
  });

  it('writes no request for an account that asked no store', async () => {
    expect(await data('storeRequests/t-none')).toBeUndefined();
  });

  it('gives a request without a time a new one (pending until the store answers again)', async () => {
    const request = await data('storeRequests/t-no-time');
    expect(request).toMatchObject({ userId: 't-no-time', storeId: 's1' });
    expect((request!.requestedAt as Timestamp).isEqual(request!.updatedAt as Timestamp)).toBe(true);
  });

  it('keeps a request newer code already wrote', async () => {
    const request = await data('storeRequests/t-both');
    expect(request!.storeId).toBe('s2');
    expect((request!.requestedAt as Timestamp).isEqual(NEWER)).toBe(true);
  });

  it('changes nothing on a second run', async () => {
    const before = await db.collection('storeRequests').get();
    expect(await moveStoreRequests(db)).toEqual({ read: 6, written: 0 });
    const after = await db.collection('storeRequests').get();
    expect(after.docs.map((doc) => [doc.id, doc.data()])).toEqual(before.docs.map((doc) => [doc.id, doc.data()]));
  });

  it('keeps the confirmed store on the site: the export names the same stores', async () => {
    const exportDir = path.join(dir, 'public');
    await runExport(exportDir, today, { now: new Date('2026-11-22T03:00:00Z'), warn: () => {} });
    const therapists = JSON.parse(await readFile(path.join(exportDir, 'therapists.json'), 'utf8')) as {
      id: string;
      storeId: string | null;
    }[];
    const storeOf = Object.fromEntries(therapists.map((t) => [t.id, t.storeId]));
    expect(storeOf).toEqual({ 't-both': null, 't-confirmed': 's1', 't-new': null, 't-no-time': null, 't-none': null, 't-pending': null });
  });
});

describe('npm run migrate', () => {
  it('lists the migration and runs it once per project', async () => {
    expect(MIGRATIONS.map((migration) => migration.id)).toContain(privateStoreRequests.id);
    await db.recursiveDelete(db.collection(MIGRATIONS_COLLECTION));
    await put(db, { 'accounts/t-late': oldAccount('t-late', 's1', ASKED) });
    const lines: string[] = [];
    expect(await runMigrations({ db, migrations: [privateStoreRequests], log: (line) => lines.push(line) })).toEqual([
      privateStoreRequests.id,
    ]);
    expect(lines.join('\n')).toContain('2026-11-private-store-requests');
    expect(await data('storeRequests/t-late')).toMatchObject({ storeId: 's1' });
    expect(await data(`${MIGRATIONS_COLLECTION}/${privateStoreRequests.id}`)).toMatchObject({ written: 2 });
    // Recorded: the next run does not even read the accounts.
    await put(db, { 'accounts/t-later': oldAccount('t-later', 's1', ASKED) });
    expect(await runMigrations({ db, migrations: [privateStoreRequests], log: () => {} })).toEqual([]);
    expect(await data('accounts/t-later')).toHaveProperty('storeId', 's1');
  });
});
