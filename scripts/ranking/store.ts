/**
 * rankings/current and rankingSnapshots/{date}: read the last ranking and
 * the week of snapshots, and write today's in one batch, only what differs
 * (a rerun the same day with the same counts writes nothing, so the export
 * sees no change).
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { RANKING_DOC_ID, rankingDoc, rankingSnapshotDoc, type RankingDoc } from '../../src/schema/rankings';
import type { ReadCounter } from '../export/read-source';
import { markChanged } from '../lib/tombstone';
import type { RankingTables } from '../../src/lib/ranking-tables';
import { sameTables, snapshotRanks, type SnapshotRanks } from './rank';

export const RANKINGS = 'rankings';
export const RANKING_SNAPSHOTS = 'rankingSnapshots';

export interface StoredRanking {
  current: RankingDoc | null;
  /** Valid snapshots by Tokyo date. */
  snapshots: Map<string, SnapshotRanks>;
  /** Every snapshot id, valid or not (old ones are deleted). */
  snapshotIds: string[];
}

export async function readStoredRanking(db: Firestore, reads: ReadCounter): Promise<StoredRanking> {
  const [current, snapshots] = await Promise.all([
    db.collection(RANKINGS).doc(RANKING_DOC_ID).get(),
    db.collection(RANKING_SNAPSHOTS).get(),
  ]);
  reads.addOne();
  reads.add(snapshots);
  const parsed = rankingDoc.safeParse(current.data());
  const valid = new Map<string, SnapshotRanks>();
  for (const doc of snapshots.docs) {
    const snapshot = rankingSnapshotDoc.safeParse(doc.data());
    if (snapshot.success) valid.set(doc.id, { overall: snapshot.data.overall, areas: snapshot.data.areas });
  }
  return { current: parsed.success ? parsed.data : null, snapshots: valid, snapshotIds: snapshots.docs.map((doc) => doc.id) };
}

/**
 * Writes today's ranking and snapshot and deletes `expired` snapshots.
 * rankings/current keeps its computedAt when it was computed earlier the
 * same Tokyo day with the same numbers. Returns whether it was written.
 */
export async function writeRanking(
  db: Firestore,
  { tables, now, stored, expired }: { tables: RankingTables; now: Date; stored: StoredRanking; expired: readonly string[] },
): Promise<boolean> {
  const today = tokyoDateKey(now);
  const computedAt = Timestamp.fromDate(now);
  const { current } = stored;
  const unchanged = current !== null && tokyoDateKey(current.computedAt.toDate()) === today && sameTables(current, tables);
  // Today's snapshot was written with the same tables when they were.
  const snapshotDue = !unchanged || !stored.snapshots.has(today);
  const batch = db.batch();
  if (!unchanged) {
    batch.set(db.collection(RANKINGS).doc(RANKING_DOC_ID), rankingDoc.parse({ computedAt, ...tables }));
    // The marker the incremental export reads it by (src/schema/deletion-ids.ts).
    markChanged(db, batch, RANKINGS, RANKING_DOC_ID);
  }
  if (snapshotDue)
    batch.set(db.collection(RANKING_SNAPSHOTS).doc(today), rankingSnapshotDoc.parse({ computedAt, ...snapshotRanks(tables) }));
  for (const date of expired) batch.delete(db.collection(RANKING_SNAPSHOTS).doc(date));
  if (!unchanged || snapshotDue || expired.length > 0) await batch.commit();
  return !unchanged;
}
