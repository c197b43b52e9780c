/**
 * scripts/announce.ts against the real Firestore emulator. It works in its
 * own demo- project: export.test.ts clears the shared integration project
 * while it runs, which would wipe these documents mid-test.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { ANNOUNCEMENT_KINDS, announcementDoc } from '../../src/schema/announcements';

const PROJECT = 'demo-theralink-announce';
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { announce, AnnounceInputError } = await import('../../scripts/announce');
const { Timestamp } = await import('firebase-admin/firestore');

const run = promisify(execFile);
const db = adminDb();
const cli = (args: string[], env: NodeJS.ProcessEnv = process.env, project = PROJECT) =>
  run('node_modules/.bin/tsx', ['scripts/announce.ts', ...args], { env: { ...env, FIREBASE_PROJECT_ID: project } });

const announcementsOf = async (userId: string) =>
  (await db.collection('announcements').where('userId', '==', userId).get()).docs.map((doc) => doc.data());
/** The tokens still stored for `uid` (each in a slot doc users/{uid}/fcmTokens/{0..4}). */
const tokenIds = async (uid: string) => {
  const docs = (await db.collection(`users/${uid}/fcmTokens`).get()).docs;
  for (const doc of docs) expect(doc.id).toMatch(/^[0-4]$/);
  return docs.map((doc) => String(doc.get('token'))).sort();
};
/** Stores `token` in the user's next slot, as the browser does. */
const nextSlot = new Map<string, number>();
const addToken = (uid: string, token: string) => {
  const slot = nextSlot.get(uid) ?? 0;
  nextSlot.set(uid, slot + 1);
  return db.doc(`users/${uid}/fcmTokens/${slot}`).set({ token, createdAt: Timestamp.now(), refreshedAt: Timestamp.now() });
};
const quiet = { log: () => {} };

beforeEach(async () => {
  nextSlot.clear();
  await clearFirestoreEmulator(PROJECT);
});

