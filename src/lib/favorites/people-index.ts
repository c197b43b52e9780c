/**
 * The people index: what a fan's /favorites shows of each public therapist
 * and store, keyed by uid and hashed into small static files, so the page
 * needs one Firestore query (her own 推し rows) plus a few KB of static JSON
 * per 推し instead of a profile read each. Built from the export like the
 * handle index (src/lib/search/handle-index.ts), with the same card fields.
 */
import type { VerificationLevel } from '../../schema/frozen-accounts';
import type { HandleEntry } from '../search/handle-index';
import { personShardPath } from '../routes';
import { shardOf } from '../search/shard-hash';

/** About two people per shard at 10,000 profiles: 50 推し download 50 small files at most. */
export const PEOPLE_SHARD_COUNT = 4096;
/** Characters of a timeline post the card shows. */
export const POST_EXCERPT_LENGTH = 80;

/** The shard (three hex digits) a therapist's or store's uid lives in. */
export function personShard(uid: string): string {
  return shardOf(uid, PEOPLE_SHARD_COUNT);
}

export function personShardUrl(uid: string): string {
  return personShardPath(personShard(uid));
}

/** One public therapist or store as a fan's list shows her. */
export type PersonEntry = HandleEntry['owner'] & {
  uid: string;
  /** Her current X handle (stored form), for the 「新しいアカウント」 mark. */
  x: string | null;
  /** Her former handles, newest registration first. */
  formerHandles: { handle: string; createdAt: string; verification: VerificationLevel; disputed: boolean }[];
  latestBlog: { title: string; href: string; publishedAt: string } | null;
  /** Her latest timeline post: its first POST_EXCERPT_LENGTH characters, linking to it on her page. */
  latestPost: { text: string; href: string; createdAt: string } | null;
};

export type PeopleShard = PersonEntry[];

/** The entry of `uid` in its shard; undefined when she is not public (unpublished, suspended, deleted). */
export function findPerson(shard: PeopleShard, uid: string): PersonEntry | undefined {
  return shard.find((entry) => entry.uid === uid);
}

/** A post's text as one line, cut to `length` characters (code points, so no half emoji). */
export function postExcerpt(text: string, length = POST_EXCERPT_LENGTH): string {
  const line = [...text.replace(/\s+/g, ' ').trim()];
  return line.length > length ? `${line.slice(0, length).join('')}…` : line.join('');
}
