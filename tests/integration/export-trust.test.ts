/**
 * What the export derives from the private trust-and-safety records, on the
 * real Firestore emulator (docs/decisions/export-allow-list.md): a store
 * is named only for its confirmed members, a suspended owner leaves the
 * site, a store badge shows only while its store is operator-verified and
 * public, an open dispute marks a handle whatever its level, a held slug
 * redirects (at most two per owner), and pictures get a URL built from
 * their Storage path.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { emulatorHost } from '../../scripts/lib/project';
import { TEST_PROJECTS } from '../setup/projects';
import { emptyExport } from '../../src/registry/public-collections';
import {
  AT,
  REQUESTED_AT,
  dispute,
  frozen,
  membership,
  put,
  shift,
  slug,
  store,
  storeRequest,
  storeVerification,
  therapist,
} from './support/trust-docs';

const PROJECT = TEST_PROJECTS.exportTrust;
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { runExport } = await import('../../scripts/export');
const { photoUrlBase } = await import('../../scripts/export/photo-base');
const { checkPublicShapes } = await import('../../scripts/export/data-files');
const { SkipLog } = await import('../../scripts/export/report');
const { photoURL } = await import('../../src/lib/photo-url');

const today = '2026-11-22';
const now = new Date('2026-11-22T03:00:00Z');
const daysAgo = (n: number) => Timestamp.fromDate(new Date(now.getTime() - n * 86_400_000));
const db = adminDb();
let dir: string;

interface Exported {
  therapists: { id: string; storeId: string | null; photoURL: string }[];
  stores: { id: string; photoURL: string; verified: boolean }[];
  frozenAccounts: { id: string; userId: string; verification: string; disputed: boolean }[];
  shifts: { id: string; userId: string; storeId: string | null }[];
  redirects: { from: string; to: string; kind: string; until: string }[];
}

async function exportNow(options: Parameters<typeof runExport>[2] = {}): Promise<Exported> {
  const exportDir = path.join(dir, 'public');
  await runExport(exportDir, today, { now, warn: () => {}, ...options });
  const read = async (file: string) => JSON.parse(await readFile(path.join(exportDir, file), 'utf8'));
  return {
    therapists: await read('therapists.json'),
    stores: await read('stores.json'),
    frozenAccounts: await read('frozen-accounts.json'),
    shifts: await read('shifts.json'),
    redirects: await read('redirects.json'),
  };
}
const therapistOf = (data: Exported, id: string) => data.therapists.find((t) => t.id === id);
const membersOf = (data: Exported, storeId: string) =>
  data.therapists
    .filter((t) => t.storeId === storeId)
    .map((t) => t.id)
    .sort();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-export-trust-'));
  await clearFirestoreEmulator(PROJECT);
  await put(db, {
    'stores/s1': store('s1'),
    'stores/s2': store('s2'),
    'stores/s3': store('s3', { published: false }),
    'slugs/store-s1': slug('s1', 'store'),
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('store membership', () => {
  beforeAll(async () => {
    /** Her profile and her request to join `storeId` (storeRequests/{uid}). */
    const asking = (uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) => ({
      [`accounts/${uid}`]: therapist(uid),
      [`storeRequests/${uid}`]: storeRequest(uid, storeId, overrides),
    });
    await put(db, {
      ...asking('t-confirmed', 's1'),
      'memberships/s1_t-confirmed': membership('s1', 't-confirmed'),
      'schedules/t-confirmed_2026-11-23_0': shift('t-confirmed', '2026-11-23', { storeId: 's1' }),
      ...asking('t-pending', 's1'),
      'schedules/t-pending_2026-11-23_0': shift('t-pending', '2026-11-23', { storeId: 's1' }),
      // She left and asked again: the old confirmation is for the old request.
      ...asking('t-asked-again', 's1', { requestedAt: Timestamp.fromMillis(REQUESTED_AT.toMillis() + 1) }),
      'memberships/s1_t-asked-again': membership('s1', 't-asked-again'),
      ...asking('t-declined', 's1'),
      'memberships/s1_t-declined': membership('s1', 't-declined', { status: 'declined' }),
      // Confirmed by a store that is not public: not named.
      ...asking('t-hidden-store', 's3'),
      'memberships/s3_t-hidden-store': membership('s3', 't-hidden-store'),
      // A confirmation of another store's request does not count for s2.
      ...asking('t-moved', 's2'),
      'memberships/s1_t-moved': membership('s1', 't-moved'),
      // She left: her old confirmation no longer names the store.
      ...asking('t-left', null),
      'memberships/s1_t-left': membership('s1', 't-left'),
      // Confirmed, but she never asked (no request document): not named.
      'accounts/t-never-asked': therapist('t-never-asked'),
      'memberships/s1_t-never-asked': membership('s1', 't-never-asked'),
    });
  });

  it('names her store only when it confirmed her current request', async () => {
    const data = await exportNow();
    expect(therapistOf(data, 't-confirmed')?.storeId).toBe('s1');
    for (const id of ['t-pending', 't-asked-again', 't-declined', 't-hidden-store', 't-moved', 't-left', 't-never-asked']) {
      expect(therapistOf(data, id), id).toBeDefined();
      expect(therapistOf(data, id)?.storeId, id).toBeNull();
    }
    expect(membersOf(data, 's1')).toEqual(['t-confirmed']);
    expect(membersOf(data, 's2')).toEqual([]);
  });

  it('publishes nothing of the request itself', async () => {
    const exportDir = path.join(dir, 'public');
    await runExport(exportDir, today, { now, warn: () => {} });
    const everything = await Promise.all(
      ['therapists.json', 'stores.json', 'shifts.json'].map((file) => readFile(path.join(exportDir, file), 'utf8')),
    );
    for (const text of everything) {
      expect(text).not.toContain('requestedAt');
      expect(text).not.toContain('storeRequest');
    }
    expect(Object.keys(therapistOf(await exportNow(), 't-pending') ?? {})).not.toContain('requestedAt');
  });

  it('puts a shift under the store only for a confirmed member', async () => {
    const data = await exportNow();
    expect(data.shifts.find((s) => s.userId === 't-confirmed')?.storeId).toBe('s1');
    expect(data.shifts.find((s) => s.userId === 't-pending')?.storeId).toBeNull();
  });

  it('shows her on the store once it confirms, and hides her again once it removes her', async () => {
    await put(db, { 'accounts/t-flow': therapist('t-flow'), 'storeRequests/t-flow': storeRequest('t-flow', 's2') });
    let data = await exportNow();
    expect(therapistOf(data, 't-flow')?.storeId).toBeNull();
    expect(membersOf(data, 's2')).toEqual([]);

    await put(db, { 'memberships/s2_t-flow': membership('s2', 't-flow') });
    data = await exportNow();
    expect(therapistOf(data, 't-flow')?.storeId).toBe('s2');
    expect(membersOf(data, 's2')).toEqual(['t-flow']);

    await db.doc('memberships/s2_t-flow').update({ status: 'removed', updatedAt: Timestamp.now() });
    data = await exportNow();
    expect(therapistOf(data, 't-flow')?.storeId).toBeNull();
    expect(membersOf(data, 's2')).toEqual([]);
  });
});

