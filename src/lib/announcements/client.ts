/**
 * My announcements on /announcements, read with the lite SDK, and the
 * record of my visit that clears the bell's dot (see unread.ts).
 */
import {
  collection,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  updateDoc,
  where,
  type QueryDocumentSnapshot,
  type Timestamp,
} from 'firebase/firestore/lite';
import { alertFacts, type AlertFacts } from '../../schema/announcements';
import { clientDb } from '../firebase/db';
import { $hasUnreadAnnouncements } from './unread';
import { errorCode } from '../firebase/error-code';

/** Announcements shown at a time on /announcements; 「もっと見る」 reads the next ones. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;

export interface AnnouncementItem {
  id: string;
  title: string;
  body: string;
  link: string;
  kind: string;
  createdAt: Date | null;
  /** An alert's facts, worded again when shown (null: a system notice or an older alert, shown as stored). */
  facts: AlertFacts | null;
}

/** Where the next page starts: the last announcement shown (opaque to the island). */
export type AnnouncementCursor = QueryDocumentSnapshot;

export interface AnnouncementPage {
  items: AnnouncementItem[];
  /** Set when older announcements remain: pass it back for the next page. */
  next: AnnouncementCursor | null;
}

/**
 * One page of my announcements, newest first, starting after `after` (the
 * previous page's `next`). Reads one more than a page to know whether
 * 「もっと見る」 has anything to show, so the button never leads nowhere.
 */
export async function listMyAnnouncements(uid: string, after: AnnouncementCursor | null = null): Promise<AnnouncementPage> {
  const mine = [where('userId', '==', uid), orderBy('createdAt', 'desc')] as const;
  const page = after ? [...mine, startAfter(after)] : mine;
  const snapshot = await getDocs(query(collection(clientDb(), 'announcements'), ...page, limit(ANNOUNCEMENTS_PAGE_SIZE + 1)));
  const shown = snapshot.docs.slice(0, ANNOUNCEMENTS_PAGE_SIZE);
  const items = shown.map((item) => {
    const data = item.data();
    return {
      id: item.id,
      title: String(data.title ?? ''),
      body: String(data.body ?? ''),
      link: String(data.link ?? ''),
      kind: String(data.kind ?? 'system'),
      createdAt: (data.createdAt as Timestamp | undefined)?.toDate() ?? null,
      facts: alertFacts.safeParse(data.facts).data ?? null,
    };
  });
  return { items, next: snapshot.docs.length > ANNOUNCEMENTS_PAGE_SIZE ? shown.at(-1)! : null };
}

/** Records the visit (server time) so the dot clears, here and on the next page. */
export async function markAnnouncementsRead(uid: string): Promise<void> {
  const ref = doc(clientDb(), 'users', uid);
  try {
    await updateDoc(ref, { lastCheckedAnnouncementsAt: serverTimestamp() });
  } catch (error) {
    // An account made before users docs existed: create it now.
    if (errorCode(error) !== 'not-found') throw error;
    await setDoc(ref, { createdAt: serverTimestamp(), lastCheckedAnnouncementsAt: serverTimestamp() });
  }
  $hasUnreadAnnouncements.set(false);
}
