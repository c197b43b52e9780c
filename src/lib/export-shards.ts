/**
 * Where a diary or a timeline post lives in the export and in the export's
 * mirror: in one of SHARD_COUNT files chosen by its author's uid
 * (docs/decisions/author-shards.md). A
 * change then rewrites, copies and re-reads one small file instead of all
 * 200,000 diaries. FNV-1a (src/lib/fnv1a.ts) rather than a crypto hash:
 * the renderer's bundle and the scripts must agree, and any module can
 * import this.
 */
import { fnv1a } from './fnv1a';

/** Shards a sharded collection is split into (two hex digits each). */
export const SHARD_COUNT = 256;

/** The shard of an author uid: two lower-case hex digits, stable across versions. */
export function authorShard(uid: string): string {
  return (fnv1a(uid) % SHARD_COUNT).toString(16).padStart(2, '0');
}

/** A shard's file name inside its collection's folder. */
export const shardFileName = (shard: string) => `${shard}.json`;
