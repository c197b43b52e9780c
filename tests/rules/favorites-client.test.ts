/**
 * src/lib/favorites/client.ts against the Firestore emulator with
 * firestore.rules enforced, through the lite SDK the islands use, signed in
 * as alice (a mock token). Every write must pass the rules, adding and
 * removing are idempotent, the counter always equals the rows, and each
 * failure is a FavoriteError with its Japanese message.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { afterAll, describe, expect, it } from 'vitest';
import { EMULATORS } from '../../scripts/lib/project';
import { MAX_FAVORITES, MAX_HANDLE_WATCHES } from '../../src/lib/caps';
import {
  addFavorite,
  DEFAULT_ALERT_SETTINGS,
  FavoriteError,
  listMyFavorites,
  listMyWatches,
  markFavoritesVisited,
  readAlertSettings,
  removeFavorite,
  saveAlertSettings,
  unwatchHandle,
  watchHandle,
} from '../../src/lib/favorites/client';
import { favoriteDocFor, storeDocFor, therapistDoc, userDocFor } from '../factories/documents';
import { seed, useRulesEnvironment } from './rules-env';

const env = useRulesEnvironment();
// Refusals are expected here; keep the lite SDK (a logger of its own) from printing each one.
setLogLevel('silent');
const apps: FirebaseApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
});

/** A lite Firestore signed in as uid (or pointed at a port nothing listens on). */
function liteDb(uid: string, port = EMULATORS.firestore.port): Firestore {
  const app = initializeApp({ projectId: env().projectId }, `favorites-client-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, EMULATORS.firestore.host, port, { mockUserToken: { sub: uid, user_id: uid } });
  return db;
}

const PROFILES = {
  'accounts/miu': therapistDoc('miu'),
  'accounts/rin': therapistDoc('rin'),
  'accounts/yui': therapistDoc('yui'),
  'stores/shop': storeDocFor('shop'),
  'stores/shop2': storeDocFor('shop2'),
};
const TARGETS = [
  { uid: 'miu', kind: 'therapist' },
  { uid: 'rin', kind: 'therapist' },
  { uid: 'yui', kind: 'therapist' },
  { uid: 'shop', kind: 'store' },
  { uid: 'shop2', kind: 'store' },
] as const;

/** users/alice as stored (read past the rules). */
async function storedUser(): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await env().withSecurityRulesDisabled(async (context) => {
    data = (await context.firestore().doc('users/alice').get()).data();
  });
  return data;
}

/** The FavoriteError `work` rejects with. */
async function failureOf(work: Promise<unknown>): Promise<FavoriteError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FavoriteError);
  return error as FavoriteError;
}

describe('推し', () => {
  it('adds her first 推し (creating users/alice) and lists it with its Date', async () => {
    await seed(env(), PROFILES);
    const db = liteDb('alice');
    const before = Date.now();
    await addFavorite(db, 'alice', { uid: 'miu', kind: 'therapist' });
    const rows = await listMyFavorites(db, 'alice');
    expect(rows).toEqual([{ targetUid: 'miu', targetKind: 'therapist', createdAt: expect.any(Date) }]);
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await storedUser()).toMatchObject({ favoriteCount: 1, lastFavoriteTarget: 'miu' });
  });

  it('is idempotent: adding twice keeps one row, removing twice is no error', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    const db = liteDb('alice');
    await addFavorite(db, 'alice', { uid: 'shop', kind: 'store' });
    await addFavorite(db, 'alice', { uid: 'shop', kind: 'store' });
    expect((await listMyFavorites(db, 'alice')).map((row) => [row.targetUid, row.targetKind])).toEqual([['shop', 'store']]);
    expect((await storedUser())?.favoriteCount).toBe(1);
    await removeFavorite(db, 'alice', 'shop');
    await removeFavorite(db, 'alice', 'shop');
    await removeFavorite(db, 'alice', 'never-added');
    expect(await listMyFavorites(db, 'alice')).toEqual([]);
    expect((await storedUser())?.favoriteCount).toBe(0);
  });

  it('keeps the counter equal to the rows through a sequence of adds and removes, newest first', async () => {
    await seed(env(), PROFILES);
    const db = liteDb('alice');
    // +n adds TARGETS[n], -n removes it (a repeated step is a no-op).
    const steps = '+0 +3 +0 -1 +1 +4 -0 +2 -3 +0 -4 -4'.split(' ');
    const expected = new Set<string>();
    for (const step of steps) {
      const target = TARGETS[Number(step.slice(1))]!;
      if (step.startsWith('+')) {
        await addFavorite(db, 'alice', target);
        expected.add(target.uid);
      } else {
        await removeFavorite(db, 'alice', target.uid);
        expected.delete(target.uid);
      }
      const rows = await listMyFavorites(db, 'alice');
      expect(new Set(rows.map((row) => row.targetUid))).toEqual(expected);
      expect((await storedUser())?.favoriteCount).toBe(rows.length);
    }
    const rows = await listMyFavorites(db, 'alice');
    const times = rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps the counter right when several tabs add at once', async () => {
    await seed(env(), { ...PROFILES, 'users/alice': userDocFor() });
    // Each tab reads the same counter; the rules refuse all but the first commit, and the client tries again.
    const results = await Promise.allSettled(TARGETS.map((target) => addFavorite(liteDb('alice'), 'alice', target)));
    expect(results.map((result) => result.status)).toEqual(TARGETS.map(() => 'fulfilled'));
    const rows = await listMyFavorites(liteDb('alice'), 'alice');
    expect(rows).toHaveLength(TARGETS.length);
    expect((await storedUser())?.favoriteCount).toBe(TARGETS.length);
  });

  it(`refuses one more at the cap (${MAX_FAVORITES}) with a Japanese message, writing nothing`, async () => {
    await seed(env(), {
      ...PROFILES,
      'users/alice': userDocFor({ favoriteCount: MAX_FAVORITES, lastFavoriteTarget: 'miu' }),
      'favorites/alice/items/miu': favoriteDocFor('miu'),
    });
    const db = liteDb('alice');
    const error = await failureOf(addFavorite(db, 'alice', { uid: 'rin', kind: 'therapist' }));
    expect(error.reason).toBe('limit');
    expect(error.message).toBe(`推しは ${MAX_FAVORITES} 件まで登録できます。ほかの推しを解除してから、もう一度お試しください。`);
    expect((await listMyFavorites(db, 'alice')).map((row) => row.targetUid)).toEqual(['miu']);
    // Adding one she already has is still fine at the cap, and removing one makes room.
    await addFavorite(db, 'alice', { uid: 'miu', kind: 'therapist' });
    await removeFavorite(db, 'alice', 'miu');
    await addFavorite(db, 'alice', { uid: 'rin', kind: 'therapist' });
    expect((await storedUser())?.favoriteCount).toBe(MAX_FAVORITES);
  });

  it('refuses herself before asking Firestore', async () => {
    await seed(env(), { ...PROFILES, 'accounts/alice': therapistDoc('alice') });
    const error = await failureOf(addFavorite(liteDb('alice'), 'alice', { uid: 'alice', kind: 'therapist' }));
    expect(error.reason).toBe('self');
    expect(error.message).toBe('自分自身を推しに登録することはできません。');
    expect(await storedUser()).toBeUndefined();
  });

  it('says a missing target, or one of the other kind, was not found', async () => {
    await seed(env(), PROFILES);
    const db = liteDb('alice');
    for (const target of [
      { uid: 'ghost', kind: 'therapist' },
      { uid: 'miu', kind: 'store' },
    ] as const) {
      const error = await failureOf(addFavorite(db, 'alice', target));
      expect(error.reason).toBe('missing-target');
      expect(error.message).toMatch(/^この推し先は見つかりませんでした。/);
    }
    expect(await storedUser()).toBeUndefined();
  });

  it('refuses reading or changing another fan’s 推し as permission, in Japanese', async () => {
    await seed(env(), {
      ...PROFILES,
      'users/alice': userDocFor({ favoriteCount: 1, lastFavoriteTarget: 'miu' }),
      'favorites/alice/items/miu': favoriteDocFor('miu'),
    });
    const bob = liteDb('bob');
    const read = await failureOf(listMyFavorites(bob, 'alice'));
    expect(read.reason).toBe('denied');
    expect(read.message).toBe('推しの一覧を読み込めませんでした。ログインし直してから、もう一度お試しください。');
    expect((await failureOf(removeFavorite(bob, 'alice', 'miu'))).reason).toBe('denied');
    expect((await failureOf(addFavorite(bob, 'alice', { uid: 'rin', kind: 'therapist' }))).reason).toBe('denied');
    expect((await storedUser())?.favoriteCount).toBe(1);
  });

  it('reports an unreachable Firestore as a network failure', async () => {
    // Port 9 (discard) has no Firestore: the request fails like an offline browser's.
    const error = await failureOf(listMyFavorites(liteDb('alice', 9), 'alice'));
    expect(error.reason).toBe('network');
    expect(error.message).toBe(
      '通信できなかったため推しの一覧を読み込めませんでした。インターネット接続を確かめて、もう一度お試しください。',
    );
  });

  it('reports a 推し that cannot reach Firestore as a network failure, after the SDK’s retries', { timeout: 60_000 }, async () => {
    const error = await failureOf(addFavorite(liteDb('alice', 9), 'alice', { uid: 'miu', kind: 'therapist' }));
    expect(error.reason).toBe('network');
    expect(error.message).toBe('通信できなかったため推しに登録できませんでした。インターネット接続を確かめて、もう一度お試しください。');
  });
});

describe('handle watches', () => {
  it('stores the handle as typed in its normal form, lists it, and is idempotent', async () => {
    const db = liteDb('alice');
    await watchHandle(db, 'alice', '＠MIU_0312');
    await watchHandle(db, 'alice', 'miu_0312');
    await watchHandle(db, 'alice', '@rin_new');
    expect(await listMyWatches(db, 'alice')).toEqual(['rin_new', 'miu_0312']);
    expect(await storedUser()).toMatchObject({ watchCount: 2, lastWatchedHandle: 'rin_new' });
    await unwatchHandle(db, 'alice', '@MIU_0312');
    await unwatchHandle(db, 'alice', 'miu_0312');
    await unwatchHandle(db, 'alice', 'not a handle!');
    expect(await listMyWatches(db, 'alice')).toEqual(['rin_new']);
    expect((await storedUser())?.watchCount).toBe(1);
  });

  it('refuses an invalid handle with the handle editor’s Japanese, writing nothing', async () => {
    const error = await failureOf(watchHandle(liteDb('alice'), 'alice', 'miu-0312'));
    expect(error.reason).toBe('invalid-handle');
    expect(error.message).toBe('X のユーザー名に使えるのは半角英数字とアンダースコア（_）だけです。');
    expect(await storedUser()).toBeUndefined();
  });

  it(`refuses one more at the cap (${MAX_HANDLE_WATCHES})`, async () => {
    await seed(env(), { 'users/alice': userDocFor({ watchCount: MAX_HANDLE_WATCHES, lastWatchedHandle: 'old' }) });
    const error = await failureOf(watchHandle(liteDb('alice'), 'alice', 'rin_new'));
    expect(error.reason).toBe('limit');
    expect(error.message).toBe(
      `お知らせを待てるユーザー名は ${MAX_HANDLE_WATCHES} 件までです。不要なものを取り消してから、もう一度お試しください。`,
    );
  });

  it('refuses another fan’s watches', async () => {
    await watchHandle(liteDb('alice'), 'alice', 'miu_0312');
    expect((await failureOf(listMyWatches(liteDb('bob'), 'alice'))).reason).toBe('denied');
    expect((await failureOf(unwatchHandle(liteDb('bob'), 'alice', 'miu_0312'))).reason).toBe('denied');
  });
});

describe('alert settings and the /favorites visit', () => {
  it('reads the defaults (every kind on, push off) before she sets anything', async () => {
    expect(await readAlertSettings(liteDb('alice'), 'alice')).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(DEFAULT_ALERT_SETTINGS).toEqual({ alerts: { handle: true, blog: true, post: true, schedule: true }, pushAlerts: false });
  });

  it('saves (creating users/alice when missing) and reads back', async () => {
    const db = liteDb('alice');
    const settings = { alerts: { handle: true, blog: false, post: false, schedule: true }, pushAlerts: true };
    await saveAlertSettings(db, 'alice', settings);
    expect(await readAlertSettings(db, 'alice')).toEqual(settings);
    const again = { alerts: { handle: false, blog: true, post: true, schedule: true }, pushAlerts: false };
    await saveAlertSettings(db, 'alice', again);
    expect(await readAlertSettings(db, 'alice')).toEqual(again);
  });

  it('refuses another fan’s settings', async () => {
    expect((await failureOf(readAlertSettings(liteDb('bob'), 'alice'))).reason).toBe('denied');
    expect((await failureOf(saveAlertSettings(liteDb('bob'), 'alice', DEFAULT_ALERT_SETTINGS))).reason).toBe('denied');
  });

  it('returns null on the first visit, then the time of the previous one', async () => {
    await seed(env(), { 'users/alice': userDocFor() });
    const db = liteDb('alice');
    expect(await markFavoritesVisited(db, 'alice')).toBeNull();
    const stored = (await storedUser())?.lastFavoritesVisitAt as { toDate(): Date };
    const previous = await markFavoritesVisited(db, 'alice');
    expect(previous).toEqual(stored.toDate());
  });

  it('records the first visit of a fan without a users doc', async () => {
    expect(await markFavoritesVisited(liteDb('alice'), 'alice')).toBeNull();
    expect(await storedUser()).toMatchObject({ lastFavoritesVisitAt: expect.anything(), createdAt: expect.anything() });
  });
});
