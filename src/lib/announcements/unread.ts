/**
 * The bell's red dot: my newest announcement against
 * users/{uid}.lastCheckedAnnouncementsAt (the epoch when missing). Exactly
 * two reads per page view, through the REST calls in firebase/rest.ts.
 */
import { atom } from 'nanostores';
import { getDocumentFields, newestWhere } from '../firebase/rest';
import { timestampMillis } from '../firebase/rest-values';

/** True while one of my announcements is newer than my last visit to /announcements; null until checked. */
export const $hasUnreadAnnouncements = atom<boolean | null>(null);

/** Pure rule, for the tests: unread when the newest is later than the last check. */
export function isUnread(newestMillis: number, lastCheckedMillis: number): boolean {
  return newestMillis > lastCheckedMillis;
}

export async function checkUnreadAnnouncements(uid: string, idToken: string): Promise<boolean> {
  const [user, newest] = await Promise.all([
    getDocumentFields(`users/${encodeURIComponent(uid)}`, idToken),
    newestWhere('announcements', 'userId', uid, 'createdAt', idToken),
  ]);
  const unread = isUnread(timestampMillis(newest?.createdAt), timestampMillis(user?.lastCheckedAnnouncementsAt));
  $hasUnreadAnnouncements.set(unread);
  return unread;
}
