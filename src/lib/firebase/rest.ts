/**
 * Two read-only calls of Firestore's REST API, for the nav bell only: the
 * lite SDK would add ~25 KB gzip to every signed-in page view for two
 * reads. Requests carry the user's ID token, so firestore.rules apply
 * exactly as they do to the SDK (which speaks this same API).
 */
import { emulatorOrigins, firebaseConfig, usesEmulators } from './config';

const origin = usesEmulators
  ? `http://${emulatorOrigins.firestore.host}:${emulatorOrigins.firestore.port}`
  : 'https://firestore.googleapis.com';
const documentsUrl = `${origin}/v1/projects/${firebaseConfig.projectId}/databases/(default)/documents`;

/** A REST field value; only timestamps are read here. */
type RestValue = { timestampValue?: string };
type RestFields = Record<string, RestValue | undefined>;

export class FirestoreRestError extends Error {
  constructor(readonly status: number) {
    super(`Firestore REST request failed: ${status}`);
  }
}

/** The document's fields, or null when it does not exist. */
export async function getDocumentFields(path: string, idToken: string): Promise<RestFields | null> {
  const response = await fetch(`${documentsUrl}/${path}`, { headers: { Authorization: `Bearer ${idToken}` } });
  if (response.status === 404) return null;
  if (!response.ok) throw new FirestoreRestError(response.status);
  return ((await response.json()) as { fields?: RestFields }).fields ?? {};
}

/** Fields of the newest document of `collectionId` whose `field` equals `value` (limit 1). */
export async function newestWhere(
  collectionId: string,
  field: string,
  value: string,
  orderField: string,
  idToken: string,
): Promise<RestFields | null> {
  const structuredQuery = {
    from: [{ collectionId }],
    where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } },
    orderBy: [{ field: { fieldPath: orderField }, direction: 'DESCENDING' }],
    limit: 1,
  };
  const response = await fetch(`${documentsUrl}:runQuery`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery }),
  });
  if (!response.ok) throw new FirestoreRestError(response.status);
  const rows = (await response.json()) as { document?: { fields?: RestFields } }[];
  return rows.find((row) => row.document)?.document?.fields ?? null;
}

/** Milliseconds of a REST timestamp field; 0 (the epoch) when missing. */
export function timestampMillis(value: RestValue | undefined): number {
  const parsed = value?.timestampValue ? Date.parse(value.timestampValue) : NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
}
