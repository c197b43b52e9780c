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
  updateDoc,
  where,
  type Timestamp,
} from 'firebase/firestore/lite';
import { alertFacts, type AlertFacts } from '../../schema/announcements';
import { clientDb } from '../firebase/db';
import { $hasUnreadAnnouncements } from './unread';
import { errorCode } from '../firebase/error-code';

const mine = (uid: string, count: number) =>
  query(collection(clientDb(), 'announcements'), where('userId', '==', uid), orderBy('createdAt', 'desc'), limit(count));

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

export async function listMyAnnouncements(uid: string, count = 50): Promise<AnnouncementItem[]> {
  const snapshot = await getDocs(mine(uid, count));
  return snapshot.docs.map((item) => {
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
