/**
 * Who counts for the 推しランキング, and what looks like gaming. Pure: the
 * favourites and the fans' Auth accounts come in, counts and bursts go out
 * (scripts/ranking.ts reads and writes). docs/decisions/ranking.md.
 */
import { BURST_FANS, RANKING_BURST_HOURS, RANKING_MIN_ACCOUNT_DAYS, RANKING_NEW_ACCOUNT_DAYS } from '../../src/schema/rankings';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One favourites/{fan}/items/{target} row. */
export interface FavoriteRow {
  fan: string;
  target: string;
  kind: 'therapist' | 'store';
  createdAt: Date;
}

/** What Auth says about a fan's account. */
export interface FanAccount {
  emailVerified: boolean;
  createdAt: Date;
  disabled: boolean;
}

/** New accounts' favourites of one target, between two instants. */
export interface FavoriteWindow {
  target: string;
  from: Date;
  to: Date;
}

export interface Burst extends FavoriteWindow {
  /** New accounts that 推し'd the target in the window. */
  fans: number;
}

export interface CountOptions {
  now: Date;
  /** Suspended uids: neither their favourites nor they count. */
  suspended?: ReadonlySet<string>;
  /** Windows held for review (open burst reports, today's bursts): new accounts' favourites in them do not count. */
  held?: readonly FavoriteWindow[];
}

/** Why rows were left out, for the run's log. */
export interface Exclusions {
  /** The fan's email is unverified, her account is younger than RANKING_MIN_ACCOUNT_DAYS, disabled, suspended or unknown to Auth. */
  ineligible: number;
  self: number;
  duplicate: number;
  /** Stores are not ranked. */
  store: number;
  held: number;
}

export interface Counted {
  /** Counted fans per therapist uid. */
  counts: Map<string, number>;
  excluded: Exclusions;
}

/** A fan counts once her email is verified and her account is more than RANKING_MIN_ACCOUNT_DAYS old. */
export function isEligibleFan(account: FanAccount | undefined, now: Date): boolean {
  return (
    account !== undefined &&
    account.emailVerified &&
    !account.disabled &&
    now.getTime() - account.createdAt.getTime() > RANKING_MIN_ACCOUNT_DAYS * DAY_MS
  );
}

/** The favourite came from an account less than RANKING_NEW_ACCOUNT_DAYS old when it was made (unknown accounts are new). */
export function isFromNewAccount(row: FavoriteRow, account: FanAccount | undefined): boolean {
  return !account || row.createdAt.getTime() - account.createdAt.getTime() < RANKING_NEW_ACCOUNT_DAYS * DAY_MS;
}

const inWindow = (at: Date, window: { from: Date; to: Date }) => at >= window.from && at <= window.to;

/** Rows made by `now`, of therapist targets other than the fan herself, one per fan and target. */
function rankable(rows: readonly FavoriteRow[], now: Date, excluded?: Exclusions): FavoriteRow[] {
  const seen = new Set<string>();
  const leaveOut = (reason: keyof Exclusions) => {
    if (excluded) excluded[reason]++;
    return false;
  };
  return rows.filter((row) => {
    // Not made yet as of `now` (a ranking computed for an earlier day).
    if (row.createdAt > now) return false;
    const key = `${row.fan}\u0000${row.target}`;
    if (seen.has(key)) return leaveOut('duplicate');
    seen.add(key);
    if (row.fan === row.target) return leaveOut('self');
    if (row.kind !== 'therapist') return leaveOut('store');
    return true;
  });
}

/**
 * Targets that gained more than BURST_FANS favourites from new accounts in
 * the RANKING_BURST_HOURS before `now`, with that window and the number.
 */
export function findBursts(rows: readonly FavoriteRow[], accounts: ReadonlyMap<string, FanAccount>, now: Date): Burst[] {
  const window = { from: new Date(now.getTime() - RANKING_BURST_HOURS * HOUR_MS), to: now };
  const fans = new Map<string, number>();
  for (const row of rankable(rows, now)) {
    if (inWindow(row.createdAt, window) && isFromNewAccount(row, accounts.get(row.fan))) {
      fans.set(row.target, (fans.get(row.target) ?? 0) + 1);
    }
  }
  return [...fans]
    .filter(([, count]) => count > BURST_FANS)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([target, count]) => ({ target, fans: count, ...window }));
}

/**
 * Counted fans per therapist: one per eligible, unsuspended account and
 * target, none for herself, none from a new account inside a held window.
 */
export function countFans(rows: readonly FavoriteRow[], accounts: ReadonlyMap<string, FanAccount>, options: CountOptions): Counted {
  const excluded: Exclusions = { ineligible: 0, self: 0, duplicate: 0, store: 0, held: 0 };
  const heldByTarget = new Map<string, FavoriteWindow[]>();
  for (const window of options.held ?? []) heldByTarget.set(window.target, [...(heldByTarget.get(window.target) ?? []), window]);
  const counts = new Map<string, number>();
  for (const row of rankable(rows, options.now, excluded)) {
    const account = accounts.get(row.fan);
    if (!isEligibleFan(account, options.now) || options.suspended?.has(row.fan)) {
      excluded.ineligible++;
      continue;
    }
    const held = heldByTarget.get(row.target);
    if (held?.some((window) => inWindow(row.createdAt, window)) && isFromNewAccount(row, account)) {
      excluded.held++;
      continue;
    }
    counts.set(row.target, (counts.get(row.target) ?? 0) + 1);
  }
  return { counts, excluded };
}