describe('suspensions', () => {
  it('leave out a suspended owner’s profile, handles and shifts, and bring them back when lifted', async () => {
    await put(db, {
      'accounts/t-suspended': therapist('t-suspended'),
      'frozenAccounts/x_sus_old': frozen('t-suspended', 'sus_old'),
      'schedules/t-suspended_2026-11-23_0': shift('t-suspended', '2026-11-23'),
      'stores/s-suspended': store('s-suspended'),
      'frozenAccounts/x_sus_store_old': frozen('s-suspended', 'sus_store_old'),
      'suspensions/t-suspended': { reason: 'なりすまし', createdAt: AT },
      'suspensions/s-suspended': { reason: 'スパム', createdAt: AT },
    });
    const data = await exportNow();
    const text = JSON.stringify(data);
    expect(text).not.toContain('t-suspended');
    expect(text).not.toContain('s-suspended');
    expect(text).not.toContain('sus_old');
    expect(text).not.toContain('sus_store_old');

    await db.doc('suspensions/t-suspended').delete();
    const back = await exportNow();
    expect(therapistOf(back, 't-suspended')).toBeDefined();
    expect(back.frozenAccounts.map((f) => f.id)).toContain('x_sus_old');
    expect(back.shifts.map((s) => s.userId)).toContain('t-suspended');
  });
});

