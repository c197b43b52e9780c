/**
 * The schema of every Firestore collection, by path pattern: the source
 * collections' from their registry entries (./source-collections.ts), the
 * reports' from ./reports.ts, and the private collections nothing public
 * is derived from, listed here. The seed checks every document against it
 * before writing (scripts/seed/write.ts); the rules tests hold
 * firestore.rules to it (tests/rules/malformed.test.ts).
 */
import type { ZodType } from '../schema/zod';
import { announcementDoc } from '../schema/announcements';
import { customerRecordDoc, notebookKeyDoc } from '../schema/customers';
import { favoriteDoc, handleWatchDoc } from '../schema/favorites';
import { storeVerificationRequestDoc } from '../schema/moderation';
import { currentHandleDoc, handleSlotDoc } from '../schema/frozen-accounts';
import { slugHoldsDoc } from '../schema/slugs';
import { fcmTokenDoc, userDoc } from '../schema/users';
import { reportDoc } from './reports';
import { SOURCE_COLLECTIONS, SOURCE_NAMES } from './source-collections';

/** Schema of each collection, keyed by its path pattern ({id} segments dropped). */
export const SCHEMAS: Readonly<Record<string, ZodType>> = {
  ...Object.fromEntries(SOURCE_NAMES.map((name) => [name, SOURCE_COLLECTIONS[name].schema])),
  reports: reportDoc,
  users: userDoc,
  'users/fcmTokens': fcmTokenDoc,
  'users/handleSlots': handleSlotDoc,
  slugHolds: slugHoldsDoc,
  currentHandles: currentHandleDoc,
  announcements: announcementDoc,
  'favorites/items': favoriteDoc,
  'handleWatches/handles': handleWatchDoc,
  customers: notebookKeyDoc,
  'customers/records': customerRecordDoc,
  storeVerificationRequests: storeVerificationRequestDoc,
};

/** The schema for a document path such as `customers/u1/records/9`, or undefined. */
export function schemaForPath(documentPath: string): ZodType | undefined {
  const collections = documentPath.split('/').filter((_, index) => index % 2 === 0);
  return SCHEMAS[collections.join('/')];
}
