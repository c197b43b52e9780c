/** enablePush / refreshPushTokenIfStale with stand-ins for the browser, Firebase and Firestore. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enablePush, refreshPushTokenIfStale } from '../../src/lib/push/enable';
import type { PushDeps } from '../../src/lib/push/push-deps';
import type { LastTokenMemory } from '../../src/lib/push/last-token';
import type { StoredToken, TokenStore } from '../../src/lib/push/token-store';
import { INSTALLATION_REGISTRATION_TIMEOUT_MS } from '../../src/lib/site';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** users/{uid}/fcmTokens/{slot} as a map "uid/slot" → record, with a log of writes ("write u1/0 token-A"). */
function memoryTokens() {
  const records = new Map<string, { token: string; refreshedAt: Date | null }>();
  const writes: string[] = [];
  const put = (uid: string, slot: number, token: string, refreshedAt: Date | null) => records.set(`${uid}/${slot}`, { token, refreshedAt });
  const store: TokenStore = {
    list: vi.fn(async (uid: string): Promise<StoredToken[]> =>
      [...records].filter(([key]) => key.startsWith(`${uid}/`)).map(([key, value]) => ({ slot: Number(key.split('/')[1]), ...value })),
    ),
    write: vi.fn(async (uid, slot, token) => {
      writes.push(`write ${uid}/${slot} ${token}`);
      put(uid, slot, token, NOW);
    }),
    touch: vi.fn(async (uid, slot) => {
      writes.push(`touch ${uid}/${slot}`);
      records.get(`${uid}/${slot}`)!.refreshedAt = NOW;
    }),
    remove: vi.fn(async (uid, slot) => {
      writes.push(`remove ${uid}/${slot}`);
      records.delete(`${uid}/${slot}`);
    }),
  };
  return { store, records, writes, put };
}

function memoryLastToken(initial: Record<string, string> = {}): LastTokenMemory & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (uid) => values.get(uid) ?? null, set: (uid, token) => void values.set(uid, token) };
}

const registration = { scope: '/firebase-cloud-messaging-push-scope' } as ServiceWorkerRegistration;

function fakeDeps(overrides: Partial<PushDeps> = {}) {
  const tokens = memoryTokens();
  const deps: PushDeps = {
    availability: () => 'available',
    permission: () => 'granted',
    requestPermission: vi.fn(async () => 'granted' as const),
    messagingSupported: vi.fn(async () => true),
    registerServiceWorker: vi.fn(async () => registration),
    getToken: vi.fn(async () => 'token-A'),
    tokens: tokens.store,
    lastToken: memoryLastToken(),
    now: () => NOW,
    ...overrides,
  };
  return { deps, tokens };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('enablePush failures', () => {
  it('is unsupported when the browser lacks the APIs, without prompting', async () => {
    const { deps } = fakeDeps({ availability: () => 'unsupported' });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'unsupported' });
    expect(deps.requestPermission).not.toHaveBeenCalled();
  });

  it('is unsupported (and never prompts) in the local demo', async () => {
    const { deps } = fakeDeps({ availability: () => 'local-demo' });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'unsupported' });
    expect(deps.requestPermission).not.toHaveBeenCalled();
  });

  it('maps a denied permission to permission-blocked', async () => {
    const { deps } = fakeDeps({ requestPermission: async () => 'denied' });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'permission-blocked' });
    expect(deps.registerServiceWorker).not.toHaveBeenCalled();
  });

  it('maps a dismissed prompt (still default) to permission-dismissed', async () => {
    const { deps } = fakeDeps({ requestPermission: async () => 'default' });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'permission-dismissed' });
    expect(deps.registerServiceWorker).not.toHaveBeenCalled();
  });

  it('is unsupported when firebase/messaging says so, after the prompt', async () => {
    const { deps } = fakeDeps({ messagingSupported: async () => false });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'unsupported' });
    expect(deps.registerServiceWorker).not.toHaveBeenCalled();
  });

  it('maps a failed service-worker registration to service-worker', async () => {
    const { deps } = fakeDeps({ registerServiceWorker: async () => Promise.reject(new Error('SecurityError')) });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'service-worker' });
    expect(deps.getToken).not.toHaveBeenCalled();
  });

  it('maps a failed getToken to token-subscribe', async () => {
    const { deps, tokens } = fakeDeps({ getToken: async () => Promise.reject(new Error('messaging/token-subscribe-failed')) });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-subscribe' });
    expect(tokens.writes).toEqual([]);
  });

  it('maps an empty token to token-subscribe', async () => {
    const { deps } = fakeDeps({ getToken: async () => '' });
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-subscribe' });
  });

  it('maps a getToken that never answers to token-subscribe after the installation timeout', async () => {
    vi.useFakeTimers();
    const { deps } = fakeDeps({ getToken: () => new Promise<string>(() => {}) });
    let result: unknown;
    void enablePush('u1', deps).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(INSTALLATION_REGISTRATION_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: false, failure: 'token-subscribe' });
  });

  it('maps a failed Firestore write to token-update, and remembers nothing', async () => {
    const { deps } = fakeDeps();
    deps.tokens.write = async () => Promise.reject(new Error('permission-denied'));
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-update' });
    expect(deps.lastToken.get('u1')).toBeNull();
  });

  it('maps a failed Firestore read to token-update', async () => {
    const { deps } = fakeDeps();
    deps.tokens.list = async () => Promise.reject(new Error('unavailable'));
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-update' });
  });
});

