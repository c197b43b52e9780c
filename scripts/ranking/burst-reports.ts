/**
 * The ranking's reports to the operator (reports/system-ranking_{uid}_{day},
 * src/schema/rankings.ts): a burst of favourites from new accounts is
 * filed once per target and Tokyo day, and its favourites are held out of
 * the count while the report is open. `npm run moderate -- list` shows
 * them; `close-report` (which logs the report in moderationLog and deletes
 * it) releases them, and a report closed today is not filed again today.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  BURST_FANS,
  RANKING_BURST_HOURS,
  RANKING_BURST_REASON,
  RANKING_NEW_ACCOUNT_DAYS,
  RANKING_REPORTER,
  rankingBurstReportDoc,
  rankingBurstReportId,
  type RankingBurstReportDoc,
} from '../../src/schema/rankings';
import type { ReadCounter } from '../export/read-source';
import type { Burst, FavoriteWindow } from './count';

/** The open burst reports: their ids and the windows they hold. */
export async function readOpenBurstReports(db: Firestore, reads: ReadCounter): Promise<{ ids: Set<string>; held: FavoriteWindow[] }> {
  const snapshot = await db.collection('reports').where('reason', '==', RANKING_BURST_REASON).get();
  reads.add(snapshot);
  const held: FavoriteWindow[] = [];
  for (const doc of snapshot.docs) {
    const parsed = rankingBurstReportDoc.safeParse(doc.data());
    if (!parsed.success) continue;
    const { targetPath, burst } = parsed.data;
    held.push({ target: targetPath.slice('accounts/'.length), from: burst.from.toDate(), to: burst.to.toDate() });
  }
  return { ids: new Set(snapshot.docs.map((doc) => doc.id)), held };
}

/** The report's words for the operator (Japanese, as the rest of `moderate list`). */
export function burstReportText(burst: Burst): string {
  return (
    `推しランキングの自動検知: ${RANKING_BURST_HOURS} 時間以内に、登録から ${RANKING_NEW_ACCOUNT_DAYS} 日未満のアカウント ` +
    `${burst.fans} 件から推しが付きました（基準 ${BURST_FANS} 件）。これらは集計から外しています。` +
    '問題がなければ close-report で閉じると次回の集計から数えます。'
  );
}

export function burstReport(burst: Burst, now: Date): RankingBurstReportDoc {
  return rankingBurstReportDoc.parse({
    userId: RANKING_REPORTER,
    targetPath: `accounts/${burst.target}`,
    reason: RANKING_BURST_REASON,
    text: burstReportText(burst),
    createdAt: Timestamp.fromDate(now),
    burst: { fans: burst.fans, from: Timestamp.fromDate(burst.from), to: Timestamp.fromDate(burst.to) },
  });
}

/**
 * Files today's report for each burst unless it is open already or was
 * closed today. Returns the bursts that stay held (open or newly filed) and
 * the ids filed now.
 */
export async function fileBurstReports(
  db: Firestore,
  bursts: readonly Burst[],
  { today, now, openIds, reads }: { today: string; now: Date; openIds: ReadonlySet<string>; reads: ReadCounter },
): Promise<{ held: Burst[]; filed: string[] }> {
  const held: Burst[] = [];
  const filed: string[] = [];
  for (const burst of bursts) {
    const id = rankingBurstReportId(burst.target, today);
    if (openIds.has(id)) {
      held.push(burst);
      continue;
    }
    const closed = await db.collection('moderationLog').where('target', '==', `reports/${id}`).limit(1).get();
    reads.add(closed);
    // The operator looked at today's burst already and let it count.
    if (!closed.empty) continue;
    try {
      await db.collection('reports').doc(id).create(burstReport(burst, now));
      filed.push(id);
    } catch (error) {
      // Filed meanwhile by another run: the same report.
      if ((error as { code?: number }).code !== 6) throw error;
    }
    held.push(burst);
  }
  return { held, filed };
}
