/**
 * Erasing an account (退会, scripts/accounts/) against the emulators
 * (Firestore, Auth, Storage). The invariant: once erased, **no document
 * anywhere names the account** (its uid as a document id, in a path, or in
 * any field), but in the collections account-records.ts keeps and says
 * why; checked by walking every collection and subcollection the emulator
 * holds, so a collection nobody thought of fails it too. Others keep what
 * is theirs (a shift at the erased store stays, at no store; a fan's other
 * 推し stay, her count one lower), a claimant on the erased handle is told,
 * and the next incremental export takes the pages off by the tombstones.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import fc from 'fast-check';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { ACCOUNT_RECORDS, type CollectionName } from '../../scripts/accounts/account-records';
import { BY_LEAVING_REQUEST } from '../../scripts/moderation/moderation-log';
import { readExport } from '../../src/data/export-records';
import { EMULATORS, ROOT } from '../../scripts/lib/project';
import { hostileCycle, writeHostileCycle } from '../fuzz/hostile-accounts';
import { TEST_PROJECTS } from '../setup/projects';
import { AT, blog, dispute, frozen, membership, post, put, shift, slug, store, storeRequest, therapist } from './support/trust-docs';

const PROJECT = TEST_PROJECTS.erase;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { accountsAuth, adminDb, picturesBucket } = await import('../../scripts/lib/admin');
const { runExport } = await import('../../scripts/export');
const { eraseRequestedAccounts } = await import('../../scripts/accounts/erase-requested');
const { runModerateCli } = await import('../../scripts/moderate');

const db = adminDb();
const auth = accountsAuth();
const bucket = picturesBucket();
const today = '2026-11-22';
const SOON = Timestamp.fromMillis(Date.now() + 60 * 60_000);
/** The export's folder, in a temporary one that also holds what the export writes beside it (its report and state). */
let exportDir: string;
let dir: string;

const KEPT = new Set(Object.entries(ACCOUNT_RECORDS).flatMap(([name, records]) => ('kept' in records ? [name as CollectionName] : [])));

/** Every document the emulator holds (subcollections too, and parents that exist only as their path), with its data. */
async function everyDocument(firestore: Firestore): Promise<{ path: string; data: unknown }[]> {
  const found: { path: string; data: unknown }[] = [];
  const walk = async (refs: DocumentReference[]) => {
    for (const ref of refs) {
      const doc = await ref.get();
      found.push({ path: ref.path, data: doc.exists ? doc.data() : null });
      for (const child of await ref.listCollections()) await walk(await child.listDocuments());
    }
  };
  for (const collection of await firestore.listCollections()) await walk(await collection.listDocuments());
  return found;
}

const names = (uid: string) => (entry: { path: string; data: unknown }) =>
  entry.path.includes(uid) || JSON.stringify(entry.data).includes(uid);
const keptOnPurpose = (docPath: string) => KEPT.has(docPath.split('/')[0] as CollectionName);

/** Where `uid` is still named, outside the collections kept on purpose. */
async function mentionsOf(uid: string): Promise<string[]> {
  return (await everyDocument(db))
    .filter(({ path: docPath }) => !keptOnPurpose(docPath))
    .filter(names(uid))
    .map(({ path: docPath }) => docPath);
}

const exists = async (docPath: string) => (await db.doc(docPath).get()).exists;
const data = async (docPath: string) => (await db.doc(docPath).get()).data();
const picture = (uid: string) => bucket.file(`avatars/${uid}/0.webp`);
const erase = () => eraseRequestedAccounts({ db, auth, bucket }, () => {});

async function signUp(uid: string) {
  await auth.deleteUser(uid).catch(() => undefined);
  await auth.createUser({ uid, email: `${uid.toLowerCase()}@example.test`, password: 'leave-pass-123' });
}

