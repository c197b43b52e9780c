/**
 * The Firestore token store writes exactly what the rules allow the owner
 * (firestore/lite mocked: Cloud Messaging tokens cannot be made locally),
 * and the last-token memory survives broken storage.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PUSH_TOKENS as SCHEMA_MAX } from '../../src/schema/users';

const calls: { op: string; path: string; data?: unknown }[] = [];
const existing = new Map<string, Record<string, unknown>>();
const SERVER_TIME = { serverTimestamp: true };

vi.mock('firebase/firestore/lite', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  collection: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  getDocs: async (ref: { path: string }) => {
    calls.push({ op: 'list', path: ref.path });
    const docs = [...existing]
      .filter(([path]) => path.startsWith(`${ref.path}/`))
      .map(([path, data]) => ({ id: path.slice(ref.path.length + 1), get: (field: string) => data[field] }));
    return { docs };
  },
  setDoc: async (ref: { path: string }, data: unknown) => void calls.push({ op: 'set', path: ref.path, data }),
  updateDoc: async (ref: { path: string }, data: unknown) => void calls.push({ op: 'update', path: ref.path, data }),
  deleteDoc: async (ref: { path: string }) => void calls.push({ op: 'delete', path: ref.path }),
  serverTimestamp: () => SERVER_TIME,
}));

const { firestoreTokenStore, tokenSlotOf } = await import('../../src/lib/push/token-store');
const { planTokenSlot } = await import('../../src/lib/push/token-slots');
const { MAX_PUSH_TOKENS } = await import('../../src/lib/caps');
const { storageLastToken } = await import('../../src/lib/push/last-token');

const db = {} as Parameters<typeof firestoreTokenStore>[0];

beforeEach(() => {
  calls.length = 0;
  existing.clear();
});

describe('firestoreTokenStore', () => {
  it('writes users/{uid}/fcmTokens/{slot} with exactly token, createdAt and refreshedAt at server time', async () => {
    await firestoreTokenStore(db).write('u1', 3, 'tok');
    expect(calls).toEqual([
      { op: 'set', path: 'users/u1/fcmTokens/3', data: { token: 'tok', createdAt: SERVER_TIME, refreshedAt: SERVER_TIME } },
    ]);
  });

  it('touches only refreshedAt', async () => {
    await firestoreTokenStore(db).touch('u1', 0);
    expect(calls).toEqual([{ op: 'update', path: 'users/u1/fcmTokens/0', data: { refreshedAt: SERVER_TIME } }]);
  });

  it('deletes the slot document', async () => {
    await firestoreTokenStore(db).remove('u1', 4);
    expect(calls).toEqual([{ op: 'delete', path: 'users/u1/fcmTokens/4' }]);
  });

  it('lists the slot documents with their token and refreshedAt, ignoring ids from before slots', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    existing.set('users/u1/fcmTokens/0', { token: 'a', refreshedAt: { toDate: () => at } });
    existing.set('users/u1/fcmTokens/2', { token: 'b' });
    existing.set('users/u1/fcmTokens/legacy-token-id', { token: 'c' });
    existing.set('users/u2/fcmTokens/0', { token: 'z' });
    expect(await firestoreTokenStore(db).list('u1')).toEqual([
      { slot: 0, token: 'a', refreshedAt: at },
      { slot: 2, token: 'b', refreshedAt: null },
    ]);
  });

  it('knows slots 0..4 only', () => {
    expect(MAX_PUSH_TOKENS).toBe(SCHEMA_MAX);
    expect(['0', '4', '5', '10', 'x', ''].map(tokenSlotOf)).toEqual([0, 4, null, null, null, null]);
  });
});

describe('planTokenSlot', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it('leaves a fresh stored token alone and refreshes a stale one', () => {
    expect(planTokenSlot([{ slot: 1, token: 't', refreshedAt: ago(1) }], 't', 't', now)).toEqual({ write: null, remove: [] });
    expect(planTokenSlot([{ slot: 1, token: 't', refreshedAt: ago(8) }], 't', null, now)).toEqual({
      write: { kind: 'touch', slot: 1 },
      remove: [],
    });
  });

  it('prefers the previous token’s slot, then a free one, then the stalest (unreadable counts as stalest)', () => {
    const full = [0, 1, 2, 3, 4].map((slot) => ({ slot, token: `t${slot}`, refreshedAt: ago(slot === 2 ? 20 : 1) }));
    expect(planTokenSlot(full, 'new', 't4', now).write).toEqual({ kind: 'write', slot: 4 });
    expect(planTokenSlot(full.slice(0, 3), 'new', null, now).write).toEqual({ kind: 'write', slot: 3 });
    expect(planTokenSlot(full, 'new', null, now).write).toEqual({ kind: 'write', slot: 2 });
    expect(planTokenSlot([...full.slice(0, 4), { slot: 4, token: 't4', refreshedAt: null }], 'new', null, now).write).toEqual({
      kind: 'write',
      slot: 4,
    });
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
