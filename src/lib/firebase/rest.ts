/**
 * Firestore's REST API, for the islands whose budget the SDK would break:
 * the nav bell (the lite SDK would add ~25 KB gzip to every signed-in page
 * view for two reads), the 推し button and the blog editor (under 180 KB
 * with React, Auth and the Markdown renderer). Requests carry the user's ID
 * token, so firestore.rules apply exactly as they do to the SDK (which
 * speaks this same API). Errors carry the SDK's codes (`permission-denied`,
 * `failed-precondition`, …) so error-code.ts reads both alike; a request
 * with no answer rejects with fetch's TypeError, or after
 * REQUEST_TIMEOUT_MS with `deadline-exceeded` (both isNetworkFailure).
 */
import { clientAuth } from './app';
import { emulatorOrigins, firebaseConfig, usesEmulators } from './config';
import { toRestFields, type RestFields } from './rest-values';

const origin = usesEmulators
  ? `http://${emulatorOrigins.firestore.host}:${emulatorOrigins.firestore.port}`
  : 'https://firestore.googleapis.com';
const databaseName = `projects/${firebaseConfig.projectId}/databases/(default)`;
const documentsUrl = `${origin}/v1/${databaseName}/documents`;

export class FirestoreRestError extends Error {
  /** The SDK's spelling of the status: PERMISSION_DENIED → permission-denied. */
  readonly code: string;

  constructor(
    readonly status: number,
    statusName = '',
  ) {
    super(`Firestore REST request failed: ${status} ${statusName}`.trim());
    this.code = statusName ? statusName.toLowerCase().replace(/_/g, '-') : 'unknown';
  }
}

export interface RestDocument {
  /** The last path segment. */
  id: string;
  fields: RestFields;
  /** When it was last written, to the nanosecond (a write's precondition). */
  updateTime: string;
}

/** The full resource name of a document path such as `blogs/abc`. */
export function documentName(path: string): string {
  return `${databaseName}/documents/${path}`;
}

const toDocument = (found: { name: string; fields?: RestFields; updateTime: string }): RestDocument => ({
  id: decodeURIComponent(found.name.split('/').pop()!),
  fields: found.fields ?? {},
  updateTime: found.updateTime,
});

/** The signed-in user's ID token (refreshed by Auth when it nears expiry). */
async function currentIdToken(): Promise<string> {
  const user = clientAuth().currentUser;
  if (!user) throw new FirestoreRestError(401, 'UNAUTHENTICATED');
  return user.getIdToken();
}

/**
 * How long a request may go unanswered. A phone whose connection stalls
 * (a train between stations) may leave a fetch open for minutes, and the
 * button that sent it spinning; after this it fails as the SDK's
 * `deadline-exceeded`, which the forms report as a network failure and
 * keep what was typed. Long enough for a slow line to finish a commit.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** POSTs `body` to one of the API's methods (batchGet, runQuery, commit) as the signed-in user. */
async function call(url: string, idToken: string, body: unknown): Promise<Response> {
  // Not AbortSignal.timeout(): Safari before 16 lacks it.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: deadline.signal,
    });
  } catch (error) {
    if (deadline.signal.aborted) throw new FirestoreRestError(0, 'DEADLINE_EXCEEDED');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: { status?: string } } | { error?: { status?: string } }[] | null;
    const error = Array.isArray(answer) ? answer[0]?.error : answer?.error;
    throw new FirestoreRestError(response.status, error?.status);
  }
  return response;
}

/**
 * The documents at `paths`, in their order, each null when it does not
 * exist: one batchGet, which answers a missing document as `missing`. A GET
 * answers it 404, which every browser logs as a failed request, and a new
 * account's first page reads two documents it does not have yet.
 */
export async function getDocuments(paths: readonly string[], idToken?: string): Promise<(RestDocument | null)[]> {
  const names = paths.map(documentName);
  const response = await call(`${documentsUrl}:batchGet`, idToken ?? (await currentIdToken()), { documents: names });
  const rows = (await response.json()) as { found?: Parameters<typeof toDocument>[0] }[];
  const found = new Map(rows.flatMap((row) => (row.found ? [[row.found.name, toDocument(row.found)] as const] : [])));
  return names.map((name) => found.get(name) ?? null);
}

/** The document at `path`, or null when it does not exist. */
export async function getDocument(path: string, idToken?: string): Promise<RestDocument | null> {
  const [document] = await getDocuments([path], idToken);
  return document ?? null;
}

/** The document's fields, or null when it does not exist. */
export async function getDocumentFields(path: string, idToken: string): Promise<RestFields | null> {
  return (await getDocument(path, idToken))?.fields ?? null;
}

/** The documents a structured query returns, under `parentPath` (e.g. `favorites/{uid}`) or the root. */
export async function runQuery(structuredQuery: Record<string, unknown>, parentPath = '', idToken?: string): Promise<RestDocument[]> {
  const parent = parentPath ? `${documentsUrl}/${parentPath}` : documentsUrl;
  const response = await call(`${parent}:runQuery`, idToken ?? (await currentIdToken()), { structuredQuery });
  const rows = (await response.json()) as { document?: Parameters<typeof toDocument>[0] }[];
  return rows.flatMap((row) => (row.document ? [toDocument(row.document)] : []));
}

/** Fields of the newest document of `collectionId` whose `field` equals `value` (limit 1). */
export async function newestWhere(
  collectionId: string,
  field: string,
  value: string,
  orderField: string,
  idToken: string,
): Promise<RestFields | null> {
  const found = await runQuery(
    {
      from: [{ collectionId }],
      where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } },
      orderBy: [{ field: { fieldPath: orderField }, direction: 'DESCENDING' }],
      limit: 1,
    },
    '',
    idToken,
  );
  return found[0]?.fields ?? null;
}

/** One write of a commit. */
export type RestWrite =
  | {
      /** The document path, e.g. `blogs/abc`. */
      set: string;
      values: Record<string, unknown>;
      /** Fields set to the server's time of the commit (the SDK's serverTimestamp()). */
      serverTime?: string[];
      /** Only when the document does not exist yet, or is still at this updateTime. */
      precondition?: { exists: false } | { updateTime: string };
    }
  | { delete: string };

/** Applies the writes atomically (all or none), as the SDK's batch does. */
export async function commit(writes: RestWrite[]): Promise<void> {
  const body = {
    writes: writes.map((write) =>
      'delete' in write
        ? { delete: documentName(write.delete) }
        : {
            update: { name: documentName(write.set), fields: toRestFields(write.values) },
            ...(write.serverTime?.length
              ? { updateTransforms: write.serverTime.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })) }
              : {}),
            ...(write.precondition ? { currentDocument: write.precondition } : {}),
          },
    ),
  };
  await call(`${documentsUrl}:commit`, await currentIdToken(), body);
}
