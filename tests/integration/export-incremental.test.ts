/**
 * The incremental export on the real Firestore emulator: after a full read
 * it reads only what changed since its cursor (documents written since,
 * tombstones of deletes, the slugs of owners whose profile changed),
 * merges it into its mirror, and writes exactly what a full read would.
 * A cycle with no change reads one document per query and writes nothing.
 */
import { mkdtemp, readFile, readdir, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { readExport } from '../../src/data/export-records';
import { authorShard, shardFileName } from '../../src/lib/export-shards';
import { SOURCE_COLLECTIONS } from '../../src/registry/source-collections';
import type { ChangeFeed } from '../../scripts/watch-content';
import { TEST_PROJECTS } from '../setup/projects';
import { blog as blogDoc, frozen, post, put, shift, slug, store, storeVerification, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.exportIncremental;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runExport } = await import('../../scripts/export');
const { deleteWithTombstone, markChanged } = await import('../../scripts/lib/tombstone');

const today = '2026-11-22';
const db = adminDb();
const now = () => Timestamp.now();
/** Reads of a cycle when nothing changed: one per query (each timestamped source collection, and the tombstones). */
const IDLE_QUERIES = Object.values(SOURCE_COLLECTIONS).filter((c) => 'field' in c.changes).length + 1;
let dir: string;

const incremental = (name = 'live') => runExport(path.join(dir, name), today, { mode: 'incremental', warn: () => {} });
const full = (name: string) => runExport(path.join(dir, name), today, { mode: 'full', warn: () => {} });
const read = async (name: string, file: string) => JSON.parse(await readFile(path.join(dir, name, file), 'utf8'));

/** Every data file of an export, shards of blogs/ and posts/ included. */
async function dataFiles(name: string): Promise<string[]> {
  const entries = await readdir(path.join(dir, name), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name !== 'meta.json')
    .map((entry) => path.relative(path.join(dir, name), path.join(entry.parentPath, entry.name)))
    .sort();
}

/** An export's data files equal those of a full read made now (the same files, the same records). */
async function expectSameAsFull(name = 'live'): Promise<void> {
  await full('reference');
  const files = await dataFiles('reference');
  expect(await dataFiles(name)).toEqual(files);
  for (const file of files) expect(await read(name, file), file).toEqual(await read('reference', file));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-export-incremental-'));
  await clearFirestoreEmulator(PROJECT);
  await put(db, {
    'stores/s1': store('s1'),
    'slugs/store-s1': slug('s1', 'store'),
    'accounts/t1': therapist('t1'),
    'slugs/slug-t1': slug('t1', 'therapist'),
    'accounts/t2': therapist('t2'),
    'slugs/slug-t2': slug('t2', 'therapist'),
    'frozenAccounts/x_t1_old': frozen('t1', 't1_old'),
    'schedules/t1_2026-11-23_0': shift('t1', '2026-11-23'),
  });
  const first = await incremental();
  expect(first.mode).toBe('full');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a cycle with no change', () => {
  it('reads one document per query, writes nothing and says so', async () => {
    const before = await stat(path.join(dir, 'live', 'therapists.json'));
    const result = await incremental();
    expect(result).toMatchObject({ mode: 'incremental', changed: false, reads: IDLE_QUERIES });
    // 11 timestamped collections (availableNow is the eleventh) and the tombstones.
    expect(result.reads).toBeLessThanOrEqual(12);
    expect((await stat(path.join(dir, 'live', 'therapists.json'))).mtimeMs).toBe(before.mtimeMs);
  });
});

