/**
 * Where an account's records are, for every Firestore collection: what
 * erasing an account (退会, scripts/accounts/erase-account.ts) deletes,
 * and why the few it keeps stay. Typed over every collection the export
 * reads and every private one, so a new collection does not compile
 * without a rule; tests/unit/account-records.test.ts holds the list equal
 * to the collections firestore.rules names, and the emulator test scans
 * every document for the erased uid.
 */
import type { SourceName } from '../../src/registry/source-collections';
import { CLIENT_TOMBSTONED, TRUSTED_TOMBSTONED, type TombstonedCollection } from '../../src/schema/deletion-ids';

/** How her documents of one collection are found. */
export interface Records {
  /** The document whose id is her uid (with its subcollections). */
  byId?: true;
  /** Fields holding her uid: every document with one of them equal to it is hers. */
  fields?: readonly string[];
  /**
   * Others' documents that name her in a field that can say "none": the
   * document stays, with these fields set (and `updatedAt`, so the export
   * reads it again).
   */
  clear?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A collection nothing of hers is deleted from, and why. */
export interface Kept {
  kept: string;
}

/** The collections trusted code alone reads, which the rules leave closed (no `match`). */
export type TrustedOnlyCollection = 'suspensions' | 'storeVerifications' | 'rankings' | 'rankingSnapshots' | 'moderationLog' | 'migrations';
/** The private collections clients write under the rules. */
export type PrivateCollection =
  | 'users'
  | 'customers'
  | 'favorites'
  | 'handleWatches'
  | 'announcements'
  | 'reports'
  | 'slugHolds'
  | 'currentHandles'
  | 'storeVerificationRequests'
  | 'deletions'
  | 'accountDeletions';
export type CollectionName = SourceName | TrustedOnlyCollection | PrivateCollection;

export const ACCOUNT_RECORDS = {
  // What the public pages are built from: each delete leaves a tombstone, so the next export drops it.
  accounts: { byId: true },
  stores: { byId: true },
  // A store's confirmation goes with the store: the badge means a checked source, and there is none now.
  frozenAccounts: { fields: ['userId'], clear: { confirmedBy: { verification: 'self', confirmedBy: null } } },
  // Her shifts; a therapist's shifts at her store stay, at no store.
  schedules: { fields: ['userId'], clear: { storeId: { storeId: null } } },
  // Her own request; a therapist asking to join her store asks none now (as leaving does).
  storeRequests: { byId: true, clear: { storeId: { storeId: null, requestedAt: null } } },
  memberships: { fields: ['userId', 'storeId'] },
  slugs: { fields: ['userId'] },
  // Her claims; the claims on her handles are closed with the handles (erase-account.ts).
  disputes: { fields: ['userId'] },
  blogs: { fields: ['userId'] },
  posts: { fields: ['userId'] },
  // Hers, and a window her store opened for a therapist (at most 90 minutes).
  availableNow: { byId: true, fields: ['setBy'] },
  storeVerifications: { byId: true },
  rankings: { kept: 'derived from the favourites each day: the next ranking leaves her out, and the export drops a missing profile' },
  rankingSnapshots: { kept: 'each day’s ranks by uid, compared the next day: hers drop out from the next ranking on' },
  suspensions: { kept: 'an erased uid stays refused, should it ever sign in again; the reason is the operator’s' },
  // Private.
  users: { byId: true },
  customers: { byId: true },
  // Her 推し, and every fan's 推し of her (with that fan's count: erase-account.ts).
  favorites: { byId: true },
  handleWatches: { byId: true },
  announcements: { fields: ['userId'] },
  reports: { fields: ['userId'] },
  slugHolds: { byId: true },
  currentHandles: { fields: ['userId'] },
  storeVerificationRequests: { byId: true },
  accountDeletions: { byId: true },
  deletions: { kept: 'tombstones name deleted documents by id: the trace the export needs to drop them' },
  moderationLog: { kept: 'the operator’s record of decisions, private to trusted code' },
  migrations: { kept: 'which data migrations ran: nobody’s records' },
} as const satisfies Record<CollectionName, Records | Kept>;

/** The collections her records are deleted from. */
export const ERASED_COLLECTIONS = (Object.keys(ACCOUNT_RECORDS) as CollectionName[]).filter(
  (name): name is Exclude<CollectionName, KeptCollection> => !('kept' in ACCOUNT_RECORDS[name]),
);
type KeptCollection = { [K in CollectionName]: (typeof ACCOUNT_RECORDS)[K] extends Kept ? K : never }[CollectionName];

/** Collections whose deletes the export must learn of by a tombstone. */
export function isTombstoned(name: CollectionName): name is TombstonedCollection {
  return TOMBSTONED.has(name);
}
const TOMBSTONED = new Set<string>([...CLIENT_TOMBSTONED, ...TRUSTED_TOMBSTONED]);
