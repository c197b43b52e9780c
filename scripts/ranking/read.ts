/**
 * What the ranking reads: every favourite (one collection-group query), the
 * fans' accounts from Auth (listUsers pages: no Firestore reads), the
 * suspended uids, and the profiles of the therapists with counted fans.
 * Each Firestore read is added to `reads`, so the run can say what it cost.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { accountDoc } from '../../src/schema/accounts';
import { favoriteDoc } from '../../src/schema/favorites';
import type { ReadCounter } from '../export/read-source';
import { chunk } from '../lib/messaging';
import type { FanAccount, FavoriteRow } from './count';

/** The subcollection name of favorites/{fan}/items/{target} (no other collection uses it). */
const FAVORITE_ITEMS = 'items';
/** Documents per getAll: well under Firestore's request limits. */
const GET_ALL_CHUNK = 300;

/** Every favourite that fits its schema and sits at favorites/{fan}/items/{targetUid}; `skipped` counts the rest. */
export async function readFavorites(db: Firestore, reads: ReadCounter): Promise<{ rows: FavoriteRow[]; skipped: number }> {
  const snapshot = await db.collectionGroup(FAVORITE_ITEMS).get();
  reads.add(snapshot);
  const rows: FavoriteRow[] = [];
  let skipped = 0;
  for (const doc of snapshot.docs) {
    const fan = doc.ref.parent.parent;
    const parsed = favoriteDoc.safeParse(doc.data());
    if (!fan || fan.parent.id !== 'favorites' || fan.parent.parent !== null || !parsed.success || parsed.data.targetUid !== doc.id) {
      skipped++;
      continue;
    }
    rows.push({ fan: fan.id, target: doc.id, kind: parsed.data.targetKind, createdAt: parsed.data.createdAt.toDate() });
  }
  return { rows, skipped };
}

/** Every Auth account: verified email, creation time, disabled. */
export async function readFanAccounts(auth: Auth): Promise<{ accounts: Map<string, FanAccount>; pages: number }> {
  const accounts = new Map<string, FanAccount>();
  let pages = 0;
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    pages++;
    for (const user of page.users) {
      accounts.set(user.uid, {
        emailVerified: user.emailVerified,
        createdAt: new Date(user.metadata.creationTime),
        disabled: user.disabled,
      });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return { accounts, pages };
}

/** The uids with a suspensions/{uid} document (present counts, malformed or not). */
export async function readSuspended(db: Firestore, reads: ReadCounter): Promise<Set<string>> {
  const snapshot = await db.collection('suspensions').get();
  reads.add(snapshot);
  return new Set(snapshot.docs.map((doc) => doc.id));
}

/** The area of each of `uids` that is a published, unsuspended therapist (others are absent). */
export async function readPublishedTherapists(
  db: Firestore,
  uids: readonly string[],
  suspended: ReadonlySet<string>,
  reads: ReadCounter,
): Promise<Map<string, string>> {
  const areas = new Map<string, string>();
  for (const ids of chunk(uids, GET_ALL_CHUNK)) {
    const docs = await db.getAll(...ids.map((uid) => db.collection('accounts').doc(uid)));
    for (const doc of docs) {
      reads.addOne();
      const parsed = accountDoc.safeParse(doc.data());
      if (parsed.success && parsed.data.published && parsed.data.userId === doc.id && !suspended.has(doc.id)) {
        areas.set(doc.id, parsed.data.area);
      }
    }
  }
  return areas;
}