describe('changes', () => {
  it('publishes an edited profile, reading the changed document and her slugs only', async () => {
    const mirrorFiles = () => readdir(`${path.join(dir, 'live')}-state-shards`);
    const before = new Set(await mirrorFiles());
    await db.doc('accounts/t1').update({ bio: '新しい自己紹介', updatedAt: now() });
    const result = await incremental();
    expect(result).toMatchObject({ mode: 'incremental', changed: true });
    // The idle queries, her profile (which replaces its empty query's read) and her one slug.
    expect(result.reads).toBe(IDLE_QUERIES + 1);
    // The mirror rewrote her shard of the collections it read again (her profile, her slugs), no other file.
    const rewritten = (await mirrorFiles()).filter((file) => !before.has(file));
    expect(rewritten.map((file) => file.split('-').slice(0, 2).join('-')).sort()).toEqual([
      `accounts-${authorShard('t1')}`,
      `slugs-${authorShard('t1')}`,
    ]);
    expect((await read('live', 'therapists.json')).find((t: { id: string }) => t.id === 't1').bio).toBe('新しい自己紹介');
    await expectSameAsFull();
  });

  it('follows a rename: the new slug, and a redirect from the released one', async () => {
    await put(db, {
      'accounts/t2': therapist('t2', { profileSlug: 'slug-t2-new', updatedAt: now() }),
      'slugs/slug-t2-new': slug('t2', 'therapist'),
      'slugs/slug-t2': slug('t2', 'therapist', now()),
    });
    const result = await incremental();
    expect(result.changed).toBe(true);
    expect(await read('live', 'redirects.json')).toEqual([expect.objectContaining({ from: 'slug-t2', to: 'slug-t2-new' })]);
    await expectSameAsFull();
  });

  it('follows the operator verifying a store and taking it back, by their markers in deletions/', async () => {
    const claimOf = async () => (await read('live', 'frozen-accounts.json')).find((f: { id: string }) => f.id === 'x_t2_vouched');
    const verifiedOf = async () => (await read('live', 'stores.json')).find((s: { id: string }) => s.id === 's1').verified;
    await put(db, {
      'frozenAccounts/x_t2_vouched': frozen('t2', 't2_vouched', { verification: 'store', confirmedBy: 's1', slot: 1, updatedAt: now() }),
    });
    await incremental();
    expect(await claimOf()).toMatchObject({ verification: 'self' });
    expect(await verifiedOf()).toBe(false);

    // As `npm run moderate -- verify-store s1` writes it: the record and its marker.
    await db.runTransaction(async (tx) => {
      tx.set(db.doc('storeVerifications/s1'), storeVerification(now()));
      markChanged(db, tx, 'storeVerifications', 's1');
    });
    expect((await incremental()).changed).toBe(true);
    expect(await claimOf()).toMatchObject({ verification: 'store' });
    expect(await verifiedOf()).toBe(true);
    await expectSameAsFull();

    await db.runTransaction(async (tx) => deleteWithTombstone(db, tx, 'storeVerifications', 's1'));
    expect((await incremental()).changed).toBe(true);
    expect(await claimOf()).toMatchObject({ verification: 'self' });
    expect(await verifiedOf()).toBe(false);
    await expectSameAsFull();
    // The tests below start from t1's handle alone.
    await db.runTransaction(async (tx) => deleteWithTombstone(db, tx, 'frozenAccounts', 'x_t2_vouched'));
  });

  it('ends the redirect of a held slug released for real (deleted with its tombstone)', async () => {
    expect(await read('live', 'redirects.json')).toEqual([expect.objectContaining({ from: 'slug-t2' })]);
    await db.runTransaction(async (tx) => deleteWithTombstone(db, tx, 'slugs', 'slug-t2'));
    expect((await incremental()).changed).toBe(true);
    expect(await read('live', 'redirects.json')).toEqual([]);
    await expectSameAsFull();
  });

  it('sees deletes through their tombstones: a shift and a former handle', async () => {
    await db.runTransaction(async (tx) => {
      deleteWithTombstone(db, tx, 'schedules', 't1_2026-11-23_0');
      deleteWithTombstone(db, tx, 'frozenAccounts', 'x_t1_old');
    });
    const result = await incremental();
    expect(result.changed).toBe(true);
    expect(await read('live', 'shifts.json')).toEqual([]);
    expect(await read('live', 'frozen-accounts.json')).toEqual([]);
    await expectSameAsFull();
  });

  it('publishes a document deleted and written again since its tombstone', async () => {
    await db.runTransaction(async (tx) => deleteWithTombstone(db, tx, 'schedules', 't2_2026-11-24_0'));
    await put(db, { 'schedules/t2_2026-11-24_0': shift('t2', '2026-11-24', { updatedAt: now() }) });
    await incremental();
    expect((await read('live', 'shifts.json')).map((s: { id: string }) => s.id)).toEqual(['t2_2026-11-24_0']);
    await expectSameAsFull();
  });

  it('unpublishes, and suspends through a new suspension document', async () => {
    await db.doc('accounts/t2').update({ published: false, updatedAt: now() });
    await put(db, { 'suspensions/s1': { reason: '運営判断', createdAt: now() } });
    await incremental();
    expect(await read('live', 'therapists.json')).toHaveLength(1);
    expect(await read('live', 'stores.json')).toEqual([]);
    await expectSameAsFull();
  });

  it('told what changed, queries only that, and a skipped collection catches up from its own cursor', async () => {
    await db.doc('accounts/t1').update({ bio: '告知された変更', updatedAt: now() });
    await put(db, { 'schedules/t1_2026-11-26_0': shift('t1', '2026-11-26', { updatedAt: now() }) });
    // Told only of accounts: her profile, her slugs and the tombstones are queried; the shift waits.
    const told = await runExport(path.join(dir, 'live'), today, {
      mode: 'incremental',
      changedCollections: new Set(['accounts']),
      warn: () => {},
    });
    expect(Object.keys(told.report.read).sort()).toEqual(['accounts', 'deletions', 'slugs']);
    expect((await read('live', 'therapists.json')).find((t: { id: string }) => t.id === 't1').bio).toBe('告知された変更');
    expect((await read('live', 'shifts.json')).map((s: { id: string }) => s.id)).not.toContain('t1_2026-11-26_0');
    // A later cycle told of schedules reads the shift, written before the last cycle's cursor.
    await runExport(path.join(dir, 'live'), today, { mode: 'incremental', changedCollections: new Set(['schedules']), warn: () => {} });
    expect((await read('live', 'shifts.json')).map((s: { id: string }) => s.id)).toContain('t1_2026-11-26_0');
    await expectSameAsFull();
  });

  it('skips a document that turns malformed, and takes it back once fixed', async () => {
    await db.doc('accounts/t1').update({ bio: 42, updatedAt: now() });
    const broken = await incremental();
    expect(broken.report.skipped).toEqual([expect.objectContaining({ collection: 'accounts', id: 't1' })]);
    expect(await read('live', 'therapists.json')).toEqual([]);
    await db.doc('accounts/t1').update({ bio: '直しました', updatedAt: now() });
    const fixed = await incremental();
    expect(fixed.report.skipped).toEqual([]);
    expect((await read('live', 'therapists.json')).map((t: { bio: string }) => t.bio)).toEqual(['直しました']);
    await expectSameAsFull();
  });
});