describe('disputes', () => {
  beforeAll(async () => {
    await put(db, {
      'accounts/t-holder': therapist('t-holder'),
      'accounts/t-claimant': therapist('t-claimant'),
      'accounts/t-banned': therapist('t-banned'),
      'suspensions/t-banned': { reason: '荒らし', createdAt: AT },
      'frozenAccounts/x_self_claim': frozen('t-holder', 'self_claim'),
      'stores/s-vouching': store('s-vouching'),
      'storeVerifications/s-vouching': storeVerification(),
      'frozenAccounts/x_store_claim': frozen('t-holder', 'store_claim', { verification: 'store', confirmedBy: 's-vouching', slot: 1 }),
      'frozenAccounts/x_op_claim': frozen('t-holder', 'op_claim', { verification: 'operator', slot: 2 }),
      'frozenAccounts/x_quiet_claim': frozen('t-holder', 'quiet_claim', { slot: 3 }),
      'frozenAccounts/x_own_dispute': frozen('t-holder', 'own_dispute', { slot: 4 }),
      'frozenAccounts/x_banned_says': frozen('t-holder', 'banned_says', { slot: 5 }),
      'disputes/t-claimant_0': dispute('t-claimant', 'x_self_claim'),
      'disputes/t-claimant_1': dispute('t-claimant', 'x_store_claim'),
      'disputes/t-claimant_2': dispute('t-claimant', 'x_op_claim'),
      'disputes/t-holder_0': dispute('t-holder', 'x_own_dispute'),
      'disputes/t-banned_0': dispute('t-banned', 'x_banned_says'),
    });
  });

  it('mark a handle with an open dispute by someone else as disputed, whatever its level', async () => {
    const data = await exportNow();
    const claim = (id: string) => data.frozenAccounts.find((f) => f.id === id);
    expect(claim('x_self_claim')).toMatchObject({ verification: 'self', disputed: true });
    // A store or operator badge is no answer while someone says the handle is hers: 確認中 until the operator resolves it.
    expect(claim('x_store_claim')).toMatchObject({ verification: 'store', disputed: true });
    expect(claim('x_op_claim')).toMatchObject({ verification: 'operator', disputed: true });
    expect(claim('x_quiet_claim')).toMatchObject({ verification: 'self', disputed: false });
    expect(claim('x_own_dispute')).toMatchObject({ disputed: false });
    expect(claim('x_banned_says')).toMatchObject({ disputed: false });
    // The dispute itself never leaves: no claimant, no evidence.
    expect(JSON.stringify(data)).not.toContain('スクリーンショット');
  });

  it('clear the mark once the dispute is closed', async () => {
    await db.doc('disputes/t-claimant_0').delete();
    const data = await exportNow();
    expect(data.frozenAccounts.find((f) => f.id === 'x_self_claim')).toMatchObject({ disputed: false });
  });
});

/**
 * The sock-store attack: a second mailbox publishes a store, its owner joins
 * it and the store raises a squatted handle. Only the operator's
 * verification of the store makes its badge show.
 */
