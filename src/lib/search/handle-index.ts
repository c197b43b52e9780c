/**
 * The exact handle index: every registered X handle (former and current)
 * with what a fan needs to find her, hashed into small static files so one
 * lookup downloads a couple of KB even at 10,000 therapists (handles share
 * prefixes: a prefix shard of `miu` would hold hundreds). Completions of a
 * partial handle (`miu_03`) come from a second, lighter index: the handle
 * strings alone, by their first five characters.
 */
import type { VerificationLevel } from '../../schema/frozen-accounts';
import type { ProfileCard } from '../owners';
import { completionShardPath, handleShardPath } from '../routes';
import { shardOf } from './shard-hash';

export const HANDLE_SHARD_COUNT = 4096;
export const COMPLETION_PREFIX_LENGTH = 5;

/** The answer shard a handle (stored form) lives in. */
export function handleShard(handle: string): string {
  return shardOf(handle, HANDLE_SHARD_COUNT);
}

export function handleShardUrl(handle: string): string {
  return handleShardPath(handleShard(handle));
}

/** The completion shard of a handle, or of a partial one; null when it is too short to complete. */
export function completionShard(handle: string): string | null {
  return handle.length >= COMPLETION_PREFIX_LENGTH ? handle.slice(0, COMPLETION_PREFIX_LENGTH) : null;
}

export function completionShardUrl(handle: string): string | null {
  const shard = completionShard(handle);
  return shard === null ? null : completionShardPath(shard);
}

/** One registered handle and its owner, as the search answer card shows it. */
export interface HandleEntry {
  handle: string;
  /** A former (frozen) handle, or the account she uses now. */
  kind: 'former' | 'current';
  verification: VerificationLevel | null;
  disputed: boolean;
  frozenOn: string | null;
  owner: ProfileCard & {
    /** Her uid (public: her schedule page is /schedule/{uid}), for the card's 推し button. */
    uid: string;
    /** Her current channels as [label, url, what to show (@handle, domain)]. */
    channels: [string, string, string][];
    store: { name: string; href: string } | null;
    /** Her next shift (Tokyo date, HH:mm), when one is published. */
    nextShift: { date: string; start: string; end: string } | null;
    /** When her 今すぐ案内可 ends (ISO time), when the export had one open; the card shows it only until then. */
    availableUntil?: string;
  };
}

export type HandleShard = HandleEntry[];
/** Registered handles sharing their first five characters, sorted. */
export type CompletionShard = string[];

/** What answers a query: its entries in the answer shard, and registered handles that start with it (shortest first). */
export function lookUpHandle(
  shard: HandleShard,
  completionShard: CompletionShard,
  handle: string,
): { exact: HandleEntry[]; completions: string[] } {
  const exact = shard.filter((entry) => entry.handle === handle);
  const completions = completionShard
    .filter((each) => each !== handle && each.startsWith(handle))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return { exact, completions };
}
