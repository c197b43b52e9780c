/**
 * saveProfile's transaction, with firestore/lite mocked: the slug kept as
 * released and listed as held (the oldest of three held released for real,
 * with its tombstone), the current X handle reserved, and storeRequestedAt
 * set only when the store changes.
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
  runTransaction: async (_db: unknown, run: (tx: unknown) => Promise<void>) =>
    run({
      get: async ({ path }: { path: string }) => snapshot(path),
      set: ({ path }: { path: string }, data: unknown) => void log.push(['set', path, data]),
      update: ({ path }: { path: string }, data: unknown) => void log.push(['update', path, data]),
      delete: ({ path }: { path: string }) => void log.push(['delete', path]),
    }),
}));

const { saveProfile, SlugTakenError, CurrentHandleTakenError } = await import('../../src/lib/profile/save-profile');

const values = (over: Record<string, unknown> = {}) => ({
  displayName: 'みう',
  profileSlug: 'miu',
  bio: '',
  storeId: null,
  area: '新宿',
  tags: [],
  channels: {},
  published: false,
  ...over,
});

beforeEach(() => {
  docs.clear();
  refused.clear();
  log.length = 0;
  docs.set('accounts/u1', { ...values(), storeId: 's1', channels: { x: 'miu_old' } });
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
      ['update', 'accounts/u1', { ...values({ storeId: 's1', channels: { x: 'miu_new' } }), updatedAt: SERVER_TIME }],
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

  it('sets storeRequestedAt when the store changes, and clears it with the store', async () => {
    await saveProfile('u1', 'therapist', values({ storeId: 's2', channels: { x: 'miu_old' } }));
    expect(log.at(-1)?.[2]).toMatchObject({ storeId: 's2', storeRequestedAt: SERVER_TIME });
    log.length = 0;
    await saveProfile('u1', 'therapist', values({ storeId: null, channels: { x: 'miu_old' } }));
    expect(log.at(-1)?.[2]).toMatchObject({ storeId: null, storeRequestedAt: null });
    log.length = 0;
    await saveProfile('u1', 'therapist', values({ storeId: 's1', channels: { x: 'miu_old' } }));
    expect(log.at(-1)?.[2]).not.toHaveProperty('storeRequestedAt');
  });
});