describe('store badges', () => {
  beforeAll(async () => {
    await put(db, {
      'accounts/t-vouched': therapist('t-vouched'),
      'stores/s-real': store('s-real'),
      'storeVerifications/s-real': storeVerification(),
      'stores/s-sock': store('s-sock'),
      'stores/s-draft': store('s-draft', { published: false }),
      'storeVerifications/s-draft': storeVerification(),
      'stores/s-banned': store('s-banned'),
      'storeVerifications/s-banned': storeVerification(),
      'suspensions/s-banned': { reason: 'なりすまし', createdAt: AT },
      'frozenAccounts/x_by_real': frozen('t-vouched', 'by_real', { verification: 'store', confirmedBy: 's-real' }),
      'frozenAccounts/x_by_sock': frozen('t-vouched', 'by_sock', { verification: 'store', confirmedBy: 's-sock', slot: 1 }),
      'frozenAccounts/x_by_draft': frozen('t-vouched', 'by_draft', { verification: 'store', confirmedBy: 's-draft', slot: 2 }),
      'frozenAccounts/x_by_banned': frozen('t-vouched', 'by_banned', { verification: 'store', confirmedBy: 's-banned', slot: 3 }),
      'frozenAccounts/x_by_gone': frozen('t-vouched', 'by_gone', { verification: 'store', confirmedBy: 's-nowhere', slot: 4 }),
    });
  });

  it('show 店舗確認済み only from a store the operator verified that is public and not suspended; else 本人申告', async () => {
    const data = await exportNow();
    const level = (id: string) => data.frozenAccounts.find((f) => f.id === id)?.verification;
    expect(level('x_by_real')).toBe('store');
    expect(level('x_by_sock')).toBe('self');
    expect(level('x_by_draft')).toBe('self');
    expect(level('x_by_banned')).toBe('self');
    expect(level('x_by_gone')).toBe('self');
  });

  it('say on each public store record whether the operator verified it', async () => {
    const data = await exportNow();
    const verified = (id: string) => data.stores.find((s) => s.id === id)?.verified;
    expect(verified('s-real')).toBe(true);
    expect(verified('s-sock')).toBe(false);
  });

  it('lose the badge once the operator takes the verification back, and regain it when verified again', async () => {
    await db.doc('storeVerifications/s-real').delete();
    const revoked = await exportNow();
    expect(revoked.frozenAccounts.find((f) => f.id === 'x_by_real')?.verification).toBe('self');
    expect(revoked.stores.find((s) => s.id === 's-real')?.verified).toBe(false);
    await put(db, { 'storeVerifications/s-real': storeVerification() });
    expect((await exportNow()).frozenAccounts.find((f) => f.id === 'x_by_real')?.verification).toBe('store');
  });

  it('skip a store claim that names no store (the schema requires one)', async () => {
    await put(db, { 'frozenAccounts/x_unnamed': frozen('t-vouched', 'unnamed', { verification: 'store', slot: 5 }) });
    const data = await exportNow();
    expect(data.frozenAccounts.map((f) => f.id)).not.toContain('x_unnamed');
    await db.doc('frozenAccounts/x_unnamed').delete();
  });
});

describe('held slugs', () => {
  it('redirect to the owner’s current slug for SLUG_HOLD_DAYS after release', async () => {
    await put(db, {
      'accounts/t-renamed': therapist('t-renamed', { profileSlug: 'new-name' }),
      'slugs/new-name': slug('t-renamed', 'therapist'),
      'slugs/old-name': slug('t-renamed', 'therapist', daysAgo(10)),
      'slugs/ancient-name': slug('t-renamed', 'therapist', daysAgo(31)),
      'stores/s-renamed': store('s-renamed', { profileSlug: 'store-new' }),
      'slugs/store-old': slug('s-renamed', 'store', daysAgo(1)),
      // Not public owners, or nowhere to go.
      'accounts/t-draft': therapist('t-draft', { published: false, profileSlug: 'draft-now' }),
      'slugs/draft-old': slug('t-draft', 'therapist', daysAgo(2)),
      'slugs/ghost-old': slug('t-nobody', 'therapist', daysAgo(2)),
      'slugs/slug-t-holder': slug('t-holder', 'therapist', daysAgo(2)),
      // Released by one, already someone else's live page: the live page wins.
      'accounts/t-taker': therapist('t-taker', { profileSlug: 'taken-over' }),
      'slugs/taken-over': slug('t-renamed', 'therapist', daysAgo(3)),
    });
    const data = await exportNow();
    expect(data.redirects).toEqual([
      { from: 'old-name', to: 'new-name', kind: 'therapist', until: new Date(now.getTime() + 20 * 86_400_000).toISOString() },
      { from: 'store-old', to: 'store-new', kind: 'store', until: new Date(now.getTime() + 29 * 86_400_000).toISOString() },
    ]);
  });

  it('redirect only the two newest of an owner’s held slugs (more came only from before the cap)', async () => {
    await put(db, {
      'accounts/t-hoarder': therapist('t-hoarder', { profileSlug: 'hoarder-now' }),
      'slugs/hoarder-now': slug('t-hoarder', 'therapist'),
      'slugs/rena-official': slug('t-hoarder', 'therapist', daysAgo(9)),
      'slugs/shinjuku-no1': slug('t-hoarder', 'therapist', daysAgo(5)),
      'slugs/hoarder-three': slug('t-hoarder', 'therapist', daysAgo(2)),
    });
    const data = await exportNow();
    expect(data.redirects.filter((r) => r.to === 'hoarder-now').map((r) => r.from)).toEqual(['hoarder-three', 'shinjuku-no1']);
  });
});

