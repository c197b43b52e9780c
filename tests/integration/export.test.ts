/**
 * The export against the real Firestore emulator: what it writes from the
 * seeded data is public only; a malformed document is skipped and reported
 * (export-malformed.test.ts plants one in every collection); a bad source
 * (unreachable, empty) stops it with a message naming the problem and
 * leaves the previous export untouched.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { plainExcerpt } from '../../src/lib/markdown/excerpt';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES } from '../../src/registry/public-collections';
import { EXPORT_META_FILE } from '../../src/schema/public';
import { TEST_PROJECTS } from '../setup/projects';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.integration;
const { adminDb } = await import('../../scripts/lib/admin');
const { runSeed } = await import('../../scripts/seed');
const { runExport } = await import('../../scripts/export');
const { generateSeed } = await import('../../scripts/seed/generate');

const today = '2026-11-22';
const NOTEBOOK_IV = 'Tm90ZWJvb2tJVjEy';
const NOTEBOOK_CIPHERTEXT = `Q2lwaGVydGV4dE1hcmtlcg${'A'.repeat(342)}`;
const run = promisify(execFile);
let dir: string;

/** Every file of the export (the shards of blogs/ and posts/ included) and their text. */
const readExport = async (exportDir: string) => {
  const entries = await readdir(exportDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(exportDir, path.join(entry.parentPath, entry.name)))
    .sort();
  const contents = await Promise.all(files.map((f) => readFile(path.join(exportDir, f), 'utf8')));
  return { files, text: contents.join('\n') };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-export-'));
  await clearFirestoreEmulator(TEST_PROJECTS.integration);
  await runSeed({ therapists: 200, today });
  // The demo therapist's encrypted customer notebook, as her browser stores it (the seed writes none).
  const at = Timestamp.fromDate(new Date(`${today}T01:00:00Z`));
  const wrap = { iv: NOTEBOOK_IV, ciphertext: 'W'.repeat(64) };
  await adminDb()
    .doc('customers/demo-therapist')
    .set({
      version: 1,
      kdf: { algorithm: 'argon2id', version: 19, memoryKiB: 65536, iterations: 3, parallelism: 4, salt: 'S'.repeat(22) + '==' },
      passphraseWrap: wrap,
      recoveryWrap: { algorithm: 'hkdf-sha256', salt: 'S'.repeat(22) + '==', ...wrap },
      createdAt: at,
      updatedAt: at,
    });
  await adminDb()
    .doc('customers/demo-therapist/records/17')
    .set({ iv: NOTEBOOK_IV, ciphertext: NOTEBOOK_CIPHERTEXT, createdAt: at, updatedAt: at });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export of the seeded data', () => {
  let exportDir: string;
  beforeAll(async () => {
    exportDir = path.join(dir, 'public');
    await runExport(exportDir, today);
  });

  it('writes exactly the public files', async () => {
    const { files } = await readExport(exportDir);
    // The diaries and posts are one file per author shard (src/lib/export-shards.ts).
    const shards = files.filter((file) => /^(blogs|posts)\//.test(file));
    for (const shard of shards) expect(shard).toMatch(/^(blogs|posts)\/[0-9a-f]{2}\.json$/);
    expect(shards.some((file) => file.startsWith('blogs/')) && shards.some((file) => file.startsWith('posts/'))).toBe(true);
    // The rest: a file per whole collection of the registry, and meta.json; nothing else.
    const whole = PUBLIC_COLLECTION_NAMES.flatMap((name) => (PUBLIC_COLLECTIONS[name].shardBy ? [] : [PUBLIC_COLLECTIONS[name].file]));
    expect(whole).toEqual(expect.arrayContaining(['therapists.json', 'stores.json', 'frozen-accounts.json', 'shifts.json']));
    expect(files.filter((file) => !shards.includes(file))).toEqual([...whole, EXPORT_META_FILE].sort());
  });

  it("gives each diary its cards' teaser: its body as plain text, cut at 80 characters", async () => {
    const { files } = await readExport(exportDir);
    const blogs: { body: string; teaser: string }[] = [];
    for (const file of files.filter((name) => name.startsWith('blogs/')))
      blogs.push(...JSON.parse(await readFile(path.join(exportDir, file), 'utf8')));
    expect(blogs.length).toBeGreaterThan(100);
    for (const { body, teaser } of blogs) {
      expect(teaser).toBe(plainExcerpt(body));
      expect([...teaser].length).toBeLessThanOrEqual(80);
      expect(teaser).not.toMatch(/\*\*|^#|\n/);
    }
    expect(blogs.some(({ teaser }) => teaser.endsWith('…'))).toBe(true);
  });

  it('writes its report next to the export, not inside it, with nothing skipped', async () => {
    const report = JSON.parse(await readFile(`${exportDir}-report.json`, 'utf8'));
    expect(report).toMatchObject({ skipped: [], counts: { skipped: 0 }, exportedAt: expect.any(String) });
    expect(report.counts.therapists).toBeGreaterThan(150);
    expect(report.read.memberships).toBeGreaterThan(100);
  });

  it('redirects the seeded renamed profile’s old slug to her current one', async () => {
    const redirects = JSON.parse(await readFile(path.join(exportDir, 'redirects.json'), 'utf8'));
    const docs = generateSeed({ therapists: 200, today });
    const held = docs.find((d) => d.path.startsWith('slugs/') && d.data.releasedAt !== null)!;
    const owner = docs.find((d) => d.path === `accounts/${held.data.userId as string}`)!;
    expect(redirects).toEqual([
      {
        from: held.path.slice('slugs/'.length),
        to: owner.data.profileSlug,
        kind: 'therapist',
        // Held for 30 days from its release.
        until: new Date((held.data.releasedAt as Date).getTime() + 30 * 86_400_000).toISOString(),
      },
    ]);
  });

  it('names a store only for its confirmed members, and marks the seeded disputes', async () => {
    const docs = generateSeed({ therapists: 200, today });
    const therapists = JSON.parse(await readFile(path.join(exportDir, 'therapists.json'), 'utf8'));
    const confirmed = new Set(docs.filter((d) => d.path.startsWith('memberships/') && d.data.status === 'confirmed').map((d) => d.path));
    const named = therapists.filter((t: { storeId: string | null }) => t.storeId !== null);
    expect(named.length).toBeGreaterThan(100);
    for (const t of named) expect(confirmed.has(`memberships/${t.storeId}_${t.id}`)).toBe(true);
    const demo = therapists.find((t: { id: string }) => t.id === 'demo-therapist');
    expect(demo.storeId).toBe('demo-store');
    const answered = new Set(docs.filter((d) => d.path.startsWith('memberships/')).map((d) => d.path));
    const pending = docs.filter(
      (d) =>
        d.path.startsWith('storeRequests/') &&
        d.data.storeId === 'demo-store' &&
        docs.find((a) => a.path === `accounts/${d.data.userId as string}`)?.data.published === true &&
        !answered.has(`memberships/demo-store_${d.data.userId as string}`),
    );
    expect(pending.length).toBeGreaterThan(0);
    for (const d of pending) expect(therapists.find((t: { id: string }) => t.id === d.data.userId).storeId).toBeNull();

    const disputed = docs.filter((d) => d.path.startsWith('disputes/')).map((d) => d.data.handleId);
    const frozen = JSON.parse(await readFile(path.join(exportDir, 'frozen-accounts.json'), 'utf8'));
    expect(frozen.filter((f: { disputed: boolean }) => f.disputed).map((f: { id: string }) => f.id)).toEqual(disputed.sort());
    // The store-confirmed one keeps its badge under 確認中.
    expect(
      frozen
        .filter((f: { disputed: boolean }) => f.disputed)
        .map((f: { verification: string }) => f.verification)
        .sort(),
    ).toEqual(['self', 'store']);
    const levels = new Set(frozen.map((f: { verification: string }) => f.verification));
    expect(levels).toEqual(new Set(['self', 'store', 'operator']));
  });

  it('contains no private collection data, token or email', async () => {
    const { text } = await readExport(exportDir);
    const privateText = [
      'demo-fcm-token-fan',
      'fcmTokens',
      'lastCheckedAnnouncementsAt',
      '@theralink.test',
      'theralink-demo',
      'たなかさん',
      '肩こりがひどい',
      '無断キャンセル',
      '要注意',
      'みうさんが出勤予定を更新しました',
      'セラリンクへようこそ',
      'customers',
      'favorites',
      // The demo fans (scripts/seed/fans.ts): who follows whom never leaves.
      'fan-0',
      // The encrypted notebook: not even its ciphertext, IVs or key wraps leave.
      NOTEBOOK_IV,
      NOTEBOOK_CIPHERTEXT.slice(0, 40),
      'passphraseWrap',
      'recoveryWrap',
      'argon2id',
      'announcements',
      'users/',
    ];
    for (const needle of privateText) expect(text, needle).not.toContain(needle);
  });

  it('publishes the seeded fans’ 推しランキング: counts of public therapists only', async () => {
    const [ranking] = JSON.parse(await readFile(path.join(exportDir, 'rankings.json'), 'utf8'));
    const therapists = new Set(
      JSON.parse(await readFile(path.join(exportDir, 'therapists.json'), 'utf8')).map((t: { id: string }) => t.id),
    );
    expect(ranking.overall.length).toBeGreaterThan(50);
    for (const entry of ranking.overall) expect(therapists.has(entry.uid), entry.uid).toBe(true);
    expect(Object.keys(ranking.areas).length).toBeGreaterThan(5);
  });

  it('leaves out unpublished therapists and stores, and everything that names them', async () => {
    const docs = generateSeed({ therapists: 200, today });
    const hidden = docs.filter((d) => /^(accounts|stores)\//.test(d.path) && d.data.published === false);
    expect(hidden.length).toBeGreaterThan(5);
    const { text } = await readExport(exportDir);
    for (const doc of hidden) {
      const uid = doc.path.split('/')[1]!;
      expect(text, uid).not.toMatch(new RegExp(`"${uid}"`));
      expect(text, String(doc.data.profileSlug)).not.toMatch(new RegExp(`"${doc.data.profileSlug}"`));
    }
  });

  it('keeps only public fields on each record', async () => {
    const therapists = JSON.parse(await readFile(path.join(exportDir, 'therapists.json'), 'utf8'));
    expect(therapists.length).toBeGreaterThan(150);
    for (const t of therapists) {
      expect(Object.keys(t).sort()).toEqual([
        'area',
        'bio',
        'channels',
        'displayName',
        'id',
        'photoURL',
        'profileSlug',
        'storeId',
        'tags',
        'updatedAt',
      ]);
    }
  });

  it('exports the demo therapist with her former handle', async () => {
    const frozen = JSON.parse(await readFile(path.join(exportDir, 'frozen-accounts.json'), 'utf8'));
    expect(frozen).toContainEqual(
      expect.objectContaining({
        handle: 'miu_0312',
        userId: 'demo-therapist',
        ownerKind: 'therapist',
        verification: 'store',
        disputed: false,
      }),
    );
  });
});

describe('a bad source', () => {
  const goodDir = () => path.join(dir, 'good');

  beforeAll(async () => {
    await runExport(goodDir(), today);
  });

  it('skips a malformed document, names it, and publishes the rest', async () => {
    const before = JSON.parse(await readFile(path.join(goodDir(), 'therapists.json'), 'utf8'));
    await adminDb().doc('accounts/broken-doc').set({ userId: 'broken-doc', displayName: 42, published: true });
    const lines: string[] = [];
    try {
      const { report, counts } = await runExport(goodDir(), today, { warn: (line) => lines.push(line) });
      expect(lines[0]).toMatch(/^Skipped accounts\/broken-doc: displayName: Invalid input: expected string, received number; /);
      expect(report.skipped).toEqual([
        expect.objectContaining({
          collection: 'accounts',
          id: 'broken-doc',
          problems: expect.arrayContaining([{ path: 'displayName', message: 'Invalid input: expected string, received number' }]),
        }),
      ]);
      expect(counts.therapists).toBe(before.length);
    } finally {
      await adminDb().doc('accounts/broken-doc').delete();
    }
  });

  it('stops on an unreachable Firestore with a message, and keeps the previous export', async () => {
    const before = await readExport(goodDir());
    const result = run('node_modules/.bin/tsx', ['scripts/export.ts'], {
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: '127.0.0.1:1', EXPORT_DIR: goodDir() },
    });
    await expect(result).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Cannot reach the Firestore emulator at 127.0.0.1:1'),
    });
    expect(await readExport(goodDir())).toEqual(before);
  });

  it('stops the seed on an unreachable Firestore with a message', async () => {
    const result = run('node_modules/.bin/tsx', ['scripts/seed.ts'], {
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: '127.0.0.1:1' },
    });
    await expect(result).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Seed failed: Cannot reach the Firestore emulator at 127.0.0.1:1'),
    });
  });

  it('stops on an empty Firestore, and keeps the previous export', async () => {
    const before = await readExport(goodDir());
    await clearFirestoreEmulator(TEST_PROJECTS.integration);
    await expect(runExport(goodDir(), today)).rejects.toThrow(/no documents in accounts or stores/);
    expect(await readExport(goodDir())).toEqual(before);
  });

  it('stops when no account or store passes its schema (old demo data), and keeps the previous export', async () => {
    const before = await readExport(goodDir());
    await adminDb().doc('accounts/old-shape').set({ userId: 'old-shape', photoURL: 'https://example.com/a.png', published: true });
    await expect(runExport(goodDir(), today)).rejects.toThrow(/None of the 1 documents in accounts and stores passed its schema/);
    expect(await readExport(goodDir())).toEqual(before);
  });
});
