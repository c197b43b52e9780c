/** enablePush / refreshPushTokenIfStale with stand-ins for the browser, Firebase and Firestore. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enablePush, refreshPushTokenIfStale, type PushDeps } from '../../src/lib/push/enable';
import type { LastTokenMemory } from '../../src/lib/push/last-token';
import type { StoredToken, TokenStore } from '../../src/lib/push/token-store';
import { INSTALLATION_REGISTRATION_TIMEOUT_MS } from '../../src/lib/site';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** users/{uid}/fcmTokens as a map "uid/token" → record, with a log of writes. */
function memoryTokens(initial: Record<string, StoredToken> = {}) {
  const records = new Map(Object.entries(initial));
  const writes: string[] = [];
  const store: TokenStore = {
    read: vi.fn(async (uid, token) => records.get(`${uid}/${token}`) ?? null),
    create: vi.fn(async (uid, token) => {
      writes.push(`create ${uid}/${token}`);
      records.set(`${uid}/${token}`, { refreshedAt: NOW });
    }),
    touch: vi.fn(async (uid, token) => {
      writes.push(`touch ${uid}/${token}`);
      records.set(`${uid}/${token}`, { refreshedAt: NOW });
    }),
    remove: vi.fn(async (uid, token) => {
      writes.push(`remove ${uid}/${token}`);
      records.delete(`${uid}/${token}`);
    }),
  };
  return { store, records, writes };
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
    deps.tokens.create = async () => Promise.reject(new Error('permission-denied'));
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-update' });
    expect(deps.lastToken.get('u1')).toBeNull();
  });

  it('maps a failed Firestore read to token-update', async () => {
    const { deps } = fakeDeps();
    deps.tokens.read = async () => Promise.reject(new Error('unavailable'));
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-update' });
  });
});

describe('enablePush storing the token', () => {
  it('prompts, registers the worker, gets the token with it, and stores a new token', async () => {
    const { deps, tokens } = fakeDeps();
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(deps.requestPermission).toHaveBeenCalledOnce();
    expect(deps.getToken).toHaveBeenCalledWith(registration);
    expect(tokens.writes).toEqual(['create u1/token-A']);
    expect(deps.lastToken.get('u1')).toBe('token-A');
  });

  it('leaves a token refreshed within 7 days alone', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.records.set('u1/token-A', { refreshedAt: daysAgo(7) });
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(tokens.writes).toEqual([]);
  });

  it('refreshes a token older than 7 days', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.records.set('u1/token-A', { refreshedAt: new Date(daysAgo(7).getTime() - 1) });
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(tokens.writes).toEqual(['touch u1/token-A']);
  });

  it('refreshes a token whose refreshedAt is unreadable', async () => {
    const { deps, tokens } = fakeDeps();
    tokens.records.set('u1/token-A', { refreshedAt: null });
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['touch u1/token-A']);
  });

  it('stores a changed token and deletes the old one', async () => {
    const { deps, tokens } = fakeDeps({ getToken: async () => 'token-B', lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.records.set('u1/token-A', { refreshedAt: daysAgo(1) });
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-B' });
    expect(tokens.writes).toEqual(['create u1/token-B', 'remove u1/token-A']);
    expect([...tokens.records.keys()]).toEqual(['u1/token-B']);
    expect(deps.lastToken.get('u1')).toBe('token-B');
  });

  it('keeps the last token per user: another user’s token is not deleted', async () => {
    const { deps, tokens } = fakeDeps({ lastToken: memoryLastToken({ u2: 'token-Z' }) });
    await enablePush('u1', deps);
    expect(tokens.writes).toEqual(['create u1/token-A']);
  });

  it('reports token-update when deleting the old token fails, and retries it next time', async () => {
    const last = memoryLastToken({ u1: 'token-A' });
    const { deps, tokens } = fakeDeps({ getToken: async () => 'token-B', lastToken: last });
    const remove = tokens.store.remove;
    deps.tokens.remove = async () => Promise.reject(new Error('unavailable'));
    expect(await enablePush('u1', deps)).toEqual({ ok: false, failure: 'token-update' });
    expect(last.get('u1')).toBe('token-A');
    deps.tokens.remove = remove;
    expect(await enablePush('u1', deps)).toEqual({ ok: true, token: 'token-B' });
    expect(tokens.writes).toEqual(['create u1/token-B', 'remove u1/token-A']);
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
    tokens.records.set('u1/token-A', { refreshedAt: daysAgo(8) });
    expect(await refreshPushTokenIfStale('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(deps.requestPermission).not.toHaveBeenCalled();
    expect(tokens.writes).toEqual(['touch u1/token-A']);
  });

  it('leaves a fresh token alone', async () => {
    const { deps, tokens } = fakeDeps({ lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.records.set('u1/token-A', { refreshedAt: daysAgo(2) });
    expect(await refreshPushTokenIfStale('u1', deps)).toEqual({ ok: true, token: 'token-A' });
    expect(tokens.writes).toEqual([]);
  });

  it('replaces a token that changed since last time', async () => {
    const { deps, tokens } = fakeDeps({ getToken: async () => 'token-C', lastToken: memoryLastToken({ u1: 'token-A' }) });
    tokens.records.set('u1/token-A', { refreshedAt: daysAgo(2) });
    await refreshPushTokenIfStale('u1', deps);
    expect(tokens.writes).toEqual(['create u1/token-C', 'remove u1/token-A']);
  });

  it('reports a service-worker failure', async () => {
    const { deps } = fakeDeps({ registerServiceWorker: async () => Promise.reject(new Error('timeout')) });
    expect(await refreshPushTokenIfStale('u1', deps)).toEqual({ ok: false, failure: 'service-worker' });
  });
});
