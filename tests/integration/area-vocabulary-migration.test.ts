/**
 * The area-vocabulary migration (scripts/migrations/2026-11-area-vocabulary.ts)
 * on the real Firestore emulator, run as `npm run migrate` runs it: profiles
 * whose free-text area is not of the vocabulary get a mapped one and a new
 * updatedAt, so the incremental export, which skipped them, now publishes
 * them; the others are not written; a second run writes nothing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { accountDoc } from '../../src/schema/accounts';
import { storeDoc } from '../../src/schema/stores';
import { TEST_PROJECTS } from '../setup/projects';
import { AT, put, slug, store, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.areaMigration;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runExport } = await import('../../scripts/export');
const { runMigrations, MIGRATIONS_COLLECTION } = await import('../../scripts/migrate');
const { areaVocabulary } = await import('../../scripts/migrations/2026-11-area-vocabulary');

const db = adminDb();
const today = '2026-11-22';
let dir: string;

/** Stored area → the area it must become (uids t0…, s0…). */
const THERAPIST_AREAS: [stored: unknown, expected: string][] = [
  ['..', 'その他'],
  ['a/b', 'その他'],
  ['%2F', 'その他'],
  ['新宿駅', '新宿'],
  ['\u3000池袋 ', '池袋'],
  ['梅⽥', '梅田'],
  ['ｽｽｷﾉ', 'すすきの'],
  ['名古屋', '名駅'],
  ['新\u200B宿', '新宿'],
  ['渋谷\u202E', '渋谷'],
  ['函館', 'その他'],
  [42, 'その他'],
];
const STORE_AREAS: [stored: unknown, expected: string][] = [
  ['六本木エリア', '六本木'],
  ['?x#y', 'その他'],
  ['なんば', '難波'],
];
/** Already of the vocabulary: never written. */
const KEPT = { 'accounts/ok': '恵比寿', 'stores/ok': 'その他' } as const;

const data = async (docPath: string) => (await db.doc(docPath).get()).data()!;
const readExportFile = async (file: string) =>
  JSON.parse(await readFile(path.join(dir, 'live', file), 'utf8')) as { id: string; area: string }[];
const incremental = () => runExport(path.join(dir, 'live'), today, { mode: 'incremental', warn: () => {} });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-area-migration-'));
  await clearFirestoreEmulator(PROJECT);
  const docs: Record<string, Record<string, unknown>> = {
    'accounts/ok': therapist('ok', { area: KEPT['accounts/ok'] }),
    'slugs/slug-ok': slug('ok', 'therapist'),
    'stores/ok': store('ok', { area: KEPT['stores/ok'] }),
    'slugs/store-ok': slug('ok', 'store'),
  };
  THERAPIST_AREAS.forEach(([area], i) => {
    docs[`accounts/t${i}`] = therapist(`t${i}`, { area });
    docs[`slugs/slug-t${i}`] = slug(`t${i}`, 'therapist');
  });
  STORE_AREAS.forEach(([area], i) => {
    docs[`stores/s${i}`] = store(`s${i}`, { area });
    docs[`slugs/store-s${i}`] = slug(`s${i}`, 'store');
  });
  const { area: _unused, ...withoutArea } = therapist('noarea');
  docs['accounts/noarea'] = withoutArea;
  docs['slugs/slug-noarea'] = slug('noarea', 'therapist');
  await put(db, docs);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('before the migration', () => {
  it('the export leaves the profiles with a free-text area out (and names them), publishing the rest', async () => {
    const result = await incremental();
    expect(result.mode).toBe('full');
    expect((await readExportFile('therapists.json')).map((one) => one.id)).toEqual(['ok']);
    expect((await readExportFile('stores.json')).map((one) => one.id)).toEqual(['ok']);
    const skipped = result.report.skipped.map((entry) => `${entry.collection}/${entry.id}`);
    expect(skipped).toEqual(expect.arrayContaining(['accounts/t0', 'accounts/t11', 'accounts/noarea', 'stores/s1']));
  });
});

describe('the migration', () => {
  let startedAt: number;
  let ran: string[];

  beforeAll(async () => {
    startedAt = Date.now();
    ran = await runMigrations({ db, log: () => {} });
  });

  it('is registered and runs once, recorded with what it read and wrote', async () => {
    expect(ran).toContain(areaVocabulary.id);
    const profiles = THERAPIST_AREAS.length + STORE_AREAS.length + 3;
    expect(await data(`${MIGRATIONS_COLLECTION}/${areaVocabulary.id}`)).toMatchObject({
      read: profiles,
      written: THERAPIST_AREAS.length + STORE_AREAS.length + 1,
    });
    expect(await runMigrations({ db, log: () => {} })).toEqual([]);
  });

  it('maps each free-text area onto the vocabulary, with updatedAt set to the server time', async () => {
    const cases = [
      ...THERAPIST_AREAS.map(([, expected], i) => [`accounts/t${i}`, expected] as const),
      ...STORE_AREAS.map(([, expected], i) => [`stores/s${i}`, expected] as const),
      ['accounts/noarea', 'その他'] as const,
    ];
    for (const [docPath, expected] of cases) {
      const doc = await data(docPath);
      expect(doc.area, docPath).toBe(expected);
      const updated = (doc.updatedAt as Timestamp).toMillis();
      expect(updated, docPath).toBeGreaterThanOrEqual(startedAt - 5_000);
      expect(updated, docPath).toBeLessThanOrEqual(Date.now() + 5_000);
      const schema = docPath.startsWith('stores/') ? storeDoc : accountDoc;
      expect(schema.safeParse(doc).success, docPath).toBe(true);
    }
  });

  it('leaves profiles already of the vocabulary as they were', async () => {
    for (const [docPath, area] of Object.entries(KEPT)) {
      const doc = await data(docPath);
      expect(doc.area).toBe(area);
      expect((doc.updatedAt as Timestamp).isEqual(AT), docPath).toBe(true);
    }
  });

  it('writes nothing when run again (idempotent)', async () => {
    const before = await data('accounts/t0');
    expect(await areaVocabulary.run(db)).toEqual({ read: THERAPIST_AREAS.length + STORE_AREAS.length + 3, written: 0 });
    expect((await data('accounts/t0')).updatedAt).toEqual(before.updatedAt);
  });

  it('lets the next incremental export publish the migrated profiles with their new area', async () => {
    const result = await incremental();
    expect(result.mode).toBe('incremental');
    const therapists = new Map((await readExportFile('therapists.json')).map((one) => [one.id, one.area]));
    THERAPIST_AREAS.forEach(([, expected], i) => expect(therapists.get(`t${i}`), `t${i}`).toBe(expected));
    expect(therapists.get('noarea')).toBe('その他');
    const stores = new Map((await readExportFile('stores.json')).map((one) => [one.id, one.area]));
    STORE_AREAS.forEach(([, expected], i) => expect(stores.get(`s${i}`), `s${i}`).toBe(expected));
    expect(result.report.skipped).toEqual([]);
  });
});
