import type { ZodTypeAny } from 'zod';
import { accountDoc } from './accounts';
import { announcementDoc } from './announcements';
import { blogDoc } from './blogs';
import { customerRecordDoc, notebookKeyDoc } from './customers';
import { favoriteDoc, handleWatchDoc } from './favorites';
import { currentHandleDoc, frozenAccountDoc, handleSlotDoc } from './frozen-accounts';
import { membershipDoc } from './memberships';
import { disputeDoc, reportDoc, storeVerificationDoc, suspensionDoc } from './moderation';
import { postDoc } from './posts';
import { scheduleDoc } from './schedules';
import { slugDoc, slugHoldsDoc } from './slugs';
import { storeRequestDoc } from './store-requests';
import { storeDoc } from './stores';
import { fcmTokenDoc, userDoc } from './users';

/** Schema of each collection, keyed by its path pattern ({id} segments dropped). */
export const SCHEMAS: Record<string, ZodTypeAny> = {
  users: userDoc,
  'users/fcmTokens': fcmTokenDoc,
  accounts: accountDoc,
  stores: storeDoc,
  slugs: slugDoc,
  slugHolds: slugHoldsDoc,
  frozenAccounts: frozenAccountDoc,
  'users/handleSlots': handleSlotDoc,
  currentHandles: currentHandleDoc,
  storeRequests: storeRequestDoc,
  memberships: membershipDoc,
  disputes: disputeDoc,
  reports: reportDoc,
  suspensions: suspensionDoc,
  storeVerifications: storeVerificationDoc,
  schedules: scheduleDoc,
  announcements: announcementDoc,
  blogs: blogDoc,
  posts: postDoc,
  'favorites/items': favoriteDoc,
  'handleWatches/handles': handleWatchDoc,
  customers: notebookKeyDoc,
  'customers/records': customerRecordDoc,
};

/** The schema for a document path such as `customers/u1/records/9`, or undefined. */
export function schemaForPath(documentPath: string): ZodTypeAny | undefined {
  const collections = documentPath.split('/').filter((_, index) => index % 2 === 0);
  return SCHEMAS[collections.join('/')];
}
