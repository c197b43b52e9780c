/** Migrations' writes, committed in batches Firestore accepts (at most 500 writes each; a tombstone is a second write). */
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';

/** One document's change (it may write a tombstone with it: two writes). */
export type BatchWrite = (batch: WriteBatch) => void;

const PER_BATCH = 200;

export async function commitInBatches(db: Firestore, writes: readonly BatchWrite[]): Promise<void> {
  for (let start = 0; start < writes.length; start += PER_BATCH) {
    const batch = db.batch();
    for (const write of writes.slice(start, start + PER_BATCH)) write(batch);
    await batch.commit();
  }
}
