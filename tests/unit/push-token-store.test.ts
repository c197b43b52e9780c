/**
 * The Firestore token store writes exactly what the rules allow the owner
 * (firestore/lite mocked: Cloud Messaging tokens cannot be made locally),
 * and the last-token memory survives broken storage.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { op: string; path: string; data?: unknown }[] = [];
const existing = new Map<string, Record<string, unknown>>();
const SERVER_TIME = { serverTimestamp: true };

vi.mock('firebase/firestore/lite', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  getDoc: async (ref: { path: string }) => {
    calls.push({ op: 'get', path: ref.path });
    const data = existing.get(ref.path);
    return { exists: () => data !== undefined, get: (field: string) => data?.[field] };
  },
  setDoc: async (ref: { path: string }, data: unknown) => void calls.push({ op: 'set', path: ref.path, data }),
  updateDoc: async (ref: { path: string }, data: unknown) => void calls.push({ op: 'update', path: ref.path, data }),
  deleteDoc: async (ref: { path: string }) => void calls.push({ op: 'delete', path: ref.path }),
  serverTimestamp: () => SERVER_TIME,
}));

const { firestoreTokenStore } = await import('../../src/lib/push/token-store');
const { storageLastToken } = await import('../../src/lib/push/last-token');

const db = {} as Parameters<typeof firestoreTokenStore>[0];

beforeEach(() => {
  calls.length = 0;
  existing.clear();
});

describe('firestoreTokenStore', () => {
  it('creates users/{uid}/fcmTokens/{token} with exactly token, createdAt and refreshedAt at server time', async () => {
    await firestoreTokenStore(db).create('u1', 'tok');
    expect(calls).toEqual([
      { op: 'set', path: 'users/u1/fcmTokens/tok', data: { token: 'tok', createdAt: SERVER_TIME, refreshedAt: SERVER_TIME } },
    ]);
  });

  it('touches only refreshedAt', async () => {
    await firestoreTokenStore(db).touch('u1', 'tok');
    expect(calls).toEqual([{ op: 'update', path: 'users/u1/fcmTokens/tok', data: { refreshedAt: SERVER_TIME } }]);
  });

  it('deletes the token document', async () => {
    await firestoreTokenStore(db).remove('u1', 'old');
    expect(calls).toEqual([{ op: 'delete', path: 'users/u1/fcmTokens/old' }]);
  });

  it('reads a missing token as null and a stored one with its refreshedAt date', async () => {
    const store = firestoreTokenStore(db);
    expect(await store.read('u1', 'tok')).toBeNull();
    const at = new Date('2026-01-02T03:04:05Z');
    existing.set('users/u1/fcmTokens/tok', { token: 'tok', refreshedAt: { toDate: () => at } });
    expect(await store.read('u1', 'tok')).toEqual({ refreshedAt: at });
    existing.set('users/u1/fcmTokens/tok', { token: 'tok' });
    expect(await store.read('u1', 'tok')).toEqual({ refreshedAt: null });
  });
});

describe('storageLastToken', () => {
  const memoryStorage = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    } as Storage;
  };

  it('remembers a token per user', () => {
    const storage = memoryStorage();
    const memory = storageLastToken(() => storage);
    memory.set('u1', 'a');
    memory.set('u2', 'b');
    expect(memory.get('u1')).toBe('a');
    expect(memory.get('u2')).toBe('b');
    expect(memory.get('u3')).toBeNull();
    expect(storageLastToken(() => storage).get('u1')).toBe('a');
  });

  it('remembers nothing, without throwing, when storage is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    for (const memory of [storageLastToken(() => undefined), storageLastToken(() => throwing)]) {
      expect(() => memory.set('u1', 'a')).not.toThrow();
      expect(memory.get('u1')).toBeNull();
    }
  });
});
