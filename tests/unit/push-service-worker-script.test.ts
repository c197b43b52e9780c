/**
 * public/firebase-messaging-sw.js, run in a vm context with a stand-in
 * `self`: what it shows for an FCM push, and where a click leads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(path.resolve(import.meta.dirname, '../../public/firebase-messaging-sw.js'), 'utf8');
const ORIGIN = 'https://theralink.example';

type Listener = (event: unknown) => void;

function loadWorker(openWindows: string[] = []) {
  const listeners = new Map<string, Listener>();
  const windows = openWindows.map((url) => ({ url, focus: vi.fn(async () => undefined) }));
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  vm.runInNewContext(source, { self, URL });

  async function dispatch(type: string, event: Record<string, unknown>) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  }
  const push = (payload: unknown) =>
    dispatch('push', {
      data: payload === undefined ? null : { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) },
    });
  const lastNotification = () => {
    const calls = self.registration.showNotification.mock.calls as unknown as [
      string,
      { body: string; icon: string; data: { path: string } },
    ][];
    return calls.at(-1)!;
  };
  const click = async (data: unknown) => {
    const notification = { data, close: vi.fn() };
    await dispatch('notificationclick', { notification });
    return notification;
  };
  return { self, windows, push, click, lastNotification };
}

describe('push event', () => {
  it('shows the FCM notification with the site icon and the link', async () => {
    const worker = loadWorker();
    await worker.push({ notification: { title: 'みうさんがブログを更新', body: '新しい記事です' }, data: { link: '/therapists/miu' } });
    expect(worker.lastNotification()).toEqual([
      'みうさんがブログを更新',
      expect.objectContaining({ body: '新しい記事です', icon: '/favicon.svg', data: { path: '/therapists/miu' } }),
    ]);
  });

  it('falls back to the site name, an empty body and /announcements when parts are missing', async () => {
    const worker = loadWorker();
    await worker.push({});
    expect(worker.lastNotification()).toEqual([
      'セラリンク',
      expect.objectContaining({ body: '', icon: '/favicon.svg', data: { path: '/announcements' } }),
    ]);
  });

  it('still shows a notification for a push without data or with non-JSON data', async () => {
    const worker = loadWorker();
    await worker.push(undefined);
    await worker.push('not json');
    expect(worker.self.registration.showNotification).toHaveBeenCalledTimes(2);
    expect(worker.lastNotification()[0]).toBe('セラリンク');
  });

  it('uses fcmOptions.link when data has no link, keeping only its path on this origin', async () => {
    const worker = loadWorker();
    await worker.push({ notification: { title: 't' }, fcmOptions: { link: `${ORIGIN}/blog/1?x=1#top` } });
    expect(worker.lastNotification()[1].data.path).toBe('/blog/1?x=1#top');
  });

  it('never links to another origin, a protocol-relative URL or javascript:', async () => {
    const worker = loadWorker();
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      await worker.push({ notification: { title: 't' }, data: { link } });
      expect(worker.lastNotification()[1].data.path, link).toBe('/announcements');
    }
  });
});

describe('notificationclick event', () => {
  it('closes the notification and opens the link when no tab shows it', async () => {
    const worker = loadWorker([`${ORIGIN}/`]);
    const notification = await worker.click({ path: '/therapists/miu' });
    expect(notification.close).toHaveBeenCalled();
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/therapists/miu`);
    expect(worker.windows[0]!.focus).not.toHaveBeenCalled();
  });

  it('focuses a tab already showing the page instead of opening another', async () => {
    const worker = loadWorker([`${ORIGIN}/`, `${ORIGIN}/announcements`]);
    await worker.click({ path: '/announcements' });
    expect(worker.windows[1]!.focus).toHaveBeenCalled();
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens /announcements for a missing or foreign path', async () => {
    const worker = loadWorker();
    await worker.click(undefined);
    await worker.click({ path: 'https://evil.example/' });
    expect(worker.self.clients.openWindow.mock.calls).toEqual([[`${ORIGIN}/announcements`], [`${ORIGIN}/announcements`]]);
  });
});
