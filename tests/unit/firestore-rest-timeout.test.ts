import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkFailure } from '../../src/lib/firebase/error-code';
import { FirestoreRestError, REQUEST_TIMEOUT_MS, documentName, getDocument, getDocuments } from '../../src/lib/firebase/rest';

/** A fetch that never answers (a stalled phone connection), until its signal aborts it as browsers do. */
function stalledFetch(): typeof fetch {
  return ((_url: string, init?: RequestInit) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    })) as typeof fetch;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Firestore REST requests', () => {
  it('fail as deadline-exceeded, a network failure, when no answer comes in time', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', stalledFetch());
    const read = getDocument('therapists/t1', 'a-token');
    const outcome = read.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    // Still waiting a millisecond before the deadline.
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(FirestoreRestError);
    expect((error as FirestoreRestError).code).toBe('deadline-exceeded');
    expect(isNetworkFailure(error)).toBe(true);
  });

  it('pass a failed connection on as it is, and leave no timer behind an answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch);
    const failure = await getDocument('therapists/t1', 'a-token').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(isNetworkFailure(failure)).toBe(true);
    const missing = [{ missing: documentName('therapists/t1'), readTime: '2026-12-01T00:00:00Z' }];
    vi.stubGlobal('fetch', (() => Promise.resolve(Response.json(missing))) as typeof fetch);
    expect(await getDocument('therapists/t1', 'a-token')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('read several documents in one request, answered in the order asked, a missing one as null (never a 404)', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const found = {
      name: documentName('accounts/u1'),
      fields: { displayName: { stringValue: 'はな' } },
      updateTime: '2026-12-01T00:00:00Z',
    };
    vi.stubGlobal('fetch', ((url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      // batchGet answers in any order.
      return Promise.resolve(Response.json([{ found }, { missing: documentName('stores/u1') }]));
    }) as typeof fetch);
    const [store, account] = await getDocuments(['stores/u1', 'accounts/u1'], 'a-token');
    expect(store).toBeNull();
    expect(account).toMatchObject({ id: 'u1', fields: found.fields });
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/documents:batchGet$/),
        body: { documents: [documentName('stores/u1'), documentName('accounts/u1')] },
      },
    ]);
  });
});
