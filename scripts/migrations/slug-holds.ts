/**
 * 2026-11-slug-holds: accounts hold at most MAX_HELD_SLUGS released slugs
 * (docs/decisions/slug-holds.md). For each account, its slugs released
 * less than SLUG_HOLD_DAYS ago are listed in slugHolds/{uid}, oldest
 * first; past the cap only the newest are kept and the older ones are
 * released for real (deleted with their tombstones, so the incremental
 * export drops their redirects and anyone may take them). Idempotent: a
 * second run finds at most two holds per account, listed already.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { slugDoc, MAX_HELD_SLUGS, SLUG_HOLD_DAYS } from '../../src/schema/slugs';
import { markChanged } from '../lib/tombstone';
import type { Migration, MigrationResult } from './migration';
import { commitInBatches, type BatchWrite } from './write-batches';

const DAY_MS = 86_400_000;

export const slugHolds: Migration = {
  id: '2026-11-slug-holds',
  describe: 'slugHolds lists each account’s held slugs; past two, the oldest are released for real',
  async run(db: Firestore): Promise<MigrationResult> {
    const [slugs, lists] = await Promise.all([db.collection('slugs').get(), db.collection('slugHolds').get()]);
    const since = Date.now() - SLUG_HOLD_DAYS * DAY_MS;
    const heldBy = new Map<string, { slug: string; releasedAt: number }[]>();
    for (const doc of slugs.docs) {
      const parsed = slugDoc.safeParse(doc.data());
      // A malformed slug doc holds nothing the export would show; it is left for the operator.
      if (!parsed.success || !parsed.data.releasedAt) continue;
      const releasedAt = parsed.data.releasedAt.toDate().getTime();
      if (releasedAt <= since) continue;
      heldBy.set(parsed.data.userId, [...(heldBy.get(parsed.data.userId) ?? []), { slug: doc.id, releasedAt }]);
    }
    const listed = new Map(lists.docs.map((doc) => [doc.id, JSON.stringify(doc.get('slugs') ?? null)]));
    const writes: BatchWrite[] = [];
    for (const [uid, held] of heldBy) {
      const oldestFirst = held.sort((a, b) => a.releasedAt - b.releasedAt || (a.slug < b.slug ? -1 : 1)).map((each) => each.slug);
      const freed = oldestFirst.slice(0, Math.max(0, oldestFirst.length - MAX_HELD_SLUGS));
      const kept = oldestFirst.slice(freed.length);
      for (const slug of freed) {
        writes.push((batch) => {
          batch.delete(db.doc(`slugs/${slug}`));
          markChanged(db, batch, 'slugs', slug);
        });
      }
      if (listed.get(uid) !== JSON.stringify(kept)) writes.push((batch) => batch.set(db.doc(`slugHolds/${uid}`), { slugs: kept }));
    }
    await commitInBatches(db, writes);
    return { read: slugs.size + lists.size, written: writes.length };
  },
};
