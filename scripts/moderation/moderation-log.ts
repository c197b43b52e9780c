/**
 * moderationLog/{auto}: the operator's private record of every decision on
 * someone's claim (trusted code only; kept when an account is erased). One
 * writer, so `moderate` and an erasure log the same shape.
 */
import { Timestamp, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';

export interface LogEntry {
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

/** Who decided when no operator did: the account's own request to leave (退会). */
export const BY_LEAVING_REQUEST = 'account-deletion-request';

export function appendModerationLog(db: Firestore, writes: Transaction | WriteBatch, entry: LogEntry, by: string): void {
  // Transaction and WriteBatch share set(); TypeScript cannot call it on their union.
  (writes as WriteBatch).set(db.collection('moderationLog').doc(), { ...entry, by, at: Timestamp.now() });
}
