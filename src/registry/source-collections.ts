/**
 * The Firestore collections the public pages are derived from, each
 * described once: the schema a document must pass, how its id must relate
 * to its fields, the field the incremental export reads changes by, and
 * how the derivations see it. The export (its reader, mirror and
 * derivations), the change watcher of `npm start` and the document schemas
 * (./firestore-schemas.ts) read this table; the public side (which public
 * records and pages each feeds) is ./public-collections.ts.
 *
 * Which collections' deletes leave a tombstone is src/schema/deletion-ids.ts:
 * the islands write tombstones and may not import zod.
 *
 * users, customers, announcements, favorites, reports, tokens and slug
 * hold lists are not here: nothing public is derived from them, and the
 * export never reads them (rankings is: the counts scripts/ranking.ts
 * derived from favorites).
 */
import type { ZodType, z } from '../schema/zod';
import { accountDoc } from '../schema/accounts';
import { availableNowDoc } from '../schema/available-now';
import { blogDoc, MAX_BLOGS_PER_DAY } from '../schema/blogs';
import { MAX_POSTS_PER_DAY, postDoc } from '../schema/posts';
import { frozenAccountDoc, handleDocId } from '../schema/frozen-accounts';
import { membershipDoc, membershipDocId } from '../schema/memberships';
import { disputeDoc, MAX_OPEN_DISPUTES, storeVerificationDoc, suspensionDoc } from '../schema/moderation';
import { RANKING_DOC_ID, rankingDoc } from '../schema/rankings';
import { MAX_SHIFTS_PER_DAY, scheduleDoc, shiftDocId } from '../schema/schedules';
import { slugDoc } from '../schema/slugs';
import { storeDoc } from '../schema/stores';
import { storeRequestDoc } from '../schema/store-requests';
import { parseDailyDocId } from '../lib/daily-id';
import { SLUG_PATTERN } from '../lib/slugs';

export interface SourceCollection<S extends ZodType = ZodType> {
  schema: S;
  /** A problem with how a valid document relates to its id (rules key documents by their fields), or null. */
  idCheck: (id: string, data: z.infer<S>) => string | null;
  /**
   * How the incremental export finds what changed: a timestamp field that
   * every write sets to the server's time (rules enforce it), or `owner`:
   * re-read with the owner's profile, which is written in the same
   * transaction (slugs), or `byMarker`: re-read when a write leaves a
   * marker in deletions/ (rankings, see src/schema/deletion-ids.ts).
   */
  changes: { field: 'updatedAt' | 'createdAt' } | { byOwner: true } | { byMarker: true };
  /**
   * Only whether a document exists counts (a suspension, a store
   * verification): the derivations get the set of its ids (SourceDocs).
   */
  presence?: true;
  /**
   * A document that fails its schema still counts as present (fail closed:
   * a malformed suspension still keeps its account off the site).
   */
  presentWhenMalformed?: boolean;
  /**
   * The field holding a document's Tokyo day (shifts): one dated before
   * the export's first day (yesterday) is over, never read and dropped
   * from the mirror.
   */
  datedBy?: 'date';
}

const ownId = (id: string, data: { userId: string }) => (data.userId === id ? null : 'userId does not match the document id');
const slotIds = (prefix: string, count: number) => Array.from({ length: count }, (_, slot) => `${prefix}_${slot}`);

function source<S extends ZodType>(collection: SourceCollection<S>): SourceCollection<S> {
  return collection;
}

/** A collection whose documents count by their presence alone. */
function presence<S extends ZodType>(collection: Omit<SourceCollection<S>, 'presence'>): SourceCollection<S> & { presence: true } {
  return { ...collection, presence: true };
}

