/**
 * The ids of one of my private subcollections (favorites/{uid}/items,
 * handleWatches/{uid}/handles) in one query of Firestore's REST API, with
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

/** The document ids under `parentPath` (e.g. `favorites/{uid}`) in `collectionId`; names only, no fields. */
export async function myDocumentIds(parentPath: string, collectionId: string): Promise<string[]> {
  const user = clientAuth().currentUser;
  if (!user) throw new FirestoreRestError(401);
  const response = await fetch(`${documentsUrl}/${parentPath}:runQuery`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await user.getIdToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId }], select: { fields: [{ fieldPath: '__name__' }] } } }),
  });
  if (!response.ok) throw new FirestoreRestError(response.status);
  const rows = (await response.json()) as { document?: { name: string } }[];
  return rows.flatMap((row) => (row.document ? [decodeURIComponent(row.document.name.split('/').pop()!)] : []));
}
