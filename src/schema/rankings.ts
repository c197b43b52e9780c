import { z } from './zod';
import { isArea } from '../lib/areas';
import { dateKey, timestamp, uid } from './common';
import { reportFields } from './moderation';

/**
 * The 推しランキング (docs/decisions/ranking.md). Trusted code (scripts/ranking.ts) counts the private
 * favourites once a day and writes only numbers and uids: rankings/current
 * is published through the export, rankingSnapshots/{date} stays private.
 * Clients can read or write neither (firestore.rules: default deny).
 */

/** Entries published overall and per area. */
export const RANKING_OVERALL_SIZE = 100;
export const RANKING_AREA_SIZE = 30;
/** A fan counts once her email is verified and her account is older than this. */
export const RANKING_MIN_ACCOUNT_DAYS = 7;
/** An account is "new" for burst detection when it 推し'd within this many days of signing up. */
export const RANKING_NEW_ACCOUNT_DAYS = 30;
/** More than this many favourites from new accounts within RANKING_BURST_HOURS is a burst. */
export const BURST_FANS = 20;
export const RANKING_BURST_HOURS = 24;
/** Daily snapshots kept; previousRank comes from the oldest of them (a week ago). */
export const RANKING_SNAPSHOT_DAYS = 7;
/** The one document of `rankings`. */
export const RANKING_DOC_ID = 'current';

const rank = z.number().int().min(1);
/**
 * A table's key: an area of the vocabulary (it becomes the URL of the
 * area's ranking page). Checked as a string, not z.enum, so the tables stay
 * a plain record of the areas present rather than a partial one of all
 * (hence `boolean`, not the inferred type predicate).
 */
const areaKey = z.string().refine((value): boolean => isArea(value), { message: 'エリアの一覧にない値です' });

/** One ranked therapist: her uid, her counted fans, her rank (ties share one) and her rank a week ago (null: not ranked then). */
export const rankingEntry = z
  .object({
    uid,
    count: z.number().int().min(1),
    rank,
    previousRank: rank.nullable(),
  })
  .strict();
export type RankingEntry = z.infer<typeof rankingEntry>;

const rankingFields = {
  /** The snapshot previousRank comes from (YYYY-MM-DD), or null when there is none yet. */
  comparedWith: dateKey.nullable(),
  overall: z.array(rankingEntry).max(RANKING_OVERALL_SIZE),
  areas: z.record(areaKey, z.array(rankingEntry).min(1).max(RANKING_AREA_SIZE)),
};

/** rankings/current: written by scripts/ranking.ts only. */
export const rankingDoc = z.object({ computedAt: timestamp, ...rankingFields }).strict();
export type RankingDoc = z.infer<typeof rankingDoc>;

/** The export's record of rankings/current (rankings.json): the same numbers, therapists no longer public left out. */
export const publicRanking = z
  .object({ id: z.literal(RANKING_DOC_ID), computedAt: z.iso.datetime({ offset: true }), ...rankingFields })
  .strict();
export type PublicRanking = z.infer<typeof publicRanking>;

const snapshotEntry = z.object({ uid, rank }).strict();
/** rankingSnapshots/{YYYY-MM-DD}: the ranks published that Tokyo day (private, trusted code only). */
export const rankingSnapshotDoc = z
  .object({
    computedAt: timestamp,
    overall: z.array(snapshotEntry).max(RANKING_OVERALL_SIZE),
    areas: z.record(areaKey, z.array(snapshotEntry).max(RANKING_AREA_SIZE)),
  })
  .strict();
export type RankingSnapshotDoc = z.infer<typeof rankingSnapshotDoc>;

/** Who files the ranking's reports (no Auth uid looks like this). */
export const RANKING_REPORTER = 'system-ranking';
/** The reason of a burst report: clients cannot use it (firestore.rules allow only REPORT_REASONS). */
export const RANKING_BURST_REASON = 'ranking-burst';

/**
 * reports/system-ranking_{targetUid}_{yyyymmdd}: a burst the ranking found
 * (one per target per Tokyo day). While it is open, the new accounts'
 * favourites of `burst.from`–`burst.to` are held out of the count; closing
 * it (`npm run moderate -- close-report`) lets them count from the next run.
 */
export const rankingBurstReportDoc = z
  .object({
    ...reportFields,
    userId: z.literal(RANKING_REPORTER),
    targetPath: z.string().regex(/^accounts\/[A-Za-z0-9_-]{1,128}$/),
    reason: z.literal(RANKING_BURST_REASON),
    burst: z.object({ fans: z.number().int().min(1), from: timestamp, to: timestamp }).strict(),
  })
  .strict();
export type RankingBurstReportDoc = z.infer<typeof rankingBurstReportDoc>;

/** The id of the burst report about `targetUid` filed on Tokyo day `dateKey`. */
export function rankingBurstReportId(targetUid: string, day: string): string {
  return `${RANKING_REPORTER}_${targetUid}_${day.replace(/-/g, '')}`;
}
