/*
 * Push service worker of セラリンク, registered by src/lib/push/service-worker.ts
 * in the scope /firebase-cloud-messaging-push-scope (it controls no page).
 *
 * Hand-written on purpose. Firebase's own messaging service worker is set up
 * with importScripts() of the SDK from www.gstatic.com: a third-party script,
 * fetched at run time, with its own version, running with push rights on our
 * origin. The page's getToken() only needs an active registration to
 * subscribe with; showing the notification and handling its click is all a
 * worker has to do, and that is this file.
 *
 * FCM delivers the message as JSON: { notification: { title, body },
 * data: { link }, fcmOptions: { link } }; any part may be missing.
 */
const SITE_NAME = 'セラリンク';
const ICON = '/favicon.svg';
const FALLBACK_PATH = '/announcements';

self.addEventListener('install', () => {
  self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message's JSON, or {} when there is none or it is not JSON. */
function readPayload(data) {
  if (!data) return {};
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return {};
  }
}

const text = (value) => (typeof value === 'string' ? value.trim() : '');

/** A same-origin path (with query and hash) for `link`, else the announcements page. */
function safePath(link) {
  const value = text(link);
  if (!value) return FALLBACK_PATH;
  try {
    const url = new URL(value, self.location.origin);
    if (url.origin !== self.location.origin) return FALLBACK_PATH;
    return url.pathname + url.search + url.hash;
  } catch {
    return FALLBACK_PATH;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const notification = payload.notification && typeof payload.notification === 'object' ? payload.notification : {};
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const fcmOptions = payload.fcmOptions && typeof payload.fcmOptions === 'object' ? payload.fcmOptions : {};
  const title = text(notification.title) || SITE_NAME;
  const link = text(data.link) || text(fcmOptions.link) || text(notification.click_action);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: text(notification.body),
      icon: ICON,
      lang: 'ja',
      data: { path: safePath(link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openPath(safePath(data.path)));
});

/** Focuses a tab already showing the page, else opens it. */
async function openPath(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}
