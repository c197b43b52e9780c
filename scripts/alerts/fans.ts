/**
 * Who hears of an event: the fans of a 推し (favorites/{fan}/items/{target}
 * rows, found with one collection-group query and read a page at a time in
 * uid order, each with when her 推し began) or the watchers of a handle (handleWatches/{fan}/handles/{h}),
 * and what each fan asked for (users/{fan}: alerts by kind, pushAlerts).
 */
import { FieldPath, Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { AlertKind } from '../../src/schema/users';
import type { FirestoreUsage } from './usage';

/** What the job needs of a fan's users/{uid} document. */
export interface FanSettings {
  uid: string;
  /** Her users document exists (a watch's counter is only moved on one that does). */
  exists: boolean;
  /** Kinds she turned off (users/{uid}.alerts[kind] === false); all on when absent. */
  off: ReadonlySet<AlertKind>;
  /** Push as well as the bell (off when absent). */
  pushAlerts: boolean;
  watchCount: number;
}

/** The fan (favorites/{fan}) or watcher (handleWatches/{fan}) uid of a row, or null for a row of another tree. */
function ownerOf(doc: QueryDocumentSnapshot, root: 'favorites' | 'handleWatches'): string | null {
  const owner = doc.ref.parent.parent;
  return owner && owner.parent.id === root && owner.parent.parent === null ? owner.id : null;
}

/** A fan of a 推し, and since when (her row's createdAt; null when it has none). */
export interface Fan {
  uid: string;
  since: Date | null;
}

export interface FanPage {
  fans: Fan[];
  /** The last row's path: the next page starts after it. */
  last: string | null;
  /** False on the last page. */
  more: boolean;
}

/** A page of `target`'s fans in uid order, after the row at `afterPath` (null: from the first). */
export async function fansOf(
  db: Firestore,
  usage: FirestoreUsage,
  target: string,
  afterPath: string | null,
  limit: number,
): Promise<FanPage> {
  // In a collection group the document id order is the path order: favorites/{fan}/items/{target}, by fan.
  let query = db.collectionGroup('items').where('targetUid', '==', target).orderBy(FieldPath.documentId()).limit(limit);
  if (afterPath !== null) query = query.startAfter(afterPath);
  const snapshot = await query.get();
  usage.query(snapshot);
  const fans = snapshot.docs.flatMap((doc) => {
    const fan = ownerOf(doc, 'favorites');
    const createdAt: unknown = doc.get('createdAt');
    const since = createdAt instanceof Timestamp ? createdAt.toDate() : null;
    return fan && fan !== target ? [{ uid: fan, since }] : [];
  });
  return { fans, last: snapshot.docs.at(-1)?.ref.path ?? afterPath, more: snapshot.size === limit };
}

export interface Watch {
  fan: string;
  path: string;
}

/** A page of the watches of `handle`, after the row at `afterPath` (null: from the first). */
export async function watchesOf(
  db: Firestore,
  usage: FirestoreUsage,
  handle: string,
  afterPath: string | null,
  limit: number,
): Promise<{ watches: Watch[]; last: string | null; more: boolean }> {
  let query = db.collectionGroup('handles').where('handle', '==', handle).orderBy(FieldPath.documentId()).limit(limit);
  if (afterPath !== null) query = query.startAfter(afterPath);
  const snapshot = await query.get();
  usage.query(snapshot);
  const watches = snapshot.docs.flatMap((doc) => {
    const fan = ownerOf(doc, 'handleWatches');
    return fan ? [{ fan, path: doc.ref.path }] : [];
  });
  return { watches, last: snapshot.docs.at(-1)?.ref.path ?? afterPath, more: snapshot.size === limit };
}

/** The settings of each fan (one read per fan, in one getAll). */
export async function fanSettings(db: Firestore, usage: FirestoreUsage, uids: readonly string[]): Promise<Map<string, FanSettings>> {
  const settings = new Map<string, FanSettings>();
  if (uids.length === 0) return settings;
  const docs = await db.getAll(...uids.map((uid) => db.collection('users').doc(uid)), {
    fieldMask: ['alerts', 'pushAlerts', 'watchCount'],
  });
  usage.documents(uids.length);
  for (const doc of docs) {
    const alerts: unknown = doc.get('alerts');
    const off = new Set<AlertKind>();
    if (alerts && typeof alerts === 'object') {
      for (const [kind, on] of Object.entries(alerts)) if (on === false) off.add(kind as AlertKind);
    }
    const watchCount: unknown = doc.get('watchCount');
    settings.set(doc.id, {
      uid: doc.id,
      exists: doc.exists,
      off,
      pushAlerts: doc.get('pushAlerts') === true,
      watchCount: typeof watchCount === 'number' ? watchCount : 0,
    });
  }
  return settings;
}
