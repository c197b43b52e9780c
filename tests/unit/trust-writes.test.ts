/**
 * The write protocols the rules expect, with firestore/lite mocked: a
 * former handle and its slot in one batch (and removed together), the
 * first free report slot found by trying creates in order, a dispute in
 * the first free of her three slots.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SERVER_TIME = { serverTimestamp: true };
const docs = new Map<string, Record<string, unknown>>();
/** Paths whose reads or writes are refused (permission-denied). */
const refused = new Set<string>();
const log: string[] = [];
const denied = () => Object.assign(new Error('denied'), { code: 'permission-denied' });

vi.mock('../../src/lib/firebase/db', () => ({ clientDb: () => ({}) }));
vi.mock('../../src/lib/profile/verified-token', () => ({ ensureVerifiedToken: async () => true }));
vi.mock('firebase/firestore/lite', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  collection: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  query: (ref: unknown) => ref,
  where: () => undefined,
  serverTimestamp: () => SERVER_TIME,
  getDoc: async ({ path }: { path: string }) => {
    if (refused.has(path)) throw denied();
    const data = docs.get(path);
    return { exists: () => data !== undefined, data: () => data };
  },
  setDoc: async ({ path }: { path: string }, data: Record<string, unknown>) => {
    if (refused.has(path) || docs.has(path)) throw denied();
    log.push(`set ${path}`);
    docs.set(path, data);
  },
  writeBatch: () => {
    const ops: [string, string, Record<string, unknown>?][] = [];
    return {
      set: ({ path }: { path: string }, data: Record<string, unknown>) => void ops.push(['set', path, data]),
      delete: ({ path }: { path: string }) => void ops.push(['delete', path]),
      commit: async () => {
        if (ops.some(([, path]) => refused.has(path))) throw denied();
        for (const [op, path, data] of ops) {
          log.push(`${op} ${path}`);
          if (op === 'set') docs.set(path, data!);
          else docs.delete(path);
        }
      },
    };
  },
}));

const { claimFrozenHandle, freeHandleSlot, removeFrozenHandle } = await import('../../src/lib/frozen/client');
const { HandleClaimedError, FrozenLimitError } = await import('../../src/lib/frozen/errors');
const { sendReport } = await import('../../src/lib/reports/client');
const { ReportLimitError } = await import('../../src/lib/reports/report');
const { openDispute } = await import('../../src/lib/disputes/client');
const { DisputeLimitError } = await import('../../src/lib/disputes/dispute');

const entry = { platform: 'x' as const, handle: 'miu_0312', frozenOn: null, note: '' };
const mine = (slots: number[]) =>
  slots.map((slot) => ({
    id: `x_h${slot}`,
    platform: 'x' as const,
    handle: `h${slot}`,
    frozenOn: null,
    note: '',
    verification: 'self' as const,
    slot,
    createdAt: null,
  }));

beforeEach(() => {
  docs.clear();
  refused.clear();
  log.length = 0;
});

describe('former handles', () => {
  it('are written with their slot doc in one batch, in the first free slot', async () => {
    const added = await claimFrozenHandle('u1', entry, mine([0, 2]));
    expect(added).toMatchObject({ id: 'x_miu_0312', slot: 1, verification: 'self' });
    expect(log).toEqual(['set frozenAccounts/x_miu_0312', 'set users/u1/handleSlots/1']);
    expect(docs.get('frozenAccounts/x_miu_0312')).toEqual({
      userId: 'u1',
      platform: 'x',
      handle: 'miu_0312',
      frozenOn: null,
      note: '',
      verification: 'self',
      confirmedBy: null,
      slot: 1,
      createdAt: SERVER_TIME,
      updatedAt: SERVER_TIME,
    });
    expect(docs.get('users/u1/handleSlots/1')).toEqual({ handleId: 'x_miu_0312' });
  });

  it('stop at 10 before writing anything', async () => {
    expect(freeHandleSlot(mine([0, 1, 2, 3, 4, 5, 6, 7, 8]))).toBe(9);
    await expect(claimFrozenHandle('u1', entry, mine([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).rejects.toBeInstanceOf(FrozenLimitError);
    expect(log).toEqual([]);
  });

  it('are refused when someone holds the handle, as former or current, or the doc cannot be read', async () => {
    docs.set('currentHandles/x_miu_0312', { userId: 'other' });
    await expect(claimFrozenHandle('u1', entry, [])).rejects.toMatchObject({ kind: 'current' });
    docs.clear();
    docs.set('frozenAccounts/x_miu_0312', { userId: 'other' });
    await expect(claimFrozenHandle('u1', entry, [])).rejects.toMatchObject({ kind: 'former' });
    docs.clear();
    refused.add('frozenAccounts/x_miu_0312');
    await expect(claimFrozenHandle('u1', entry, [])).rejects.toBeInstanceOf(HandleClaimedError);
    expect(log).toEqual([]);
  });

  it('are removed with their tombstone and slot doc in one batch', async () => {
    await removeFrozenHandle('u1', { id: 'x_h3', slot: 3 });
    expect(log).toEqual(['delete frozenAccounts/x_h3', 'set deletions/frozenAccounts:x_h3', 'delete users/u1/handleSlots/3']);
    expect(docs.get('deletions/frozenAccounts:x_h3')).toEqual({ collection: 'frozenAccounts', docId: 'x_h3', deletedAt: SERVER_TIME });
  });
});

describe('reports', () => {
  it('try slots 0..19 in order and take the first create that is accepted', async () => {
    docs.set('reports/u1_0', {});
    docs.set('reports/u1_1', {});
    await sendReport('u1', 'accounts/u2', 'spam', '  いたずら  ');
    expect(log).toEqual(['set reports/u1_2']);
    expect(docs.get('reports/u1_2')).toEqual({
      userId: 'u1',
      targetPath: 'accounts/u2',
      reason: 'spam',
      text: 'いたずら',
      createdAt: SERVER_TIME,
    });
  });

  it('say so at 20 open reports', async () => {
    for (let slot = 0; slot < 20; slot += 1) docs.set(`reports/u1_${slot}`, {});
    await expect(sendReport('u1', 'accounts/u2', 'other', '')).rejects.toBeInstanceOf(ReportLimitError);
  });
});

describe('disputes', () => {
  it('take the first free of three slots, once per handle', async () => {
    docs.set('disputes/u1_0', { handleId: 'x_aaa' });
    await openDispute('u1', 'x_miu', 'current', ' 本人です ');
    expect(docs.get('disputes/u1_1')).toEqual({
      userId: 'u1',
      handleId: 'x_miu',
      kind: 'current',
      evidence: '本人です',
      createdAt: SERVER_TIME,
    });
    await openDispute('u1', 'x_miu', 'current', 'again');
    expect(log).toEqual(['set disputes/u1_1']);
    docs.set('disputes/u1_2', { handleId: 'x_bbb' });
    await expect(openDispute('u1', 'x_ccc', 'former', 'x')).rejects.toBeInstanceOf(DisputeLimitError);
  });
});
