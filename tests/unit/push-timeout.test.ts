/** withTimeout and the service-worker registration's 10-second limit, on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SW_SCOPE, PUSH_SW_URL, registerPushServiceWorker } from '../../src/lib/push/service-worker';
import { TimeoutError, withTimeout } from '../../src/lib/push/timeout';
import { SW_REGISTRATION_TIMEOUT_MS } from '../../src/lib/site';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Records how a promise settled, to inspect while timers are fake. */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { status: 'pending' };
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  );
  return state;
}

const never = <T>() => new Promise<T>(() => {});

describe('withTimeout', () => {
  it('rejects with onTimeout’s value once the time is up, not before', async () => {
    const reason = new Error('too slow');
    const state = track(withTimeout(never(), 1000, () => reason));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(state).toMatchObject({ status: 'rejected', error: reason });
  });

  it('rejects with a TimeoutError by default', async () => {
    const state = track(withTimeout(never(), 50));
    await vi.advanceTimersByTimeAsync(50);
    expect(state.error).toBeInstanceOf(TimeoutError);
  });

  it('passes through a value or an error that comes in time, and clears its timer', async () => {
    const ok = track(withTimeout(Promise.resolve('yes'), 1000));
    const failed = track(withTimeout(Promise.reject(new Error('no')), 1000));
    await vi.advanceTimersByTimeAsync(0);
    expect(ok).toMatchObject({ status: 'resolved', value: 'yes' });
    expect(failed.status).toBe('rejected');
    expect((failed.error as Error).message).toBe('no');
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** A service worker whose state the test moves along. */
function fakeWorker(state: ServiceWorkerState) {
  const listeners = new Set<() => void>();
  const worker = {
    state,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    moveTo(next: ServiceWorkerState) {
      worker.state = next;
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
  return worker;
}

function fakeContainer(registration: Partial<Record<'active' | 'installing' | 'waiting', unknown>> | Promise<never>) {
  return {
    register: vi.fn(() =>
      registration instanceof Promise ? registration : Promise.resolve(registration as unknown as ServiceWorkerRegistration),
    ),
  };
}

describe('registerPushServiceWorker', () => {
  it('registers /firebase-messaging-sw.js in the Firebase push scope', async () => {
    const container = fakeContainer({ active: fakeWorker('activated') });
    const state = track(registerPushServiceWorker(container));
    await vi.advanceTimersByTimeAsync(0);
    expect(container.register).toHaveBeenCalledWith(PUSH_SW_URL, { scope: PUSH_SW_SCOPE });
    expect(PUSH_SW_URL).toBe('/firebase-messaging-sw.js');
    expect(PUSH_SW_SCOPE).toBe('/firebase-cloud-messaging-push-scope');
    expect(state.status).toBe('resolved');
  });

  it('waits for an installing worker to activate', async () => {
    const installing = fakeWorker('installing');
    const state = track(registerPushServiceWorker(fakeContainer({ installing })));
    await vi.advanceTimersByTimeAsync(3000);
    expect(state.status).toBe('pending');
    installing.moveTo('installed');
    await vi.advanceTimersByTimeAsync(0);
    expect(state.status).toBe('pending');
    installing.moveTo('activated');
    await vi.advanceTimersByTimeAsync(0);
    expect(state.status).toBe('resolved');
    expect(installing.listeners.size).toBe(0);
  });

  it('fails when the worker turns redundant', async () => {
    const installing = fakeWorker('installing');
    const state = track(registerPushServiceWorker(fakeContainer({ installing })));
    await vi.advanceTimersByTimeAsync(0);
    installing.moveTo('redundant');
    await vi.advanceTimersByTimeAsync(0);
    expect(state.status).toBe('rejected');
  });

  it('gives up after 10 s when register() never answers', async () => {
    expect(SW_REGISTRATION_TIMEOUT_MS).toBe(10_000);
    const state = track(registerPushServiceWorker(fakeContainer(never())));
    await vi.advanceTimersByTimeAsync(SW_REGISTRATION_TIMEOUT_MS - 1);
    expect(state.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(state.status).toBe('rejected');
    expect(state.error).toBeInstanceOf(TimeoutError);
  });

  it('gives up after 10 s when the worker never activates', async () => {
    const state = track(registerPushServiceWorker(fakeContainer({ waiting: fakeWorker('installed') })));
    await vi.advanceTimersByTimeAsync(SW_REGISTRATION_TIMEOUT_MS);
    expect(state.error).toBeInstanceOf(TimeoutError);
  });

  it('passes a register() error through at once', async () => {
    const container = { register: vi.fn(() => Promise.reject(new Error('SecurityError'))) };
    const state = track(registerPushServiceWorker(container));
    await vi.advanceTimersByTimeAsync(0);
    expect((state.error as Error).message).toBe('SecurityError');
  });
});
