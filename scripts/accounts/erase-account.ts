/**
 * Erases an account (退会): its Auth user first, so nothing new is written
 * as her while the rest goes, then every record of hers that
 * ./account-records.ts names, with a tombstone for each the public pages
 * were built from (the next export drops her profile, diaries, shifts and
 * handles), her pictures in Storage, and last her request. Also what
 * others hold of her: fans' 推し of her (with their counts), therapists'
 * requests to join her store, and open disputes over her handles, whose
 * claimants are told the handle is free. Safe to run again: each step
 * finds what is left (docs/decisions/account-erasure.md).
 */
import type { Auth } from 'firebase-admin/auth';
import type { Bucket } from '@google-cloud/storage';
import { FieldValue, type DocumentReference, type Firestore, type QueryDocumentSnapshot, type WriteBatch } from 'firebase-admin/firestore';
import { ACCOUNT_DELETIONS_COLLECTION } from '../../src/schema/account-deletions';
import { xHandleOfDocId } from '../../src/schema/frozen-accounts';
import { deleteWithTombstone } from '../lib/tombstone';
import { BY_LEAVING_REQUEST, appendModerationLog } from '../moderation/moderation-log';
import { partyOf, releasedNotice, writeNotices, type Notice } from '../moderation/notices';
import { ACCOUNT_RECORDS, ERASED_COLLECTIONS, isTombstoned, type CollectionName } from './account-records';

/** Where her pictures are kept (docs/decisions/pictures-are-storage-paths.md). */
const PICTURE_PREFIXES = ['avatars', 'blogs', 'posts'] as const;
/** Documents per batch: Firestore takes 500 writes, and a delete with its tombstone is two. */
const BATCH_DOCS = 200;
/** Claims per batch: each is a log entry, a delete, its tombstone and perhaps a notice. */
const CLAIMS_PER_BATCH = 100;
/** Values per `in` query. */
const IN_LIMIT = 30;

export interface ErasedAccount {
  uid: string;
  /** Documents deleted, by collection (a parent's subcollections go with it, uncounted). */
  deleted: Partial<Record<CollectionName, number>>;
  /** Fans' 推し of her removed (their counts lowered with them). */
  fansUnfollowed: number;
  /** Claimants told that a disputed handle of hers is free. */
  claimantsTold: number;
  pictures: number;
  /** Whether the Auth user still existed. */
  authUser: boolean;
}

export interface EraseDeps {
  db: Firestore;
  auth: Auth;
  /** Her pictures' bucket; without one (no Storage here) pictures are not touched. */
  bucket?: Bucket;
  /** Who decided, for moderationLog: the operator running `moderate erase`, else her own request. */
  by?: string;
}

export async function eraseAccount({ db, auth, bucket, by = BY_LEAVING_REQUEST }: EraseDeps, uid: string): Promise<ErasedAccount> {
  const result: ErasedAccount = { uid, deleted: {}, fansUnfollowed: 0, claimantsTold: 0, pictures: 0, authUser: true };
  try {
    await auth.deleteUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    result.authUser = false;
  }
  result.claimantsTold = await closeDisputesOverHandles(db, uid, by);
  result.fansUnfollowed = await unfollow(db, uid);
  if (bucket) result.pictures = await erasePictures(bucket, uid);
  // The request goes last: while it stays, an interrupted erasure is taken up again.
  const ordered = [...ERASED_COLLECTIONS.filter((name) => name !== ACCOUNT_DELETIONS_COLLECTION), ACCOUNT_DELETIONS_COLLECTION] as const;
  for (const name of ordered) {
    const count = await eraseFrom(db, name, uid);
    if (count > 0) result.deleted[name] = count;
  }
  return result;
}

/** Her documents of one collection, with their subcollections; tombstoned where the export reads it. */
async function eraseFrom(db: Firestore, name: (typeof ERASED_COLLECTIONS)[number], uid: string): Promise<number> {
  const records = ACCOUNT_RECORDS[name];
  const refs = new Map<string, DocumentReference>();
  if ('byId' in records) {
    const ref = db.collection(name).doc(uid);
    // A parent with subcollections (users, customers, favorites, handleWatches) may exist only as their path.
    const [doc, children] = await Promise.all([ref.get(), ref.listCollections()]);
    for (const child of children) await db.recursiveDelete(child);
    if (doc.exists) refs.set(ref.path, ref);
  }
  for (const field of 'fields' in records ? records.fields : []) {
    const found = await db.collection(name).where(field, '==', uid).select().get();
    for (const doc of found.docs) refs.set(doc.ref.path, doc.ref);
  }
  await deleteAll(db, name, [...refs.values()]);
  for (const [field, patch] of Object.entries('clear' in records ? records.clear : {})) {
    const found = await db.collection(name).where(field, '==', uid).select().get();
    const others = found.docs.filter((doc) => !refs.has(doc.ref.path));
    await commitInBatches(db, others, BATCH_DOCS, (batch, doc) =>
      batch.update(doc.ref, { ...patch, updatedAt: FieldValue.serverTimestamp() }),
    );
  }
  return refs.size;
}