async function exportNow(mode: 'full' | 'incremental') {
  await runExport(exportDir, today, { mode, warn: () => {} });
  return readExport(exportDir);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-erase-'));
  exportDir = path.join(dir, 'export');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a therapist who leaves', () => {
  const HANA = 'hanaLeaves';
  beforeAll(async () => {
    await clearFirestoreEmulator(PROJECT);
    await signUp(HANA);
    await put(db, {
      [`accounts/${HANA}`]: therapist(HANA, { displayName: 'はな', profileSlug: 'hana', channels: { x: 'hana_now' } }),
      'slugs/hana': slug(HANA, 'therapist'),
      [`slugHolds/${HANA}`]: { slugs: [] },
      'currentHandles/x_hana_now': { userId: HANA },
      'frozenAccounts/x_hana_old': frozen(HANA, 'hana_old'),
      [`users/${HANA}`]: { createdAt: AT, favoriteCount: 1, lastFavoriteTarget: 'aoi' },
      [`users/${HANA}/handleSlots/0`]: { handleId: 'x_hana_old' },
      [`users/${HANA}/fcmTokens/0`]: { token: 'token-of-hana', createdAt: AT, refreshedAt: AT },
      [`schedules/${HANA}_2026-11-23_0`]: shift(HANA, '2026-11-23', { storeId: 'shop' }),
      [`storeRequests/${HANA}`]: storeRequest(HANA, 'shop'),
      [`memberships/shop_${HANA}`]: membership('shop', HANA),
      [`blogs/${HANA}_20261120_0`]: blog(HANA),
      [`posts/${HANA}_20261120_0`]: post(HANA),
      [`availableNow/${HANA}`]: { userId: HANA, until: SOON, setBy: HANA, updatedAt: AT },
      // Her claim on Aoi's handle, and Aoi's claim on hers.
      [`disputes/${HANA}_0`]: dispute(HANA, 'x_aoi_old'),
      'disputes/aoi_0': dispute('aoi', 'x_hana_old'),
      [`reports/${HANA}_0`]: { userId: HANA, targetPath: 'accounts/aoi', reason: 'spam', text: '', createdAt: AT },
      'announcements/for-hana': { userId: HANA, createdAt: AT, title: 'お知らせ', body: '', link: '', kind: 'system' },
      [`customers/${HANA}`]: { wrapped: 'key' },
      [`customers/${HANA}/records/0`]: { sealed: 'record' },
      [`favorites/${HANA}/items/aoi`]: { targetUid: 'aoi', targetKind: 'therapist', createdAt: AT },
      [`handleWatches/${HANA}/handles/someone_else`]: { handle: 'someone_else', createdAt: AT },
      [`accountDeletions/${HANA}`]: { requestedAt: AT },
      // Others: Aoi (a therapist who also favours her), a fan, and a store.
      'accounts/aoi': therapist('aoi', { displayName: 'あおい' }),
      'slugs/slug-aoi': slug('aoi', 'therapist'),
      'frozenAccounts/x_aoi_old': frozen('aoi', 'aoi_old'),
      'users/aoi': { createdAt: AT, favoriteCount: 1, lastFavoriteTarget: HANA },
      [`favorites/aoi/items/${HANA}`]: { targetUid: HANA, targetKind: 'therapist', createdAt: AT },
      'users/fan': { createdAt: AT, favoriteCount: 2, lastFavoriteTarget: HANA },
      [`favorites/fan/items/${HANA}`]: { targetUid: HANA, targetKind: 'therapist', createdAt: AT },
      'favorites/fan/items/aoi': { targetUid: 'aoi', targetKind: 'therapist', createdAt: AT },
      'stores/shop': store('shop'),
      'slugs/store-shop': slug('shop', 'store'),
    });
    await picture(HANA).save(Buffer.from('hana'), { contentType: 'image/webp' });
    await picture('aoi').save(Buffer.from('aoi'), { contentType: 'image/webp' });
  });

  it('is public before, and `moderate list` shows her request waiting', async () => {
    const out: string[] = [];
    await runModerateCli(['list'], {
      env: { ...process.env, FIREBASE_PROJECT_ID: PROJECT },
      db,
      out: (line) => out.push(line),
      err: () => {},
    });
    expect(out.join('\n')).toContain(`退会の申請（処理待ち 1 件、erase <uid> でも削除できる）\n- ${HANA}（はな）  申請: `);
    const records = await exportNow('full');
    expect(records.therapists.map((record) => record.id).sort()).toEqual(['aoi', HANA]);
    expect(records.blogs.map((record) => record.id)).toEqual([`${HANA}_20261120_0`]);
    expect(await mentionsOf(HANA)).not.toEqual([]);
  });

  it('is named by no document once erased, but where it is kept on purpose', async () => {
    const [erased] = await erase();
    expect(erased).toMatchObject({ uid: HANA, authUser: true, fansUnfollowed: 2, claimantsTold: 1, pictures: 1 });
    expect(await mentionsOf(HANA)).toEqual([]);
  });

  it('leaves tombstones for what the pages were built from', async () => {
    for (const tombstone of [`accounts:${HANA}`, `blogs:${HANA}_20261120_0`, `posts:${HANA}_20261120_0`, 'frozenAccounts:x_hana_old'])
      expect(await exists(`deletions/${tombstone}`), tombstone).toBe(true);
  });

  it('closes her sign-in and her pictures', async () => {
    await expect(auth.getUser(HANA)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await picture(HANA).exists())[0]).toBe(false);
    expect((await picture('aoi').exists())[0]).toBe(true);
  });

  it('keeps what is others’: their profiles and 推し, their counts one lower, the claimant told', async () => {
    expect(await exists('accounts/aoi')).toBe(true);
    expect(await exists('frozenAccounts/x_aoi_old')).toBe(true);
    expect(await exists('favorites/fan/items/aoi')).toBe(true);
    expect(await data('users/fan')).toEqual({ createdAt: AT, favoriteCount: 1 });
    expect(await data('users/aoi')).toEqual({ createdAt: AT, favoriteCount: 0 });
    expect(await exists('disputes/aoi_0')).toBe(false);
    // The closed claim is in the operator's log, as `moderate` would have left it, decided by her request.
    const log = (await db.collection('moderationLog').get()).docs.map((doc) => doc.data());
    expect(log).toEqual([
      expect.objectContaining({
        action: 'close-dispute',
        target: 'disputes/aoi_0',
        by: BY_LEAVING_REQUEST,
        detail: { resolution: 'erase', dispute: expect.objectContaining({ userId: 'aoi', handleId: 'x_hana_old' }) },
      }),
    ]);
    const told = (await db.collection('announcements').where('userId', '==', 'aoi').get()).docs.map((doc) => doc.data());
    expect(told).toEqual([expect.objectContaining({ title: '@hana_old への申し立ての結果', kind: 'system', link: '/profile' })]);
    expect(told[0]!.body).toContain('退会');
  });

  it('leaves the site with the next incremental export', async () => {
    const records = await exportNow('incremental');
    expect(records.therapists.map((record) => record.id)).toEqual(['aoi']);
    expect(records.blogs).toEqual([]);
    expect(records.posts).toEqual([]);
    expect(records.frozenAccounts.map((record) => record.handle)).toEqual(['aoi_old']);
    expect(records.shifts).toEqual([]);
  });

  it('a second run finds nothing to do', async () => {
    expect(await erase()).toEqual([]);
  });
});