describe('diaries and posts, one file per author shard', () => {
  const blog = (uid: string, overrides: Record<string, unknown> = {}) => blogDoc(uid, now(), overrides);
  const blogIds = async () => (await readExport(path.join(dir, 'live'))).blogs.map((b) => b.id).sort();

  it('publishes a diary, follows its author in and out, and a scheduled one once due, as a full read would', async () => {
    await db.doc('accounts/t2').update({ published: true, updatedAt: now() });
    await put(db, {
      'blogs/t1_20261122_0': blog('t1'),
      'blogs/t2_20261122_0': blog('t2'),
      // Due only after the two comparisons below, however slow the machine: a full read made once it is due would hold it.
      'blogs/t1_20261122_1': blog('t1', { publishAt: Timestamp.fromMillis(Date.now() + 20_000) }),
      'posts/t2_20261122_0': post('t2', now()),
    });
    const published = await incremental();
    expect(published.nextScheduledAt?.getTime()).toBeGreaterThan(Date.now());
    expect(await blogIds()).toEqual(['t1_20261122_0', 't2_20261122_0']);
    await expectSameAsFull();

    // Her profile unpublished: her diary leaves with her, though the diary itself did not change; the other shard keeps its file.
    const t1Shard = path.join(dir, 'live', 'blogs', shardFileName(authorShard('t1')));
    const before = await stat(t1Shard);
    await db.doc('accounts/t2').update({ published: false, updatedAt: now() });
    await incremental();
    expect(await blogIds()).toEqual(['t1_20261122_0']);
    expect((await readExport(path.join(dir, 'live'))).posts).toEqual([]);
    if (authorShard('t1') !== authorShard('t2')) expect((await stat(t1Shard)).ino).toBe(before.ino);
    await expectSameAsFull();

    // Back again, then the scheduled diary comes due with no write at all.
    await db.doc('accounts/t2').update({ published: true, updatedAt: now() });
    await incremental();
    expect(await blogIds()).toEqual(['t1_20261122_0', 't2_20261122_0']);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, published.nextScheduledAt!.getTime() - Date.now() + 100)));
    const due = await incremental();
    expect(due.changed).toBe(true);
    expect(await blogIds()).toEqual(['t1_20261122_0', 't1_20261122_1', 't2_20261122_0']);
    await expectSameAsFull();
  });

  it('reads its mirror back from disk (shards in files of their own) and deletes through tombstones', async () => {
    // Another version of the mirror file: this process's copy is not used, the files are read.
    await utimes(`${path.join(dir, 'live')}-state.json`, new Date(), new Date(Date.now() + 1000));
    await db.runTransaction(async (tx) => deleteWithTombstone(db, tx, 'blogs', 't1_20261122_0'));
    const result = await incremental();
    expect(result.mode).toBe('incremental');
    expect(await blogIds()).toEqual(['t1_20261122_1', 't2_20261122_0']);
    await expectSameAsFull();
  });
});

