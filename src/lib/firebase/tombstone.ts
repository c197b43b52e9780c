/**
 * Deletes a document the public pages are built from, with its tombstone
 * in the same batch or transaction (src/schema/deletions.ts): firestore.rules refuses the
 * delete without it, and the incremental export would not see it otherwise.
 * (rest-tombstone.ts does the same for islands on the REST API.)
 */
import { doc, serverTimestamp, type Firestore, type Transaction, type WriteBatch } from 'firebase/firestore/lite';
import { DELETIONS_COLLECTION, deletionDocId, type CLIENT_TOMBSTONED } from '../../schema/deletion-ids';

export function deleteWithTombstone(
  db: Firestore,
  writes: WriteBatch | Transaction,
  collection: (typeof CLIENT_TOMBSTONED)[number],
  docId: string,
): void {
  // Transaction and WriteBatch share delete() and set(); TypeScript cannot call them on their union.
  const batch = writes as WriteBatch;
  batch.delete(doc(db, collection, docId));
  batch.set(doc(db, DELETIONS_COLLECTION, deletionDocId(collection, docId)), { collection, docId, deletedAt: serverTimestamp() });
}
