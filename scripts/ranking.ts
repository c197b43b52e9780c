/**
 * `npm run ranking [-- --allow-production]`: the daily 推しランキング
 * (docs/decisions/ranking.md). Trusted
 * code: reads every favourite (one collection-group query) and the fans'
 * Auth accounts (listUsers pages, no Firestore reads); counts per therapist
 * only fans with a verified email whose account is more than 7 days old,
 * one per account, never herself; holds back a burst of favourites from new
 * accounts and files it to the operator (`npm run moderate -- list`); and
 * writes the numbers to rankings/current (published by the export) and the
 * day's ranks to rankingSnapshots/{date} (private), comparing with the
 * snapshot of a week ago. Idempotent: a rerun the same day with the same
 * favourites writes nothing. It prints the reads it made.
 *
 * Run at `npm start`'s start and each Tokyo midnight (before that cycle's
 * export), and daily in production. Refuses to write to a real project
 * unless --allow-production is given.
 */
import { parseArgs } from 'node:util';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { tokyoDateKey } from '../src/lib/tokyo-date';
import { accountsAuth, adminDb, assertFirestoreReachable } from './lib/admin';
import { isMain } from './lib/cli';
import { chooseWriteTarget } from './lib/write-target';
import { ReadCounter } from './export/read-source';
import { fileBurstReports, readOpenBurstReports } from './ranking/burst-reports';
import { countFans, findBursts, type Exclusions } from './ranking/count';
import { comparisonDate, expiredSnapshotDates, rankingTables } from './ranking/rank';
import { readFanAccounts, readFavorites, readPublishedTherapists, readSuspended } from './ranking/read';
import { readStoredRanking, writeRanking } from './ranking/store';

export interface RankingDeps {
  db?: Firestore;
  /** Where the fans' accounts are (default: the emulator's browser project locally, else the project's Auth). */
  auth?: Auth;
  now?: Date;
  log?: (line: string) => void;
}

export interface RankingResult {
  /** The Tokyo day it ranked. */
  date: string;
  /** Firestore documents read (billed: one per document returned, at least one per query). */
  reads: number;
  favorites: number;
  /** Therapists with counted fans, and how many of them are published in the ranking. */
  counted: number;
  ranked: number;
  excluded: Exclusions;
  /** Burst reports filed by this run, and targets held back (filed now or open already). */
  filed: string[];
  held: string[];
  /** Whether rankings/current was written (false: the same numbers were already there today). */
  written: boolean;
  comparedWith: string | null;
}

export async function runRanking(deps: RankingDeps = {}): Promise<RankingResult> {
  const db = deps.db ?? adminDb();
  const auth = deps.auth ?? accountsAuth();
  const now = deps.now ?? new Date();
  const log = deps.log ?? ((line: string) => console.log(line));
  const today = tokyoDateKey(now);
  const reads = new ReadCounter();
  await assertFirestoreReachable(db, undefined, { readProbe: false });

  const [{ rows, skipped }, { accounts, pages }, suspended, open, stored] = await Promise.all([
    readFavorites(db, reads),
    readFanAccounts(auth),
    readSuspended(db, reads),
    readOpenBurstReports(db, reads),
    readStoredRanking(db, reads),
  ]);
  const bursts = findBursts(rows, accounts, now);
  const { held, filed } = await fileBurstReports(db, bursts, { today, now, openIds: open.ids, reads });
  const { counts, excluded } = countFans(rows, accounts, { now, suspended, held: [...open.held, ...held] });

  const areas = await readPublishedTherapists(db, [...counts.keys()].sort(), suspended, reads);
  const candidates = [...counts].flatMap(([uid, count]) => {
    const area = areas.get(uid);
    return area === undefined ? [] : [{ uid, count, area }];
  });
  const compared = comparisonDate([...stored.snapshots.keys()], today);
  const tables = rankingTables(candidates, compared ? { date: compared, ranks: stored.snapshots.get(compared)! } : null);
  const written = await writeRanking(db, { tables, now, stored, expired: expiredSnapshotDates(stored.snapshotIds, today) });

  const result: RankingResult = {
    date: today,
    reads: reads.total,
    favorites: rows.length,
    counted: counts.size,
    ranked: tables.overall.length,
    excluded,
    filed,
    held: [...new Set([...open.held, ...held].map((window) => window.target))].sort(),
    written,
    comparedWith: tables.comparedWith,
  };
  log(
    `[ranking] ${today}: ${rows.length + skipped} favourites read${skipped ? ` (${skipped} malformed skipped)` : ''}, ${accounts.size} Auth accounts ` +
      `(${pages} listUsers pages), ${reads.total} Firestore reads; ${counts.size} therapists counted, ${tables.overall.length} ranked ` +
      `(compared with ${tables.comparedWith ?? 'no earlier snapshot'}); left out: ${excluded.ineligible} ineligible fans, ` +
      `${excluded.self} self, ${excluded.store} stores, ${excluded.held} held; ` +
      `${written ? 'rankings/current written' : 'rankings/current unchanged'}.`,
  );
  if (result.held.length > 0) log(`[ranking] held for review (npm run moderate -- list): ${result.held.join(', ')}`);
  return result;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { 'allow-production': { type: 'boolean', default: false } }, strict: true });
  await chooseWriteTarget(values['allow-production']);
  try {
    await runRanking();
    process.exit(0);
  } catch (error) {
    console.error(`Ranking failed; the previous ranking was left as it was.\n${(error as Error).message}`);
    process.exit(1);
  }
}
