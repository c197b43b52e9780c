/**
 * Push for the fans who asked for it (users/{fan}.pushAlerts), as
 * scripts/announce.ts sends it: their stored tokens (users/{fan}/fcmTokens),
 * sendPush in chunks, dead tokens' records deleted. On the emulator or a
 * demo- project there is no Cloud Messaging: skipped, with the reason.
 * A push is best effort: the bell has the announcement already, so a
 * failed send is counted and logged, never retried.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { pushTargetOf, sendPush, tokenSnapshotsOf, type MessagingSender, type PushContent, type PushTarget } from '../lib/messaging';
import type { FirestoreUsage } from './usage';

export interface PushTotals {
  /** Tokens Cloud Messaging accepted. */
  sent: number;
  /** Fans a push was meant for but not sent to (the skip reason). */
  skipped: number;
  /** Tokens that failed (kept), or could not be sent to at all. */
  failed: number;
  /** Token records deleted because Cloud Messaging called them dead. */
  removed: number;
}

export interface Pusher {
  /** Why no push can be sent from here (emulator, demo- project), or null. */
  skipReason: string | null;
  messaging(): MessagingSender;
  log(line: string): void;
}

/** Pushes each recipient's content to her tokens; adds what happened to `totals`. */
export async function pushToFans(
  db: Firestore,
  usage: FirestoreUsage,
  pusher: Pusher,
  recipients: readonly { uid: string; content: PushContent }[],
  totals: PushTotals,
): Promise<void> {
  if (recipients.length === 0) return;
  if (pusher.skipReason) {
    totals.skipped += recipients.length;
    return;
  }
  const byContent = new Map<string, { content: PushContent; targets: PushTarget[] }>();
  const snapshots = await tokenSnapshotsOf(
    db,
    recipients.map(({ uid }) => uid),
  );
  snapshots.forEach((snapshot, i) => {
    usage.query(snapshot);
    const { content } = recipients[i]!;
    const key = JSON.stringify(content);
    const group = byContent.get(key) ?? { content, targets: [] };
    group.targets.push(...snapshot.docs.flatMap((doc) => pushTargetOf(doc) ?? []));
    byContent.set(key, group);
  });
  for (const { content, targets } of byContent.values()) {
    if (targets.length === 0) continue;
    try {
      const report = await sendPush(pusher.messaging(), targets, content);
      totals.sent += report.sent;
      totals.failed += report.failed;
      totals.removed += report.removed;
      usage.batch(report.removed);
    } catch (error) {
      totals.failed += targets.length;
      pusher.log(`プッシュ送信に失敗しました（お知らせは作成済みです）: ${(error as Error).message}`);
    }
  }
}
