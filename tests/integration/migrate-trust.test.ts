/**
 * The migrations of store badges and slug holds (scripts/migrations/) on
 * the real Firestore emulator, through `npm run migrate`'s runner: data
 * written before them passes the new schemas afterwards, a second run
 * changes nothing, and the export then shows what the decisions say
 * (docs/decisions/store-verification.md, docs/decisions/slug-holds.md).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { frozenAccountDoc } from '../../src/schema/frozen-accounts';
import { slugHoldsDoc } from '../../src/schema/slugs';
import { TEST_PROJECTS } from '../setup/projects';
import { AT, frozen, put, slug, store, storeVerification, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.migrateTrust;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runMigrations } = await import('../../scripts/migrate');
const { frozenConfirmedBy } = await import('../../scripts/migrations/frozen-confirmed-by');
const { slugHolds } = await import('../../scripts/migrations/slug-holds');
const { runExport } = await import('../../scripts/export');

const db = adminDb();
const today = '2026-11-22';
const daysAgo = (days: number) => Timestamp.fromMillis(Date.now() - days * 86_400_000);
/** A former handle as code before confirmedBy wrote it. */
const legacy = (uid: string, handle: string, verification: string) => {
  const { confirmedBy: _dropped, ...rest } = frozen(uid, handle, { verification });
  return rest;
};
const data = async (docPath: string) => (await db.doc(docPath).get()).data();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-migrate-trust-'));
  await clearFirestoreEmulator(PROJECT);
  await put(db, {
    'accounts/miu': therapist('miu', { profileSlug: 'miu-now' }),
    'slugs/miu-now': slug('miu', 'therapist'),
    'stores/shop': store('shop'),
    'storeVerifications/shop': storeVerification(),
    'frozenAccounts/x_miu_self': legacy('miu', 'miu_self', 'self'),
    'frozenAccounts/x_miu_store': legacy('miu', 'miu_store', 'store'),
    'frozenAccounts/x_miu_op': legacy('miu', 'miu_op', 'operator'),
    'frozenAccounts/x_miu_new': frozen('miu', 'miu_new', { verification: 'store', confirmedBy: 'shop' }),
    // A hoarder from before the cap: four renames within 30 days, one long ago.
    'accounts/rena': therapist('rena', { profileSlug: 'rena-now' }),
    'slugs/rena-now': slug('rena', 'therapist'),
    'slugs/rena-official': slug('rena', 'therapist', daysAgo(20)),
    'slugs/shinjuku-no1': slug('rena', 'therapist', daysAgo(15)),
    'slugs/rena-3': slug('rena', 'therapist', daysAgo(5)),
    'slugs/rena-4': slug('rena', 'therapist', daysAgo(1)),
    'slugs/rena-ancient': slug('rena', 'therapist', daysAgo(45)),
    // One held slug: listed, nothing freed.
    'slugs/miu-old': slug('miu', 'therapist', daysAgo(3)),
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the store-badge and slug-hold migrations', () => {
  it('run once each, in order, through the runner', async () => {
    const lines: string[] = [];
    expect(await runMigrations({ db, migrations: [frozenConfirmedBy, slugHolds], log: (line) => lines.push(line) })).toEqual([
      '2026-11-frozen-confirmed-by',
      '2026-11-slug-holds',
    ]);
    expect(lines).toHaveLength(2);
    expect(await runMigrations({ db, migrations: [frozenConfirmedBy, slugHolds], log: () => {} })).toEqual([]);
  });

  it("give every former handle confirmedBy, and a store claim that cannot name its store goes back to 'self'", async () => {
    expect(await data('frozenAccounts/x_miu_self')).toMatchObject({ verification: 'self', confirmedBy: null });
    expect(await data('frozenAccounts/x_miu_store')).toMatchObject({ verification: 'self', confirmedBy: null });
    expect(await data('frozenAccounts/x_miu_op')).toMatchObject({ verification: 'operator', confirmedBy: null });
    expect(await data('frozenAccounts/x_miu_new')).toMatchObject({ verification: 'store', confirmedBy: 'shop' });
    for (const id of ['x_miu_self', 'x_miu_store', 'x_miu_op', 'x_miu_new']) {
      expect(frozenAccountDoc.safeParse(await data(`frozenAccounts/${id}`)).success, id).toBe(true);
    }
    // Moved for the incremental export; the one already migrated kept its time.
    expect((await data('frozenAccounts/x_miu_store'))!.updatedAt.toMillis()).toBeGreaterThan(AT.toMillis());
    expect((await data('frozenAccounts/x_miu_new'))!.updatedAt.toMillis()).toBe(AT.toMillis());
  });

  it('keep the two newest holds of an account, listed oldest first, and release the older ones for real with tombstones', async () => {
    expect(await data('slugHolds/rena')).toEqual({ slugs: ['rena-3', 'rena-4'] });
    expect(slugHoldsDoc.safeParse(await data('slugHolds/rena')).success).toBe(true);
    expect(await data('slugHolds/miu')).toEqual({ slugs: ['miu-old'] });
    for (const freed of ['rena-official', 'shinjuku-no1']) {
      expect(await data(`slugs/${freed}`), freed).toBeUndefined();
      expect(await data(`deletions/slugs:${freed}`)).toMatchObject({ collection: 'slugs', docId: freed });
    }
    // Past the hold already: free for anyone, left as it is.
    expect(await data('slugs/rena-ancient')).toBeDefined();
  });

  it('a second run writes nothing', async () => {
    expect(await frozenConfirmedBy.run(db)).toMatchObject({ written: 0 });
    expect(await slugHolds.run(db)).toMatchObject({ written: 0 });
  });

  it('leave an export that skips nothing and redirects only the kept holds', async () => {
    const exportDir = path.join(dir, 'export');
    const { report } = await runExport(exportDir, today, { warn: () => {} });
    expect(report.skipped).toEqual([]);
    const redirects = JSON.parse(await readFile(path.join(exportDir, 'redirects.json'), 'utf8')) as { from: string }[];
    expect(redirects.map((r) => r.from).sort()).toEqual(['miu-old', 'rena-3', 'rena-4']);
    const frozenList = JSON.parse(await readFile(path.join(exportDir, 'frozen-accounts.json'), 'utf8')) as {
      id: string;
      verification: string;
    }[];
    expect(Object.fromEntries(frozenList.map((f) => [f.id, f.verification]))).toEqual({
      x_miu_new: 'store',
      x_miu_op: 'operator',
      x_miu_self: 'self',
      x_miu_store: 'self',
    });
  });
});