describe('reconciliation', () => {
  it('misses a delete made without a tombstone until the next full read, which catches it', async () => {
    await put(db, { 'schedules/t1_2026-11-25_0': shift('t1', '2026-11-25', { updatedAt: now() }) });
    await incremental();
    // Trusted code bypassing the rules could delete without a tombstone; clients cannot.
    await db.doc('schedules/t1_2026-11-25_0').delete();
    await incremental();
    expect((await read('live', 'shifts.json')).map((s: { id: string }) => s.id)).toContain('t1_2026-11-25_0');
    const reconciled = await runExport(path.join(dir, 'live'), today, { mode: 'incremental', reconcileHours: 0, warn: () => {} });
    expect(reconciled.mode).toBe('full');
    expect((await read('live', 'shifts.json')).map((s: { id: string }) => s.id)).not.toContain('t1_2026-11-25_0');
  });
});

describe("the change watcher's feed", () => {
  it('is where the export takes changed documents from, instead of querying', async () => {
    await full('feed');
    // A change only the feed holds (Firestore does not): the export can only have read it there.
    const fromFeed = {
      id: 't1',
      data: () => therapist('t1', { bio: 'フィードから', updatedAt: now() }),
    } as unknown as QueryDocumentSnapshot;
    const feed: ChangeFeed = {
      changesSince: (name) =>
        name === 'accounts' || name === 'deletions' ? { readTime: now(), docs: name === 'accounts' ? [fromFeed] : [] } : undefined,
    };
    const result = await runExport(path.join(dir, 'feed'), today, {
      mode: 'incremental',
      changedCollections: new Set(['accounts']),
      feed,
      warn: () => {},
    });
    expect(result).toMatchObject({ mode: 'incremental', changed: true });
    expect((await read('feed', 'therapists.json')).find((t: { id: string }) => t.id === 't1').bio).toBe('フィードから');
  });

  it('gives what a full read gives, with the real watcher', async () => {
    const { watchPublicContent } = await import('../../scripts/watch-content');
    const watch = watchPublicContent(db, async () => {});
    const fed: string[] = [];
    const served = <T>(name: string, read: T) => {
      if (read) fed.push(name);
      return read;
    };
    try {
      await watch.ready;
      // The export reads from 5 s before its cursor: the feed vouches for that once the watcher is older.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      await full('live');
      const since = now();
      // Strictly after, as the query: not within the same millisecond as `since`.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.doc('accounts/t1').update({ bio: '見守りから', updatedAt: now() });
      await expect.poll(() => watch.feed.changesSince('accounts', since)?.docs.length, { timeout: 5000 }).toBe(1);
      const result = await runExport(path.join(dir, 'live'), today, {
        mode: 'incremental',
        changedCollections: new Set(['accounts']),
        feed: { changesSince: (name, since) => served(name, watch.feed.changesSince(name, since)) },
        warn: () => {},
      });
      expect(fed.sort()).toEqual(['accounts', 'deletions']);
      expect(result).toMatchObject({ mode: 'incremental', changed: true });
      expect((await read('live', 'therapists.json')).find((t: { id: string }) => t.id === 't1').bio).toBe('見守りから');
      await expectSameAsFull();
    } finally {
      watch.stop();
    }
  });
});

describe('a full read that writes out the diaries as it goes', () => {
  it('exports what a full read holding them all would, and cycles on from its files', async () => {
    await db.doc('accounts/t2').update({ published: true, updatedAt: now() });
    const docs: Record<string, Record<string, unknown>> = {};
    for (let i = 0; i < 6; i++) {
      docs[`blogs/t1_20261123_${i}`] = blogDoc('t1', now());
      docs[`blogs/t2_20261123_${i}`] = blogDoc('t2', now());
      docs[`posts/t1_20261123_${i}`] = post('t1', now());
    }
    await put(db, docs);
    const spilled = await runExport(path.join(dir, 'spilled'), today, { mode: 'full', spillDocuments: 2, warn: () => {} });
    expect(spilled.counts.blogs).toBeGreaterThanOrEqual(12);
    await expectSameAsFull('spilled');

    // Another version of the mirror file: the next cycle reads the shards from their files.
    await utimes(`${path.join(dir, 'spilled')}-state.json`, new Date(), new Date(Date.now() + 1000));
    await db.doc('blogs/t1_20261123_0').update({ title: '書き直した日記', updatedAt: now() });
    await db.runTransaction(async (tx) => deleteWithTombstone(db, tx, 'blogs', 't2_20261123_1'));
    const next = await runExport(path.join(dir, 'spilled'), today, { mode: 'incremental', warn: () => {} });
    expect(next).toMatchObject({ mode: 'incremental', changed: true });
    const blogs = (await readExport(path.join(dir, 'spilled'))).blogs;
    expect(blogs.find((b) => b.id === 't1_20261123_0')?.title).toBe('書き直した日記');
    expect(blogs.some((b) => b.id === 't2_20261123_1')).toBe(false);
    await expectSameAsFull('spilled');
  });
});
