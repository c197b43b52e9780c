/**
 * The data of /favorites: one Firestore query for my 推し rows, then the
 * people-index shards they live in from the static site (each shard once,
 * all at once): no per-推し Firestore read. The visit is recorded once per
 * page view, after the list was shown.
 */
import { fetchShardFile } from '../../lib/search/shard-file';
import { listMyFavorites, markFavoritesVisited, type FavoriteRow } from '../../lib/favorites/client';
import { findPerson, personShardUrl, type PersonEntry } from '../../lib/favorites/people-index';
import { clientDb } from '../../lib/firebase/db';

/** Each uid's public entry, or null when her page is gone. */
export async function lookUpPeople(uids: readonly string[]): Promise<Map<string, PersonEntry | null>> {
  const urls = [...new Set(uids.map(personShardUrl))];
  const shards = new Map(await Promise.all(urls.map(async (url) => [url, await fetchShardFile<PersonEntry>(url)] as const)));
  return new Map(uids.map((uid) => [uid, findPerson(shards.get(personShardUrl(uid)) ?? [], uid) ?? null]));
}

export class PeopleIndexError extends Error {
  constructor(cause: unknown) {
    super('推しのプロフィール情報を読み込めませんでした。インターネット接続を確かめて、もう一度お試しください。', { cause });
    this.name = 'PeopleIndexError';
  }
}

/** My rows with their public entries. Throws the data layer's Japanese error, or PeopleIndexError. */
export async function loadFavorites(uid: string): Promise<{ row: FavoriteRow; person: PersonEntry | null }[]> {
  const rows = await listMyFavorites(clientDb(), uid);
  const people = await lookUpPeople(rows.map((row) => row.targetUid)).catch((error: unknown) => {
    throw new PeopleIndexError(error);
  });
  return rows.map((row) => ({ row, person: people.get(row.targetUid) ?? null }));
}

const visits = new Map<string, Promise<Date | null>>();

/**
 * Records this visit once per page view and gives the previous one (null on
 * a first visit, or when it could not be recorded: then nothing is marked new).
 */
export function visitOnce(uid: string): Promise<Date | null> {
  let visit = visits.get(uid);
  if (!visit) {
    visit = markFavoritesVisited(clientDb(), uid).catch(() => null);
    visits.set(uid, visit);
  }
  return visit;
}
