/**
 * Ids from my private subcollections (which of the shown therapists are my
 * 推し; my handle watches) by queries of Firestore's REST API, with
 * my ID token (firestore.rules apply as to the SDK). Like the nav bell
 * (src/lib/firebase/rest.ts), so a page view that only shows the buttons
 * downloads no Firestore SDK: it loads on the first tap (writes.ts).
 */
import { runQuery } from '../../lib/firebase/rest';

/** The ids of the documents a structured query on my `parentPath` returns (names only, no fields). */
async function queryIds(parentPath: string, structuredQuery: Record<string, unknown>): Promise<string[]> {
  const found = await runQuery({ ...structuredQuery, select: { fields: [{ fieldPath: '__name__' }] } }, parentPath);
  return found.map((row) => row.id);
}

/** The document ids under `parentPath` (e.g. `handleWatches/{uid}`) in `collectionId`. */
export function myDocumentIds(parentPath: string, collectionId: string): Promise<string[]> {
  return queryIds(parentPath, { from: [{ collectionId }] });
}

/** Firestore's limit on the values of one `in` filter. */
export const IN_QUERY_LIMIT = 30;

/**
 * Which of `targetUids` (at most IN_QUERY_LIMIT) are my 推し: billed one read per match (one when none),
 * so a profile costs one read however many 推し she has.
 */
export function myFavoritesAmong(uid: string, targetUids: readonly string[]): Promise<string[]> {
  return queryIds(`favorites/${encodeURIComponent(uid)}`, {
    from: [{ collectionId: 'items' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'targetUid' },
        op: 'IN',
        value: { arrayValue: { values: targetUids.map((target) => ({ stringValue: target })) } },
      },
    },
  });
}