describe('photo URLs', () => {
  beforeAll(async () => {
    await put(db, {
      'accounts/tphoto1': therapist('tphoto1', { photo: 'avatars/tphoto1/1.jpg' }),
      // Someone else's file is never shown as hers.
      'accounts/tforeign': therapist('tforeign', { photo: 'avatars/tphoto1/0.webp' }),
      'stores/sphoto1': store('sphoto1', { photo: 'avatars/sphoto1/0.webp' }),
    });
  });

  it('point at the Storage emulator when exporting from the emulators', async () => {
    const data = await exportNow();
    const storage = emulatorHost('storage');
    expect(therapistOf(data, 'tphoto1')?.photoURL).toBe(
      `http://${storage}/v0/b/demo-theralink.appspot.com/o/avatars%2Ftphoto1%2F1.jpg?alt=media`,
    );
    expect(data.stores.find((s) => s.id === 'sphoto1')?.photoURL).toBe(
      `http://${storage}/v0/b/demo-theralink.appspot.com/o/avatars%2Fsphoto1%2F0.webp?alt=media`,
    );
    expect(therapistOf(data, 'tforeign')?.photoURL).toBe('');
    expect(therapistOf(data, 't-holder')?.photoURL).toBe('');
  });

  it('point at the project’s bucket in production', async () => {
    const data = await exportNow({ photoBase: photoUrlBase({ PUBLIC_FIREBASE_STORAGE_BUCKET: 'theralink-prod.appspot.com' }) });
    expect(therapistOf(data, 'tphoto1')?.photoURL).toBe(
      'https://firebasestorage.googleapis.com/v0/b/theralink-prod.appspot.com/o/avatars%2Ftphoto1%2F1.jpg?alt=media',
    );
    expect(therapistOf(data, 'tforeign')?.photoURL).toBe('');
  });

  it('choose the base from the environment', () => {
    expect(photoUrlBase({})).toEqual({ bucket: 'demo-theralink.appspot.com', emulatorHost: null });
    expect(photoUrlBase({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toEqual({
      bucket: 'demo-theralink.appspot.com',
      emulatorHost: emulatorHost('storage'),
    });
    expect(photoUrlBase({ FIREBASE_STORAGE_EMULATOR_HOST: 'localhost:9199', PUBLIC_FIREBASE_STORAGE_BUCKET: 'b.appspot.com' })).toEqual({
      bucket: 'b.appspot.com',
      emulatorHost: 'localhost:9199',
    });
  });

  it('accept only the owner’s own avatar paths', () => {
    const base = { bucket: 'b', emulatorHost: null };
    expect(photoURL('avatars/u1/0.png', 'u1', base)).toBe('https://firebasestorage.googleapis.com/v0/b/b/o/avatars%2Fu1%2F0.png?alt=media');
    for (const bad of [
      '',
      'avatars/u2/0.png',
      'avatars/u1/2.png',
      'avatars/u1/../u2/0.png',
      'https://evil.example/a.png',
      'avatars/u1/0.gif',
      'avatars/u1/0.png?x',
    ]) {
      expect(photoURL(bad, 'u1', base), bad).toBe('');
    }
    expect(photoURL('avatars/u1/0.png', '', base)).toBe('');
  });
});

describe('the public-shape check', () => {
  it('leaves out a record that is not public-shaped, with what names it, and reports it', () => {
    const log = new SkipLog();
    const good = {
      id: 'ok',
      displayName: 'A',
      profileSlug: 'ok-slug',
      bio: '',
      photoURL: '',
      storeId: 'st',
      area: '新宿' as const,
      tags: [],
      channels: {},
      updatedAt: AT.toDate().toISOString(),
    };
    const store1 = {
      id: 'st',
      displayName: '',
      storeName: 'S',
      profileSlug: 'st-slug',
      description: '',
      photoURL: 'not a url',
      area: '新宿' as const,
      address: '',
      nearestStation: '',
      hours: '',
      website: '',
      channels: {},
      courses: [],
      options: [],
      verified: false,
      updatedAt: AT.toDate().toISOString(),
    };
    const bad = { ...good, id: 'bad', profileSlug: 'Bad Slug' };
    const checked = checkPublicShapes(
      {
        ...emptyExport(),
        therapists: [good, bad],
        stores: [store1],
        frozenAccounts: [
          {
            id: 'x_a',
            userId: 'bad',
            ownerKind: 'therapist',
            platform: 'x',
            handle: 'a',
            frozenOn: null,
            note: '',
            verification: 'self',
            disputed: false,
            createdAt: good.updatedAt,
          },
        ],
        shifts: [{ id: 'bad_2026-11-22_0', userId: 'bad', storeId: null, date: '2026-11-22', start: '12:00', end: '13:00', note: '' }],
        redirects: [{ from: 'old-bad', to: 'Bad Slug', kind: 'therapist', until: good.updatedAt }],
        // A bad profile takes her blog and post along.
        blogs: [
          {
            id: 'bad_20261122_0',
            userId: 'bad',
            ownerKind: 'therapist',
            title: '日記',
            body: '',
            teaser: '',
            images: {},
            coverURL: '',
            tags: [],
            publishedAt: good.updatedAt,
            updatedAt: good.updatedAt,
          },
        ],
        posts: [
          { id: 'bad_20261122_0', userId: 'bad', ownerKind: 'therapist', text: 'こんにちは', imageURLs: [], createdAt: good.updatedAt },
        ],
        // And her place in the ranking: the rest move up.
        rankings: [
          {
            id: 'current',
            computedAt: good.updatedAt,
            comparedWith: null,
            overall: [
              { uid: 'bad', count: 9, rank: 1, previousRank: null },
              { uid: good.id, count: 4, rank: 2, previousRank: 1 },
            ],
            areas: { 新宿: [{ uid: 'bad', count: 9, rank: 1, previousRank: null }] },
          },
        ],
      },
      log,
    );
    expect(checked.therapists).toEqual([{ ...good, storeId: null }]);
    expect(checked.stores).toEqual([]);
    expect(checked.frozenAccounts).toEqual([]);
    expect(checked.shifts).toEqual([]);
    expect(checked.redirects).toEqual([]);
    expect(checked.blogs).toEqual([]);
    expect(checked.posts).toEqual([]);
    expect(checked.rankings).toEqual([
      {
        id: 'current',
        computedAt: good.updatedAt,
        comparedWith: null,
        overall: [{ uid: good.id, count: 4, rank: 1, previousRank: 1 }],
        areas: {},
      },
    ]);
    expect(log.skipped.map((s) => `${s.stage} ${s.collection}/${s.id} ${s.problems[0]!.path}`).sort()).toEqual([
      'public redirects/old-bad to',
      'public stores/st photoURL',
      'public therapists/bad profileSlug',
    ]);
  });
});
