/**
 * 2026-11-frozen-confirmed-by: every former handle gains `confirmedBy`
 * (docs/decisions/store-verification.md). A store claim written before it
 * has no record of which store confirmed it, so it cannot be traced to an
 * operator-verified store, nor taken back with one: it becomes 'self'
 * again (the public page would show it as 本人申告 anyway), which lets her
 * store confirm it again once the operator has verified the store. Other
 * levels get confirmedBy null. updatedAt moves so the incremental export
 * reads them again. Idempotent: documents that have the field are left alone.
 */
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { Migration, MigrationResult } from './migration';
import { commitInBatches } from './write-batches';

export const frozenConfirmedBy: Migration = {
  id: '2026-11-frozen-confirmed-by',
  describe: "frozenAccounts gain confirmedBy (null); store claims that cannot name their store go back to 'self'",
  async run(db: Firestore): Promise<MigrationResult> {
    const snapshot = await db.collection('frozenAccounts').get();
    const stale = snapshot.docs.filter((doc) => !('confirmedBy' in (doc.data() as DocumentData)));
    const now = Timestamp.now();
    await commitInBatches(
      db,
      stale.map((doc) => (batch) => {
        const demoted = doc.get('verification') === 'store';
        batch.update(doc.ref, { confirmedBy: null, ...(demoted ? { verification: 'self' } : {}), updatedAt: now });
      }),
    );
    return { read: snapshot.size, written: stale.length };
  },
};
