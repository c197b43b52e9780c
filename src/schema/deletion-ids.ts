/**
 * deletions/{collection}:{docId}: the tombstone of a deleted document the
 * public pages are built from. The incremental export reads what changed
 * after its cursor by `updatedAt`, which a delete leaves no trace of; the
 * tombstone, written in the delete's own batch, is that trace. Its ids live
 * here, without zod, because islands import them (zod would add about
 * 13 KB gzip); its schema is in ./deletions.ts.
 */
export const DELETIONS_COLLECTION = 'deletions';

/**
 * Collections whose deletes clients write tombstones for (firestore.rules allows these only); slugs: a held
 * slug released for real (docs/decisions/slug-holds.md).
 */
export const CLIENT_TOMBSTONED = ['schedules', 'frozenAccounts', 'blogs', 'posts', 'slugs'] as const;
/**
 * Collections only trusted code changes, with tombstones it writes itself: the deletes of disputes and
 * suspensions, and every write of store verifications and rankings/current (a change marker: the export
 * re-reads the document, so an idle cycle spends no query on a collection that changes this rarely); and
 * the profiles, store requests, memberships and 今すぐ an erased account leaves (scripts/accounts/).
 */
export const TRUSTED_TOMBSTONED = [
  'disputes',
  'suspensions',
  'storeVerifications',
  'rankings',
  'accounts',
  'stores',
  'storeRequests',
  'memberships',
  'availableNow',
] as const;
export type TombstonedCollection = (typeof CLIENT_TOMBSTONED)[number] | (typeof TRUSTED_TOMBSTONED)[number];

export function deletionDocId(collection: TombstonedCollection, docId: string): string {
  return `${collection}:${docId}`;
}
