/**
 * "A rebuild no one can stop" (issue 10): a document of every collection
 * the export reads, planted with the shapes the rules once let through
 * (non-string list elements, impossible dates, Unicode spaces in URLs,
 * nested maps, a huge string), is skipped and named, in the script's output
 * and in the JSON report next to the export; the rest is published. Runs
 * the real `npm run export` script against the emulator.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { tokyoDateKey, addDays } from '../../src/lib/tokyo-date';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES } from '../../src/registry/public-collections';
import { EXPORT_META_FILE } from '../../src/schema/public';
import { TEST_PROJECTS } from '../setup/projects';
import { AT, dispute, frozen, membership, put, shift, store, storeRequest, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.exportMalformed;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runSeed } = await import('../../scripts/seed');
const { generateSeed } = await import('../../scripts/seed/generate');

const run = promisify(execFile);
const db = adminDb();
// The script exports "today" by the clock: seed the shifts from today too.
const today = tokyoDateKey();
let dir: string;

const exportScript = async (exportDir: string) =>
  run('node_modules/.bin/tsx', ['scripts/export.ts', '--full'], {
    env: { ...process.env, FIREBASE_PROJECT_ID: PROJECT, EXPORT_DIR: exportDir },
  });
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

/**
 * A date that looks like YYYY-MM-DD but is not on the calendar (the 31st of
 * a 30-day month, 30 February), inside the exported shift window, so the
 * export's date query reads it.
 */
function impossibleDateInWindow(): string {
  for (let n = 1; n <= 60; n++) {
    const day = addDays(today, n);
    const dayOfMonth = Number(day.slice(8));
    if (addDays(day, 1).endsWith('-01') && dayOfMonth < 31) return `${day.slice(0, 8)}${dayOfMonth + 1}`;
  }
  return `${addDays(today, 3).slice(0, 8)}32`;
}

/** The store the seed has a therapist ask (and, in this seed, confirm her). */
function seededStoreOf(uid: string): string {
  const request = generateSeed({ therapists: 40, today }).find((d) => d.path === `storeRequests/${uid}`);
  return String(request?.data.storeId);
}