async function commitInBatches<T>(
  db: Firestore,
  items: readonly T[],
  size: number,
  write: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    const batch = db.batch();
    for (const item of items.slice(start, start + size)) write(batch, item);
    await batch.commit();
  }
}

function deleteAll(db: Firestore, name: CollectionName, refs: readonly DocumentReference[]): Promise<void> {
  return commitInBatches(db, refs, BATCH_DOCS, (batch, ref) => {
    if (isTombstoned(name)) deleteWithTombstone(db, batch, name, ref.id);
    else batch.delete(ref);
  });
}

/**
 * Open disputes over a handle she holds (a former one, or her current X
 * account) close with it: each claimant is told, once per handle, that it
 * is free.
 */
async function closeDisputesOverHandles(db: Firestore, uid: string, by: string): Promise<number> {
  const [former, current] = await Promise.all(
    ['frozenAccounts', 'currentHandles'].map((name) => db.collection(name).where('userId', '==', uid).select().get()),
  );
  const handleIds = [...new Set([...former!.docs, ...current!.docs].map((doc) => doc.id))];
  const claims: { doc: QueryDocumentSnapshot; notice: Notice | null }[] = [];
  const told = new Set<string>();
  for (let start = 0; start < handleIds.length; start += IN_LIMIT) {
    const disputes = await db
      .collection('disputes')
      .where('handleId', 'in', handleIds.slice(start, start + IN_LIMIT))
      .get();
    for (const doc of disputes.docs) {
      const claimant = doc.get('userId') as string;
      if (claimant === uid) continue;
      const key = `${claimant}:${doc.get('handleId')}`;
      const first = !told.has(key);
      told.add(key);
      // The query matched her handles' ids, so each reads back as a handle.
      const notice = first ? releasedNotice(xHandleOfDocId(doc.get('handleId') as string)!, await partyOf(db, null, claimant)) : null;
      claims.push({ doc, notice });
    }
  }
  // However many claim her handles, each commit stays within Firestore's 500 writes.
  await commitInBatches(db, claims, CLAIMS_PER_BATCH, (batch, { doc, notice }) => {
    // Copied to the operator's log as `moderate` closes one, so a claim never vanishes unrecorded.
    appendModerationLog(
      db,
      batch,
      { action: 'close-dispute', target: `disputes/${doc.id}`, detail: { resolution: 'erase', dispute: doc.data() } },
      by,
    );
    deleteWithTombstone(db, batch, 'disputes', doc.id);
    if (notice) writeNotices(db, batch, [notice]);
  });
  return told.size;
}

/** Every fan's 推し of her goes, and that fan's count with it (the rules hold count == items for her own writes). */
async function unfollow(db: Firestore, uid: string): Promise<number> {
  const items = await db.collectionGroup('items').where('targetUid', '==', uid).get();
  for (const item of items.docs) {
    // favorites/{fan}/items/{uid}: the fan's count is on users/{fan}.
    const fan = db.doc(`users/${item.ref.parent.parent!.id}`);
    await db.runTransaction(async (tx) => {
      const [user, still] = await Promise.all([tx.get(fan), tx.get(item.ref)]);
      if (!still.exists) return;
      tx.delete(item.ref);
      if (!user.exists) return;
      const count = user.get('favoriteCount') as unknown;
      const patch = {
        ...(typeof count === 'number' && count > 0 ? { favoriteCount: count - 1 } : {}),
        // The fan's last 推し named her: it names nobody now.
        ...(user.get('lastFavoriteTarget') === uid ? { lastFavoriteTarget: FieldValue.delete() } : {}),
      };
      if (Object.keys(patch).length > 0) tx.update(user.ref, patch);
    });
  }
  return items.size;
}

async function erasePictures(bucket: Bucket, uid: string): Promise<number> {
  let count = 0;
  for (const prefix of PICTURE_PREFIXES) {
    const [files] = await bucket.getFiles({ prefix: `${prefix}/${uid}/` });
    await Promise.all(files.map((file) => file.delete({ ignoreNotFound: true })));
    count += files.length;
  }
  return count;
}