describe('announce to one user', () => {
  it('writes one announcement with the given fields and a server timestamp', async () => {
    const before = Date.now();
    const result = await announce({ users: ['fan-1'], title: 'ようこそ', body: '登録ありがとうございます', link: '/announcements' }, quiet);
    expect(result).toMatchObject({ created: 1, pushed: 0, removedTokens: 0 });

    const snapshot = await db.collection('announcements').get();
    expect(snapshot.size).toBe(1);
    const data = snapshot.docs[0]!.data();
    expect(announcementDoc.parse(data)).toBeTruthy();
    expect(data).toEqual({
      userId: 'fan-1',
      title: 'ようこそ',
      body: '登録ありがとうございます',
      link: '/announcements',
      kind: 'system',
      createdAt: expect.any(Timestamp),
    });
    const createdAt = (data.createdAt as InstanceType<typeof Timestamp>).toMillis();
    expect(createdAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('writes one per --user, each user once', async () => {
    const result = await announce({ users: ['fan-1', 'fan-2', 'fan-1'], title: '新着', kind: 'favorite-blog' }, quiet);
    expect(result.created).toBe(2);
    expect(await announcementsOf('fan-1')).toEqual([expect.objectContaining({ title: '新着', body: '', link: '', kind: 'favorite-blog' })]);
    expect(await announcementsOf('fan-2')).toHaveLength(1);
  });
});

describe('announce --all', () => {
  it('writes one announcement per users document, and none for a uid with only tokens', async () => {
    const users = ['all-1', 'all-2', 'all-3'];
    await Promise.all(users.map((uid) => db.doc(`users/${uid}`).set({ createdAt: Timestamp.now() })));
    await addToken('ghost', 'ghost-token');

    const result = await announce({ all: true, title: 'メンテナンスのお知らせ' }, quiet);
    expect(result.created).toBe(3);
    const written = (await db.collection('announcements').get()).docs.map((doc) => doc.get('userId')).sort();
    expect(written).toEqual(users);
  });

  it('writes nothing when there are no users', async () => {
    expect(await announce({ all: true, title: 't' }, quiet)).toMatchObject({ created: 0, pushed: 0 });
    expect((await db.collection('announcements').get()).size).toBe(0);
  });
});

describe('push under the emulator', () => {
  it('is skipped with the reason, and the tokens are left alone', async () => {
    await addToken('fan-p', 'tok-1');
    const log = vi.fn();
    const messaging = vi.fn();
    const result = await announce({ users: ['fan-p'], title: 't' }, { log, messaging });
    expect(result.pushSkipped).toMatch(/Cloud Messaging にはエミュレータがないため、プッシュ送信はスキップしました/);
    expect(result).toMatchObject({ created: 1, pushed: 0, removedTokens: 0 });
    expect(log).toHaveBeenCalledWith(result.pushSkipped);
    expect(messaging).not.toHaveBeenCalled();
    expect(await tokenIds('fan-p')).toEqual(['tok-1']);
  });
});

describe('push with a stand-in Cloud Messaging', () => {
  it('sends to the users’ stored tokens and deletes the slot docs of dead ones', async () => {
    await Promise.all([
      addToken('fan-a', 'live-a'),
      addToken('fan-a', 'dead-a'),
      addToken('fan-b', 'invalid-b'),
      addToken('fan-b', 'busy-b'),
      addToken('not-addressed', 'dead-c'),
    ]);
    const sent: MulticastMessage[] = [];
    const codes: Record<string, string> = {
      'dead-a': 'messaging/registration-token-not-registered',
      'dead-c': 'messaging/registration-token-not-registered',
      'invalid-b': 'messaging/invalid-registration-token',
      'busy-b': 'messaging/server-unavailable',
    };
    const messaging = {
      sendEachForMulticast: async (message: MulticastMessage) => {
        sent.push(message);
        return {
          responses: message.tokens.map((t) =>
            codes[t] ? { success: false, error: { code: codes[t] } } : { success: true, messageId: 'm' },
          ),
        } as unknown as BatchResponse;
      },
    };
    const result = await announce(
      { users: ['fan-a', 'fan-b'], title: '出勤情報', body: '明日出勤します', link: '/therapists/miu' },
      { ...quiet, pushSkipReason: null, messaging: () => messaging },
    );
    expect(result).toEqual({ created: 2, pushed: 1, removedTokens: 2, pushFailed: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.tokens.sort()).toEqual(['busy-b', 'dead-a', 'invalid-b', 'live-a']);
    expect(sent[0]).toMatchObject({ notification: { title: '出勤情報', body: '明日出勤します' }, data: { link: '/therapists/miu' } });
    expect(await tokenIds('fan-a')).toEqual(['live-a']);
    expect(await tokenIds('fan-b')).toEqual(['busy-b']);
    expect(await tokenIds('not-addressed')).toEqual(['dead-c']);
  });

  it('reaches --all users’ tokens through the collection group', async () => {
    await db.doc('users/g-1').set({ createdAt: Timestamp.now() });
    await Promise.all([addToken('g-1', 'g-token'), addToken('no-user-doc', 'orphan-token')]);
    const tokens: string[] = [];
    const messaging = {
      sendEachForMulticast: async (message: MulticastMessage) => {
        tokens.push(...message.tokens);
        return { responses: message.tokens.map(() => ({ success: true, messageId: 'm' })) } as unknown as BatchResponse;
      },
    };
    const result = await announce({ all: true, title: 't' }, { ...quiet, pushSkipReason: null, messaging: () => messaging });
    expect(result).toMatchObject({ created: 1, pushed: 1 });
    expect(tokens).toEqual(['g-token']);
  });
});

describe('invalid input', () => {
  it('is rejected with a Japanese message before anything is written', async () => {
    await expect(announce({ users: ['fan-1'], title: 'x'.repeat(101) }, quiet)).rejects.toThrow(AnnounceInputError);
    await expect(announce({ users: ['fan-1'], title: 't', link: 'http://insecure.example' }, quiet)).rejects.toThrow(/リンク（--link）/);
    await expect(announce({ title: 't' }, quiet)).rejects.toThrow(/宛先を指定してください/);
    expect((await db.collection('announcements').get()).size).toBe(0);
  });

  it('makes the CLI exit 1 with the message and the usage', async () => {
    await expect(cli(['--user', 'fan-1', '--title', ''])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/タイトル（--title）が空です[\s\S]*使い方: npm run announce/),
    });
    await expect(cli(['--user', 'fan-1', '--title', 't', '--kind', 'ad'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`種類（--kind）は ${ANNOUNCEMENT_KINDS.join(' / ')} のどれか`),
    });
    await expect(cli(['--title', 't', '--bogus'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('引数を読み取れません'),
    });
    expect((await db.collection('announcements').get()).size).toBe(0);
  });
});

describe('the CLI', () => {
  it('writes the announcements and prints why push was skipped', async () => {
    const { stdout } = await cli(['--user', 'cli-1', '--user', 'cli-2', '--title', 'CLI から', '--body', '本文', '--link', '/stores']);
    expect(stdout).toContain('Cloud Messaging にはエミュレータがないため、プッシュ送信はスキップしました');
    expect(stdout).toContain('お知らせを 2 件作成しました。');
    expect(await announcementsOf('cli-2')).toEqual([
      expect.objectContaining({ title: 'CLI から', body: '本文', link: '/stores', kind: 'system' }),
    ]);
  });

  it('finds the running emulators by itself for a demo project (npm start, then npm run announce)', async () => {
    const { FIRESTORE_EMULATOR_HOST: _, FIREBASE_AUTH_EMULATOR_HOST: __, ...env } = process.env;
    const { stdout } = await cli(['--user', 'cli-found', '--title', '見つけた'], env);
    expect(stdout).toContain('お知らせを 1 件作成しました。');
    expect(await announcementsOf('cli-found')).toEqual([expect.objectContaining({ title: '見つけた' })]);
  });

  it('refuses to write to a real project without --allow-production', async () => {
    const { FIRESTORE_EMULATOR_HOST: _, ...env } = process.env;
    await expect(cli(['--user', 'u', '--title', 't'], env, 'theralink-production')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--allow-production'),
    });
  });
});
