/**
 * The exact handle index: every registered X handle (former and current)
 * with what a fan needs to find her, split into small static files by the
 * handle's first three characters, so one lookup downloads one small shard
 * and a partial handle (`miu_03`) can be completed from the same file.
 */
import type { VerificationLevel } from '../../schema/frozen-accounts';

/** Where the shards are served: /h/{shard}.json. */
export const HANDLE_INDEX_PATH = '/h';
export const SHARD_PREFIX_LENGTH = 3;

/** The shard a handle (stored form) lives in. */
export function handleShard(handle: string): string {
  return handle.slice(0, SHARD_PREFIX_LENGTH);
}

export function handleShardUrl(handle: string): string {
  return `${HANDLE_INDEX_PATH}/${handleShard(handle)}.json`;
}

/** One registered handle and its owner, as the search answer card shows it. */
export interface HandleEntry {
  handle: string;
  /** A former (frozen) handle, or the account she uses now. */
  kind: 'former' | 'current';
  verification: VerificationLevel | null;
  disputed: boolean;
  frozenOn: string | null;
  owner: {
    kind: 'therapist' | 'store';
    name: string;
    href: string;
    area: string;
    photoURL: string;
    /** Her illustrated face when she has no photo (therapists). */
    illustration?: string;
    /** Her current channels as [label, url] pairs. */
    channels: [string, string][];
    store: { name: string; href: string } | null;
    /** Her next shift (Tokyo date, HH:mm), when one is published. */
    nextShift: { date: string; start: string; end: string } | null;
  };
}

export type HandleShard = HandleEntry[];

/** Entries of a shard that answer a query: the exact handle first, then handles starting with it. */
export function lookUpHandle(shard: HandleShard, handle: string): { exact: HandleEntry[]; completions: HandleEntry[] } {
  const exact = shard.filter((entry) => entry.handle === handle);
  const completions = shard
    .filter((entry) => entry.handle !== handle && entry.handle.startsWith(handle))
    .sort((a, b) => a.handle.length - b.handle.length || a.handle.localeCompare(b.handle));
  return { exact, completions };
}