describe('enablePush storing the token', () => {
  it('prompts, registers the worker, gets the token with it, and stores a new token', async () => {
    const { deps, tokens } = fakeDeps();
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(deps.requestPermission).toHaveBeenCalledOnce();
    expect(deps.getToken).toHaveBeenCalledWith(registration);
    expect(tokens.writes).toEqual(['write u1/0 token-A']);
    expect(deps.lastToken.get('u1')).toBe('token-A');
  });

  it('leaves a token refreshed within 7 days alone', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.put('u1', 3, 'token-A', daysAgo(7));
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(tokens.writes).toEqual([]);
  });

  it('refreshes a token older than 7 days', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.put('u1', 3, 'token-A', new Date(daysAgo(7).getTime() - 1));
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(tokens.writes).toEqual(['touch u1/3']);
  });

  it('refreshes a token whose refreshedAt is unreadable', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.put('u1', 1, 'token-A', null);
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['touch u1/1']);
  });

  it('stores a changed token in the slot of the old one', async () => {
    const { deps, tokens } = fakeDeps({ getToken: async () => 'token-B', lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.put('u1', 0, 'other-browser', daysAgo(1));
    tokens.put('u1', 2, 'token-A', daysAgo(1));
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-B' });
    expect(tokens.writes).toEqual(['write u1/2 token-B']);
    expect(tokens.records.get('u1/2')?.token).toBe('token-B');
    expect(deps.lastToken.get('u1')).toBe('token-B');
  });

  it('takes the first free slot for a new browser', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.put('u1', 0, 'a', daysAgo(1));
    tokens.put('u1', 1, 'b', daysAgo(1));
    tokens.put('u1', 3, 'c', daysAgo(1));
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['write u1/2 token-A']);
  });

  it('replaces the stalest of five tokens for a sixth browser', async () => {
    const { deps, tokens } = fakeDeps();
    [1, 9, 4, 30, 2].forEach((age, slot) => tokens.put('u1', slot, `t${slot}`, daysAgo(age)));
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['write u1/3 token-A']);
  });

  it('keeps the last token per user: another user’s token is not touched', async () => {
    const { deps, tokens } = fakeDeps({ lastToken: memoryLastToken({ u2: 'token-Z' }) });
    tokens.put('u2', 0, 'token-Z', daysAgo(1));
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['write u1/0 token-A']);
  });

  it('clears a slot still holding the previous token once this token is stored elsewhere', async () => {
    const { deps, tokens } = fakeDeps({ lastToken: memoryLastToken({ u1: 'token-old' }) });
    tokens.put('u1', 0, 'token-A', daysAgo(1));
    tokens.put('u1', 4, 'token-old', daysAgo(1));
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['remove u1/4']);
  });

  it('reports token-update when the write fails, and retries it next time', async () => {
    const last = memoryLastToken({ u1: 'token-A' });
    const { deps, tokens } = fakeDeps({ getToken: async () => 'token-B', lastToken: last });
    const write = tokens.store.write;
    deps.tokens.write = async () => Promise.reject(new Error('unavailable'));
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-update' });
    expect(last.get('u1')).toBe('token-A');
    deps.tokens.write = write;
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-B' });
    expect(tokens.writes).toEqual(['write u1/0 token-B']);
  });
});

describe('refreshPushTokenIfStale', () => {
  it('does nothing (and never prompts) unless permission is already granted', async () => {
    for (const permission of ['default', 'denied'] as const) {
      const { deps, tokens } = fakeDeps({ permission: () => permission });
      expect(await refreshPushTokenIfStale('u1', deps)).toBeNull();
      expect(deps.requestPermission).not.toHaveBeenCalled();
      expect(deps.getToken).not.toHaveBeenCalled();
      expect(tokens.writes).toEqual([]);
    }
  });

  it('does nothing in the local demo or an unsupported browser', async () => {
    for (const availability of ['local-demo', 'unsupported'] as const) {
      const { deps } = fakeDeps({ availability: () => availability });
      expect(await refreshPushTokenIfStale('u1', deps)).toBeNull();
      expect(deps.getToken).not.toHaveBeenCalled();
    }
  });

  it('refreshes a stale token without prompting', async () => {
    const { deps, tokens } = fakeDeps({ lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.put('u1', 0, 'token-A', daysAgo(8));
    expect(await refreshPushTokenIfStale('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(deps.requestPermission).not.toHaveBeenCalled();
    expect(tokens.writes).toEqual(['touch u1/0']);
  });

  it('leaves a fresh token alone', async () => {
    const { deps, tokens } = fakeDeps({ lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.put('u1', 0, 'token-A', daysAgo(2));
    expect(await refreshPushTokenIfStale('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(tokens.writes).toEqual([]);
  });

  it('replaces a token that changed since last time', async () => {
    const { deps, tokens } = fakeDeps({ getToken: async () => 'token-C', lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.put('u1', 1, 'token-A', daysAgo(2));
    await refreshPushTokenIfStale('u1', deps);
    expect(tokens.writes).toEqual(['write u1/1 token-C']);
  });

  it('reports a service-worker failure', async () => {
    const { deps } = fakeDeps({ registerServiceWorker: async () => Promise.reject(new Error('timeout')) });
    expect(await refreshPushTokenIfStale('u1', deps)).toEqual({ ok: false, failure: 'service-worker' });
  });
});
