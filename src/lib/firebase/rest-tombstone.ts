/**
 * tombstone.ts for the REST transport (rest.ts): the delete and its
 * tombstone as the writes of one commit, so islands on the REST API load
 * no Firestore SDK for a delete.
 */
import { DELETIONS_COLLECTION, deletionDocId, type CLIENT_TOMBSTONED } from '../../schema/deletion-ids';
import type { RestWrite } from './rest';

export function deleteWithTombstoneWrites(collection: (typeof CLIENT_TOMBSTONED)[number], docId: string): RestWrite[] {
  return [
    { delete: `${collection}/${docId}` },
    { set: `${DELETIONS_COLLECTION}/${deletionDocId(collection, docId)}`, values: { collection, docId }, serverTime: ['deletedAt'] },
  ];
}