describe('a store erased by the operator', () => {
  const SHOP = 'shopLeaves';
  beforeAll(async () => {
    await clearFirestoreEmulator(PROJECT);
    await signUp(SHOP);
    await put(db, {
      [`stores/${SHOP}`]: store(SHOP, { storeName: 'アロマ退店', profileSlug: 'aroma-leaves' }),
      'slugs/aroma-leaves': slug(SHOP, 'store'),
      [`storeVerifications/${SHOP}`]: { verifiedAt: AT },
      [`storeVerificationRequests/${SHOP}`]: { note: '', requestedAt: AT },
      // Miu works there: her request, its confirmation, a shift, 今すぐ the store opened, a badge it gave.
      'accounts/miu': therapist('miu', { displayName: 'みう' }),
      'slugs/slug-miu': slug('miu', 'therapist'),
      'storeRequests/miu': storeRequest('miu', SHOP),
      [`memberships/${SHOP}_miu`]: membership(SHOP, 'miu'),
      'schedules/miu_2026-11-23_0': shift('miu', '2026-11-23', { storeId: SHOP }),
      'availableNow/miu': { userId: 'miu', until: SOON, setBy: SHOP, updatedAt: AT },
      'frozenAccounts/x_miu_old': frozen('miu', 'miu_old', { verification: 'store', confirmedBy: SHOP }),
    });
    const before = await exportNow('full');
    expect(before.stores.map((record) => record.id)).toEqual([SHOP]);
    expect(before.frozenAccounts.map((record) => record.verification)).toEqual(['store']);
  });

  it('`moderate erase` erases it and logs the decision', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runModerateCli(['erase', SHOP], {
      env: { ...process.env, FIREBASE_PROJECT_ID: PROJECT, MODERATOR: 'test-operator' },
      db,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out.join('\n')).toContain(`erased ${SHOP}`);
    const log = (await db.collection('moderationLog').get()).docs.map((doc) => doc.data());
    expect(log).toEqual([expect.objectContaining({ action: 'erase', target: `accounts/${SHOP}`, by: 'test-operator' })]);
    expect(await mentionsOf(SHOP)).toEqual([]);
    await expect(auth.getUser(SHOP)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('her therapist stays: her shift at no store, her request to none, her badge back to 本人申告', async () => {
    expect(await data('storeRequests/miu')).toMatchObject({ storeId: null, requestedAt: null });
    expect(await data('schedules/miu_2026-11-23_0')).toMatchObject({ storeId: null });
    expect(await data('frozenAccounts/x_miu_old')).toMatchObject({ verification: 'self', confirmedBy: null });
    expect(await exists('availableNow/miu')).toBe(false);
    const records = await exportNow('incremental');
    expect(records.stores).toEqual([]);
    expect(records.therapists.map((record) => [record.id, record.storeId])).toEqual([['miu', null]]);
    expect(records.shifts.map((record) => [record.id, record.storeId])).toEqual([['miu_2026-11-23_0', null]]);
    expect(records.frozenAccounts.map((record) => record.verification)).toEqual(['self']);
  });
});

describe('a therapist whose handle a crowd claims', () => {
  it('is erased however many claim it, each claimant told and each claim logged', async () => {
    const RIN = 'rinLeaves';
    // A log entry, a delete, a tombstone and a notice a claim: 720 writes, committed in bounded batches
    // (the emulator takes any size; production Firestore bounds a commit's size).
    const CROWD = 180;
    await clearFirestoreEmulator(PROJECT);
    await signUp(RIN);
    await put(db, {
      [`accounts/${RIN}`]: therapist(RIN, { displayName: 'りん', profileSlug: 'rin' }),
      'frozenAccounts/x_rin_old': frozen(RIN, 'rin_old'),
      [`accountDeletions/${RIN}`]: { requestedAt: AT },
    });
    await put(db, Object.fromEntries(Array.from({ length: CROWD }, (_, n) => [`disputes/crowd${n}_0`, dispute(`crowd${n}`, 'x_rin_old')])));
    const [erased] = await erase();
    expect(erased).toMatchObject({ uid: RIN, claimantsTold: CROWD });
    expect(await mentionsOf(RIN)).toEqual([]);
    const count = async (name: string) => (await db.collection(name).count().get()).data().count;
    expect(await count('disputes')).toBe(0);
    expect(await count('announcements')).toBe(CROWD);
    expect(await count('moderationLog')).toBe(CROWD);
  });
});

describe('any account of a hostile world', () => {
  /**
   * Worlds of hostile accounts written through the rules (the cycle
   * fuzzer's: every field a client can write, stores asked and answering,
   * disputes on each other's handles); one of them asks to leave, through
   * the rules too. Erased, she is named nowhere, and nothing else changed
   * but what named her, the claims on her handles, and the notices,
   * tombstones and log entries the erasure writes.
   */
  it('erases her and touches nothing that did not name her', async () => {
    const env = await initializeTestEnvironment({
      projectId: PROJECT,
      firestore: {
        rules: readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8'),
        host: EMULATORS.firestore.host,
        port: EMULATORS.firestore.port,
      },
    });
    let world = 0;
    try {
      await fc.assert(
        fc.asyncProperty(hostileCycle(5), fc.nat(), fc.boolean(), async (accounts, pick, aStore) => {
          await clearFirestoreEmulator(PROJECT);
          // Capitals: no slug or handle (lower case) can contain a uid.
          const prefix = `LeaveR${++world}`;
          await writeHostileCycle(env, prefix, accounts);
          // A store when there is one and `aStore` says so (about half the worlds), else a therapist.
          const kind = aStore && accounts.some((account) => account.kind === 'store') ? 'store' : 'therapist';
          const ofKind = accounts.flatMap((account, n) => (account.kind === kind ? [n] : []));
          const uid = `${prefix}-${ofKind[pick % ofKind.length]}`;
          await setDoc(doc(env.authenticatedContext(uid).firestore(), 'accountDeletions', uid), { requestedAt: serverTimestamp() });
          const before = await everyDocument(db);
          const herHandles = new Set(
            before
              .filter(
                (entry) => /^(frozenAccounts|currentHandles)\//.test(entry.path) && (entry.data as { userId?: string })?.userId === uid,
              )
              .map((entry) => entry.path.split('/')[1]),
          );
          const claimOnHers = (entry: { path: string; data: unknown }) =>
            entry.path.startsWith('disputes/') && herHandles.has((entry.data as { handleId?: string })?.handleId ?? '');

          const [erased] = await erase();
          expect(erased?.uid).toBe(uid);
          const after = await everyDocument(db);
          expect(
            after
              .filter((entry) => !keptOnPurpose(entry.path))
              .filter(names(uid))
              .map((entry) => entry.path),
          ).toEqual([]);
          const afterByPath = new Map(after.map((entry) => [entry.path, JSON.stringify(entry.data)]));
          const untouched = before.filter((entry) => !names(uid)(entry) && !claimOnHers(entry));
          for (const entry of untouched) expect(afterByPath.get(entry.path), entry.path).toBe(JSON.stringify(entry.data));
          const beforePaths = new Set(before.map((entry) => entry.path));
          const added = after.filter((entry) => !beforePaths.has(entry.path)).map((entry) => entry.path.split('/')[0]);
          expect(new Set(added)).toSatisfy((set: Set<string>) =>
            [...set].every((name) => name === 'deletions' || name === 'announcements' || name === 'moderationLog'),
          );
        }),
        { seed: 41, numRuns: 6, endOnFailure: true },
      );
    } finally {
      await env.cleanup();
    }
  });
});
