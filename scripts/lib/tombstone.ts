/**
 * Trusted code's deletes of documents the public pages are built from,
 * with their tombstones in the same transaction or batch
 * (src/schema/deletions.ts), so the incremental export sees them on its
 * next cycle; and the same marker for a write the export finds by it
 * (rankings).
 */
import { Timestamp, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { DELETIONS_COLLECTION, deletionDocId, type TombstonedCollection } from '../../src/schema/deletion-ids';

export function markChanged(db: Firestore, writes: Transaction | WriteBatch, collection: TombstonedCollection, docId: string): void {
  // Transaction and WriteBatch share set(); TypeScript cannot call it on their union.
  (writes as WriteBatch).set(db.collection(DELETIONS_COLLECTION).doc(deletionDocId(collection, docId)), {
    collection,
    docId,
    deletedAt: Timestamp.now(),
  });
}

export function deleteWithTombstone(
  db: Firestore,
  writes: Transaction | WriteBatch,
  collection: TombstonedCollection,
  docId: string,
): void {
  // Transaction and WriteBatch share delete(); TypeScript cannot call it on their union.
  (writes as WriteBatch).delete(db.collection(collection).doc(docId));
  markChanged(db, writes, collection, docId);
}
