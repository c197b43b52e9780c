import { z } from './zod';
import { timestamp, uid } from './common';

/**
 * storeRequests/{uid}: the store a therapist asked to join, and when
 * (docs/decisions/private-store-requests.md). Private: only she and the
 * store it names read it; the store answers in memberships/{storeId}_{uid},
 * and an answer counts only for the request it was given to (its
 * requestedAt equals this requestedAt). storeId null (or no document):
 * she asks no store; leaving sets it back to null. Written only by her.
 */
export const storeRequestDoc = z
  .object({
    userId: uid,
    /** The store she asks to join, or null. */
    storeId: uid.nullable(),
    /** When storeId last changed (the server's time); null with storeId. */
    requestedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .strict();
export type StoreRequestDoc = z.infer<typeof storeRequestDoc>;