/** One malformed document per collection the export reads, and the field each is named by. */
function planted(): { path: string; data: Record<string, unknown>; field: string }[] {
  const badDate = impossibleDateInWindow();
  return [
    { path: 'accounts/evil-tags', data: therapist('evil-tags', { tags: ['癒し系', 42] }), field: 'tags.1' },
    { path: 'accounts/evil-huge', data: therapist('evil-huge', { bio: 'a'.repeat(1_000_000) }), field: 'bio' },
    { path: 'stores/evil-nbsp', data: store('evil-nbsp', { website: 'https://example.com/\u00a0shop' }), field: 'website' },
    { path: 'stores/evil-nested', data: store('evil-nested', { channels: { x: { nested: 'map' } } }), field: 'channels.x' },
    { path: 'frozenAccounts/x_evil_date', data: frozen('th-000002', 'evil_date', { frozenOn: '2026-02-30', slot: 5 }), field: 'frozenOn' },
    { path: `schedules/th-000002_${badDate}_0`, data: shift('th-000002', badDate), field: 'date' },
    {
      path: 'storeRequests/th-000007',
      data: storeRequest('th-000007', seededStoreOf('th-000007'), { requestedAt: 'yesterday' }),
      field: 'requestedAt',
    },
    {
      path: 'memberships/demo-store_demo-therapist',
      data: membership('demo-store', 'demo-therapist', { requestedAt: 'yesterday' }),
      field: 'requestedAt',
    },
    { path: 'slugs/evil-slug', data: { userId: 'th-000002', kind: 'therapist', releasedAt: 'soon' }, field: 'releasedAt' },
    { path: 'disputes/th-000004_1', data: dispute('th-000004', 'x_miu_0312', { evidence: '' }), field: 'evidence' },
    { path: 'suspensions/th-000006', data: { reason: 42, createdAt: AT }, field: 'reason' },
    {
      path: 'blogs/th-000002_20261101_0',
      data: {
        userId: 'th-000002',
        title: '',
        body: '本文',
        cover: null,
        images: [],
        tags: [],
        published: true,
        publishAt: AT,
        createdAt: AT,
        updatedAt: AT,
        hidden: false,
      },
      field: 'title',
    },
    {
      path: 'posts/th-000002_20261101_0',
      data: { userId: 'th-000002', text: 'あ'.repeat(501), images: [], createdAt: AT, updatedAt: AT, hidden: false },
      field: 'text',
    },
    {
      path: 'rankings/current',
      data: { computedAt: AT, comparedWith: null, overall: [{ uid: 'th-000002', count: 0, rank: 1, previousRank: null }], areas: {} },
      field: 'overall.0.count',
    },
  ];
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-export-malformed-'));
  await clearFirestoreEmulator(PROJECT);
  await runSeed({ therapists: 40, today });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an export with a malformed document in every collection', () => {
  let before: Record<string, { id: string; storeId?: string | null; userId?: string }[]>;
  let after: typeof before;
  let stderr: string;
  let report: {
    exportedAt: string;
    skipped: { collection: string; id: string; problems: { path: string; message: string }[] }[];
    counts: Record<string, number>;
  };
  const exportDir = () => path.join(dir, 'export');
  const files = ['therapists', 'stores', 'frozen-accounts', 'shifts', 'redirects'];
  const readAll = async () =>
    Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readJson(path.join(exportDir(), `${f}.json`))] as const)));

  beforeAll(async () => {
    await exportScript(exportDir());
    before = await readAll();
    await put(db, Object.fromEntries(planted().map((p) => [p.path, p.data])));
    const result = await exportScript(exportDir());
    stderr = result.stderr;
    after = await readAll();
    report = await readJson(`${exportDir()}-report.json`);
  }, 120_000);

  it('succeeds and names each skipped document as collection/id: field: problem', () => {
    for (const { path: docPath, field } of planted()) {
      expect(stderr).toMatch(
        new RegExp(`Skipped ${docPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (.*; )?${field.replace('.', '\\.')}: `),
      );
    }
    expect(stderr).toContain(`${planted().length} documents skipped; the rest was exported. Report: ${exportDir()}-report.json`);
  });

  it('lists them in the machine-readable report, next to the export and not inside it', async () => {
    expect(report.exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const listed = report.skipped.map((s) => `${s.collection}/${s.id}`).sort();
    expect(listed).toEqual(
      planted()
        .map((p) => p.path)
        .sort(),
    );
    for (const { path: docPath, field } of planted()) {
      const entry = report.skipped.find((s) => `${s.collection}/${s.id}` === docPath)!;
      expect(
        entry.problems.map((p) => p.path),
        docPath,
      ).toContain(field);
      for (const problem of entry.problems) expect(problem.message.length).toBeLessThanOrEqual(200);
    }
    expect(report.counts.skipped).toBe(planted().length);
    expect(report.counts.therapists).toBe(after.therapists!.length);
    // A file (a folder of shards) per collection of the registry, and meta.json: the report is not inside.
    const files = [...PUBLIC_COLLECTION_NAMES.map((name) => PUBLIC_COLLECTIONS[name].file), EXPORT_META_FILE];
    expect((await readdir(exportDir())).sort()).toEqual(files.sort());
    expect(await readdir(dir)).toContain('export-report.json');
  });

  it('leaves the malformed published documents out and publishes the rest', () => {
    const ids = (name: string) => after[name]!.map((r) => r.id);
    expect(ids('therapists')).not.toContain('evil-tags');
    expect(ids('therapists')).not.toContain('evil-huge');
    expect(ids('stores')).not.toContain('evil-nbsp');
    expect(ids('stores')).not.toContain('evil-nested');
    expect(ids('frozen-accounts')).not.toContain('x_evil_date');
    expect(ids('shifts')).not.toContain(`th-000002_${impossibleDateInWindow()}_0`);
    expect(after.stores).toEqual(before.stores);
    // Everyone else is still there (the malformed suspension still suspends: it fails closed).
    const expected = before.therapists!.filter((t) => t.id !== 'th-000006').map((t) => t.id);
    expect(ids('therapists')).toEqual(expected);
    expect(after.shifts!.length).toBe(before.shifts!.filter((s) => s.userId !== 'th-000006').length);
  });

  it('fails closed on a malformed store request: her confirmed store is no longer named', () => {
    expect(before.therapists!.find((t) => t.id === 'th-000007')?.storeId).toBe(seededStoreOf('th-000007'));
    expect(after.therapists!.find((t) => t.id === 'th-000007')?.storeId).toBeNull();
  });

  it('fails closed on a malformed membership: her store is no longer named', () => {
    expect(before.therapists!.find((t) => t.id === 'demo-therapist')?.storeId).toBe('demo-store');
    expect(after.therapists!.find((t) => t.id === 'demo-therapist')?.storeId).toBeNull();
  });

  it('still builds the seeded redirect', () => {
    const seededHeld = generateSeed({ therapists: 40, today }).filter((d) => d.path.startsWith('slugs/') && d.data.releasedAt !== null);
    expect(after.redirects!.map((r) => (r as unknown as { from: string }).from)).toEqual(seededHeld.map((d) => d.path.slice(6)));
  });

  it('reports nothing once they are gone', async () => {
    for (const { path: docPath } of planted()) await db.doc(docPath).delete();
    const { stderr: clean } = await exportScript(exportDir());
    expect(clean).not.toContain('Skipped');
    expect((await readJson(`${exportDir()}-report.json`)).skipped).toEqual([]);
  });
});