export const SOURCE_COLLECTIONS = {
  accounts: source({ schema: accountDoc, idCheck: ownId, changes: { field: 'updatedAt' } }),
  stores: source({ schema: storeDoc, idCheck: ownId, changes: { field: 'updatedAt' } }),
  frozenAccounts: source({
    schema: frozenAccountDoc,
    idCheck: (id, f) => (id === handleDocId(f.handle, f.platform) ? null : 'not the id x_{handle}'),
    changes: { field: 'updatedAt' },
  }),
  schedules: source({
    schema: scheduleDoc,
    datedBy: 'date',
    idCheck: (id, s) =>
      Array.from({ length: MAX_SHIFTS_PER_DAY }, (_, slot) => shiftDocId(s.userId, s.date, slot)).includes(id)
        ? null
        : `not a shift id {userId}_{date}_{0..${MAX_SHIFTS_PER_DAY - 1}}`,
    changes: { field: 'updatedAt' },
  }),
  // The store she asks to join: with memberships, decides her confirmed store.
  storeRequests: source({ schema: storeRequestDoc, idCheck: ownId, changes: { field: 'updatedAt' } }),
  memberships: source({
    schema: membershipDoc,
    idCheck: (id, m) => (id === membershipDocId(m.storeId, m.userId) ? null : 'not the id {storeId}_{userId}'),
    changes: { field: 'updatedAt' },
  }),
  // A held slug released for real is deleted with a tombstone (docs/decisions/slug-holds.md).
  slugs: source({
    schema: slugDoc,
    idCheck: (id) => (SLUG_PATTERN.test(id) ? null : 'not a slug'),
    changes: { byOwner: true },
  }),
  disputes: source({
    schema: disputeDoc,
    idCheck: (id, d) =>
      slotIds(d.userId, MAX_OPEN_DISPUTES).includes(id) ? null : `not a dispute id {userId}_{0..${MAX_OPEN_DISPUTES - 1}}`,
    changes: { field: 'createdAt' },
  }),
  blogs: source({
    schema: blogDoc,
    idCheck: (id, b) => (parseDailyDocId(id, b.userId, MAX_BLOGS_PER_DAY) ? null : 'not a blog id {userId}_{yyyymmdd}_{0..9}'),
    changes: { field: 'updatedAt' },
  }),
  posts: source({
    schema: postDoc,
    idCheck: (id, p) => (parseDailyDocId(id, p.userId, MAX_POSTS_PER_DAY) ? null : 'not a post id {userId}_{yyyymmdd}_{0..19}'),
    changes: { field: 'updatedAt' },
  }),
  // 今すぐ案内可: written by her or her confirmed store, never deleted (an until in the past is over).
  availableNow: source({ schema: availableNowDoc, idCheck: ownId, changes: { field: 'updatedAt' } }),
  // rankings/current: written by scripts/ranking.ts alone (src/schema/rankings.ts).
  rankings: source({
    schema: rankingDoc,
    idCheck: (id) => (id === RANKING_DOC_ID ? null : `not ${RANKING_DOC_ID}`),
    changes: { byMarker: true },
  }),
  suspensions: presence({
    schema: suspensionDoc,
    idCheck: () => null,
    changes: { field: 'createdAt' },
    presentWhenMalformed: true,
  }),
  // The operator's verify-store / unverify-store (scripts/moderate.ts): which stores' confirmations
  // count (docs/decisions/store-verification.md). Both leave a marker in deletions/ (a change this rare
  // is not worth a query in every idle cycle). A malformed one verifies nothing (no badge).
  storeVerifications: presence({
    schema: storeVerificationDoc,
    idCheck: () => null,
    changes: { byMarker: true },
  }),
} as const;

export type SourceName = keyof typeof SOURCE_COLLECTIONS;
export const SOURCE_NAMES = Object.keys(SOURCE_COLLECTIONS) as SourceName[];
/** The parsed document type of a source collection. */
export type SourceDoc<N extends SourceName> = z.infer<(typeof SOURCE_COLLECTIONS)[N]['schema']>;
/** The profile collections whose writes carry their owner's slug changes. */
export const PROFILE_SOURCES = ['accounts', 'stores'] as const satisfies readonly SourceName[];

/**
 * The source as the derivations read it (./derive.ts): each collection's
 * valid documents by id, or the ids alone where only presence counts.
 */
export type SourceDocs = {
  [N in SourceName]: (typeof SOURCE_COLLECTIONS)[N] extends { presence: true } ? Set<string> : Map<string, SourceDoc<N>>;
};

/** A source without documents (every collection empty). */
export function emptySourceDocs(): SourceDocs {
  return Object.fromEntries(
    SOURCE_NAMES.map((name) => [name, 'presence' in SOURCE_COLLECTIONS[name] ? new Set() : new Map()]),
  ) as SourceDocs;
}
