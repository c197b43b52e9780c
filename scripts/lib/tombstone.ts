/**
 * Trusted code's deletes of documents the public pages are built from,
 * with their tombstones in the same transaction (src/schema/deletions.ts),
 * so the incremental export sees them on its next cycle.
 */
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { DELETIONS_COLLECTION, deletionDocId, type TombstonedCollection } from '../../src/schema/deletion-ids';

export function deleteWithTombstone(db: Firestore, tx: Transaction, collection: TombstonedCollection, docId: string): void {
  tx.delete(db.collection(collection).doc(docId));
  tx.set(db.collection(DELETIONS_COLLECTION).doc(deletionDocId(collection, docId)), { collection, docId, deletedAt: Timestamp.now() });
}
