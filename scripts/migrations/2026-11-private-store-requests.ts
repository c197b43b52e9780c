/**
 * Moves the store request out of the public profile
 * (docs/decisions/private-store-requests.md): accounts/{uid}.storeId and
 * storeRequestedAt, which anyone could read on a published profile, become
 * storeRequests/{uid} = {userId, storeId, requestedAt, updatedAt}, which
 * only she and that store read; both fields leave the account.
 *
 * requestedAt keeps storeRequestedAt exactly, so every store's
 * answer (memberships requestedAt) still answers her request and no
 * confirmation is lost. A request without a time (never written by the
 * rules) gets the migration's: pending until the store answers again.
 * Idempotent: only accounts that still hold either field are written, and
 * a storeRequests doc she already has (written by newer code) is kept.
 * Both documents get updatedAt = now, so the incremental export reads them.
 */
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { Migration, MigrationResult } from './migration';

/** Accounts rewritten per batch: two writes each, under Firestore's 500. */
const BATCH_ACCOUNTS = 200;

interface OldRequest {
  ref: DocumentReference;
  uid: string;
  storeId: string | null;
  requestedAt: Timestamp | null;
}

const isStoreId = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= 128;

/** The store request an account document still holds, or null once it holds neither field. */
function oldRequestOf(ref: DocumentReference, data: Record<string, unknown>): OldRequest | null {
  if (!('storeId' in data) && !('storeRequestedAt' in data)) return null;
  const storeId = isStoreId(data.storeId) ? data.storeId : null;
  const requestedAt = storeId && data.storeRequestedAt instanceof Timestamp ? data.storeRequestedAt : null;
  return { ref, uid: ref.id, storeId, requestedAt };
}

export async function moveStoreRequests(db: Firestore): Promise<MigrationResult> {
  const accounts = await db.collection('accounts').select('storeId', 'storeRequestedAt').get();
  let read = Math.max(1, accounts.size);
  let written = 0;
  const pending = accounts.docs.flatMap((doc) => oldRequestOf(doc.ref, doc.data()) ?? []);
  for (let start = 0; start < pending.length; start += BATCH_ACCOUNTS) {
    const chunk = pending.slice(start, start + BATCH_ACCOUNTS);
    const requestRefs = chunk.map((old) => db.collection('storeRequests').doc(old.uid));
    const existing = await db.getAll(...requestRefs);
    read += existing.length;
    const now = Timestamp.now();
    const batch = db.batch();
    chunk.forEach((old, index) => {
      // Asking nobody needs no document; a request written by newer code is newer than the old fields.
      if (old.storeId && !existing[index]!.exists) {
        batch.create(requestRefs[index]!, { userId: old.uid, storeId: old.storeId, requestedAt: old.requestedAt ?? now, updatedAt: now });
        written++;
      }
      batch.update(old.ref, { storeId: FieldValue.delete(), storeRequestedAt: FieldValue.delete(), updatedAt: now });
      written++;
    });
    await batch.commit();
  }
  return { read, written };
}

export const privateStoreRequests: Migration = {
  id: '2026-11-private-store-requests',
  describe: 'move accounts.storeId and storeRequestedAt into the private storeRequests/{uid}',
  run: moveStoreRequests,
};
