/**
 * The export against the real Firestore emulator: what it writes from the
 * seeded data is public only, and a bad source (unreachable, empty,
 * malformed) stops it with a message naming the problem and leaves the
 * previous export untouched.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { TEST_PROJECTS } from '../setup/projects';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.integration;
const { adminDb } = await import('../../scripts/lib/admin');
const { runSeed } = await import('../../scripts/seed');
const { runExport } = await import('../../scripts/export');
const { generateSeed } = await import('../../scripts/seed/generate');

const today = '2026-11-22';
const run = promisify(execFile);
let dir: string;

const readExport = async (exportDir: string) => {
  const files = (await readdir(exportDir)).sort();
  const contents = await Promise.all(files.map((f) => readFile(path.join(exportDir, f), 'utf8')));
  return { files, text: contents.join('\n') };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-export-'));
  await clearFirestoreEmulator(TEST_PROJECTS.integration);
  await runSeed({ therapists: 200, today });
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
    expect(files).toEqual(['frozen-accounts.json', 'meta.json', 'shifts.json', 'stores.json', 'therapists.json']);
  });

  it('contains no private collection data, token or email', async () => {
    const { text } = await readExport(exportDir);
    const privateText = [
      'demo-fcm-token-fan', 'fcmTokens', 'lastCheckedAnnouncementsAt', '@theralink.test', 'theralink-demo',
      'たなかさん', '肩こりがひどい', '無断キャンセル', '要注意', 'みうさんが出勤予定を更新しました', 'セラリンクへようこそ',
      'customers', 'favorites', 'announcements', 'users/',
    ];
    for (const needle of privateText) expect(text, needle).not.toContain(needle);
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
      expect(Object.keys(t).sort()).toEqual(
        ['area', 'bio', 'channels', 'displayName', 'id', 'photoURL', 'profileSlug', 'storeId', 'tags', 'updatedAt'],
      );
    }
  });

  it('exports the demo therapist with her former handle', async () => {
    const frozen = JSON.parse(await readFile(path.join(exportDir, 'frozen-accounts.json'), 'utf8'));
    expect(frozen).toContainEqual(expect.objectContaining({ handle: 'miu_0312', userId: 'demo-therapist', ownerKind: 'therapist' }));
  });
});

describe('a bad source', () => {
  const goodDir = () => path.join(dir, 'good');

  beforeAll(async () => {
    await runExport(goodDir(), today);
  });

  it('stops on a malformed document, names it, and keeps the previous export', async () => {
    const before = await readExport(goodDir());
    await adminDb().doc('accounts/broken-doc').set({ userId: 'broken-doc', displayName: 42, published: true });
    try {
      await expect(runExport(goodDir(), today)).rejects.toThrow(/Malformed document accounts\/broken-doc: displayName/);
      expect(await readExport(goodDir())).toEqual(before);
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
});
