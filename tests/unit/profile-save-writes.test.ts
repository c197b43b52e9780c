/**
 * saveProfile's transaction, with firestore/lite mocked: the slug kept as
 * released and listed as held (the oldest of three held released for real,
 * with its tombstone), the current X handle reserved, and her store
 * request (storeRequests/{uid}, never the public profile) rewritten with a
 * new requestedAt only when the store changes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SERVER_TIME = { serverTimestamp: true };
const docs = new Map<string, Record<string, unknown>>();
const refused = new Set<string>();
const log: [string, string, unknown?][] = [];
const denied = () => Object.assign(new Error('denied'), { code: 'permission-denied' });
const snapshot = (path: string) => {
  if (refused.has(path)) throw denied();
  const data = docs.get(path);
  return { exists: () => data !== undefined, data: () => data };
};

vi.mock('../../src/lib/firebase/db', () => ({ clientDb: () => ({}) }));
vi.mock('firebase/firestore/lite', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  serverTimestamp: () => SERVER_TIME,
  getDoc: async ({ path }: { path: string }) => snapshot(path),
  updateDoc: async ({ path }: { path: string }, data: unknown) => void log.push(['updateDoc', path, data]),
  runTransaction: async (_db: unknown, run: (tx: unknown) => Promise<void>) =>
    run({
      get: async ({ path }: { path: string }) => snapshot(path),
      set: ({ path }: { path: string }, data: unknown) => void log.push(['set', path, data]),
      update: ({ path }: { path: string }, data: unknown) => void log.push(['update', path, data]),
      delete: ({ path }: { path: string }) => void log.push(['delete', path]),
    }),
}));

const { saveProfile, SlugTakenError, CurrentHandleTakenError } = await import('../../src/lib/profile/save-profile');

const without = (data: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));

const values = (over: Record<string, unknown> = {}) => ({
  displayName: 'みう',
  profileSlug: 'miu',
  bio: '',
  storeId: null,
  area: '新宿' as const,
  tags: [],
  channels: {},
  published: false,
  ...over,
});

beforeEach(() => {
  docs.clear();
  refused.clear();
  log.length = 0;
  const { storeId: _asked, ...profile } = values({ channels: { x: 'miu_old' } });
  docs.set('accounts/u1', profile);
  docs.set('storeRequests/u1', { userId: 'u1', storeId: 's1', requestedAt: { seconds: 1, nanoseconds: 0 }, updatedAt: {} });
  docs.set('slugs/miu', { userId: 'u1', kind: 'therapist', releasedAt: null });
  docs.set('currentHandles/x_miu_old', { userId: 'u1' });
});

describe('saveProfile', () => {
  it('claims a new slug, updates the old one to released and lists it as held', async () => {
    await saveProfile('u1', 'therapist', values({ profileSlug: 'miu-new', storeId: 's1', channels: { x: 'miu_old' } }));
    expect(log.slice(0, 3)).toEqual([
      ['set', 'slugs/miu-new', { userId: 'u1', kind: 'therapist', releasedAt: null }],
      ['update', 'slugs/miu', { userId: 'u1', kind: 'therapist', releasedAt: SERVER_TIME }],
      ['set', 'slugHolds/u1', { slugs: ['miu'] }],
    ]);
    expect(log.some(([op]) => op === 'delete')).toBe(false);
  });

  it('releases the oldest of two held slugs for real, with its tombstone, when renaming again', async () => {
    const daysAgo = (days: number) => ({ toDate: () => new Date(Date.now() - days * 86_400_000) });
    docs.set('slugs/miu-2024', { userId: 'u1', kind: 'therapist', releasedAt: daysAgo(20) });
    docs.set('slugs/miu-2025', { userId: 'u1', kind: 'therapist', releasedAt: daysAgo(3) });
    docs.set('slugHolds/u1', { slugs: ['miu-2024', 'miu-2025'] });
    await saveProfile('u1', 'therapist', values({ profileSlug: 'miu-new', storeId: 's1', channels: { x: 'miu_old' } }));
    expect(log.slice(0, 5)).toEqual([
      ['set', 'slugs/miu-new', { userId: 'u1', kind: 'therapist', releasedAt: null }],
      ['update', 'slugs/miu', { userId: 'u1', kind: 'therapist', releasedAt: SERVER_TIME }],
      ['delete', 'slugs/miu-2024'],
      ['set', 'deletions/slugs:miu-2024', { collection: 'slugs', docId: 'miu-2024', deletedAt: SERVER_TIME }],
      ['set', 'slugHolds/u1', { slugs: ['miu-2025', 'miu'] }],
    ]);
  });

  it('refuses a slug someone released less than 30 days ago', async () => {
    docs.set('slugs/taken', { userId: 'u2', kind: 'store', releasedAt: { toDate: () => new Date(Date.now() - 86_400_000) } });
    await expect(saveProfile('u1', 'therapist', values({ profileSlug: 'taken' }))).rejects.toBeInstanceOf(SlugTakenError);
    expect(log).toEqual([]);
  });

  it('moves the current X handle reservation', async () => {
    await saveProfile('u1', 'therapist', values({ storeId: 's1', channels: { x: 'miu_new' } }));
    expect(log).toEqual([
      ['delete', 'currentHandles/x_miu_old'],
      ['set', 'currentHandles/x_miu_new', { userId: 'u1' }],
      ['update', 'accounts/u1', { ...without(values({ channels: { x: 'miu_new' } }), 'storeId'), updatedAt: SERVER_TIME }],
    ]);
  });

  it('refuses a current handle someone holds, or that cannot be read', async () => {
    docs.set('currentHandles/x_star', { userId: 'u2' });
    await expect(saveProfile('u1', 'therapist', values({ storeId: 's1', channels: { x: 'star' } }))).rejects.toMatchObject({
      handle: 'star',
      kind: 'current',
    });
    refused.add('frozenAccounts/x_hidden');
    await expect(saveProfile('u1', 'therapist', values({ storeId: 's1', channels: { x: 'hidden' } }))).rejects.toBeInstanceOf(
      CurrentHandleTakenError,
    );
    expect(log).toEqual([]);
  });

  it('asks a new store in her private request, stamped by the server, and clears it with the store', async () => {
    await saveProfile('u1', 'therapist', values({ storeId: 's2', channels: { x: 'miu_old' } }));
    expect(log).toEqual([
      ['set', 'storeRequests/u1', { userId: 'u1', storeId: 's2', requestedAt: SERVER_TIME, updatedAt: SERVER_TIME }],
      ['update', 'accounts/u1', { ...without(values({ channels: { x: 'miu_old' } }), 'storeId'), updatedAt: SERVER_TIME }],
    ]);
    log.length = 0;
    await saveProfile('u1', 'therapist', values({ storeId: null, channels: { x: 'miu_old' } }));
    expect(log[0]).toEqual(['set', 'storeRequests/u1', { userId: 'u1', storeId: null, requestedAt: null, updatedAt: SERVER_TIME }]);
  });

  it('leaves her request alone while the store stays the same', async () => {
    await saveProfile('u1', 'therapist', values({ storeId: 's1', channels: { x: 'miu_old' } }));
    expect(log.map(([, path]) => path)).toEqual(['accounts/u1']);
  });

  it('asks a store for the first time without a request document', async () => {
    docs.delete('storeRequests/u1');
    await saveProfile('u1', 'therapist', values({ storeId: null, channels: { x: 'miu_old' } }));
    expect(log.map(([, path]) => path)).toEqual(['accounts/u1']);
    await saveProfile('u1', 'therapist', values({ storeId: 's1', channels: { x: 'miu_old' } }));
    expect(log[1]).toEqual(['set', 'storeRequests/u1', { userId: 'u1', storeId: 's1', requestedAt: SERVER_TIME, updatedAt: SERVER_TIME }]);
  });

  it('writes no store fields for a store, and reads no request', async () => {
    docs.set('stores/u1', { profileSlug: 'miu', channels: {} });
    refused.add('storeRequests/u1');
    const store = { displayName: '', storeName: '店', profileSlug: 'miu', description: '', area: '新宿' as const };
    const rest = { address: '', nearestStation: '', hours: '', website: '', channels: {}, published: false };
    await saveProfile('u1', 'store', { ...store, ...rest, courses: [], options: [] });
    expect(log).toEqual([['update', 'stores/u1', { ...store, ...rest, updatedAt: SERVER_TIME }]]);
  });

  it('writes a store’s changed courses and options each in an update of its own, after the profile', async () => {
    docs.set('stores/u1', { profileSlug: 'miu', channels: {}, courses: [{ minutes: 60, price: 12000, note: '' }] });
    const store = { displayName: '', storeName: '店', profileSlug: 'miu', description: '', area: '新宿' as const };
    const rest = { address: '', nearestStation: '', hours: '', website: '', channels: {}, published: false };
    const menu = { courses: [{ minutes: 90, price: 16000, note: '人気' }], options: [{ name: '指名料', price: 1000 }] };
    await saveProfile('u1', 'store', { ...store, ...rest, ...menu });
    expect(log).toEqual([
      ['update', 'stores/u1', { ...store, ...rest, updatedAt: SERVER_TIME }],
      ['updateDoc', 'stores/u1', { courses: menu.courses, updatedAt: SERVER_TIME }],
      ['updateDoc', 'stores/u1', { options: menu.options, updatedAt: SERVER_TIME }],
    ]);
  });
});
