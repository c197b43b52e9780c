/**
 * Ids from my private subcollections (which of the shown therapists are my
 * 推し; my handle watches) by queries of Firestore's REST API, with
 * my ID token (firestore.rules apply as to the SDK). Like the nav bell
 * (src/lib/firebase/rest.ts), so a page view that only shows the buttons
 * downloads no Firestore SDK: it loads on the first tap (writes.ts).
 */
import { clientAuth } from '../../lib/firebase/app';
import { emulatorOrigins, firebaseConfig, usesEmulators } from '../../lib/firebase/config';
import { FirestoreRestError } from '../../lib/firebase/rest';

const origin = usesEmulators
  ? `http://${emulatorOrigins.firestore.host}:${emulatorOrigins.firestore.port}`
  : 'https://firestore.googleapis.com';
const documentsUrl = `${origin}/v1/projects/${firebaseConfig.projectId}/databases/(default)/documents`;

/** The ids of the documents a structured query on my `parentPath` returns (names only, no fields). */
async function queryIds(parentPath: string, structuredQuery: Record<string, unknown>): Promise<string[]> {
  const user = clientAuth().currentUser;
  if (!user) throw new FirestoreRestError(401);
  const response = await fetch(`${documentsUrl}/${parentPath}:runQuery`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await user.getIdToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { ...structuredQuery, select: { fields: [{ fieldPath: '__name__' }] } } }),
  });
  if (!response.ok) throw new FirestoreRestError(response.status);
  const rows = (await response.json()) as { document?: { name: string } }[];
  return rows.flatMap((row) => (row.document ? [decodeURIComponent(row.document.name.split('/').pop()!)] : []));
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
