/**
 * Builds the exact name index (src/lib/search/name-index.ts) from the
 * export: each public therapist and store under its display name, with the
 * same card fields and filter values as its page's search metadata, and
 * the public facts a name group is ranked by (src/lib/search/name-rank.ts):
 * her shift days from today on, her best undisputed claim level, her
 * published 推し count and her newest diary.
 */
import { illustrationPath } from '../lib/illustration';
import { foldForMatch } from '../lib/search/rank';
import { nameShard, type NameEntry } from '../lib/search/name-index';
import { SEARCH_KINDS } from '../lib/search-query';
import { storeDisplayName } from '../lib/store-name';
import type { Directory } from './directory';
import { shardedIndex } from './shard-endpoint';
import { profilePath, storePath } from '../lib/routes';
import type { NameRankFacts } from '../lib/search/name-rank';
import { VERIFICATION_LEVELS } from '../schema/frozen-accounts';
import { addDays, tokyoDateKey } from '../lib/tokyo-date';
import { renderNow } from './render-context';

/** Shift days carried per therapist: the ranking looks at a week from the visitor's today, which may be a day or two after the build's. */
const SHIFT_DAYS_CARRIED = 10;

/** Her published 推し count: the largest of her rows (overall and her area's), 0 when unranked. */
function fanCounts(site: Directory): Map<string, number> {
  const counts = new Map<string, number>();
  const ranking = site.rankings[0];
  if (!ranking) return counts;
  for (const row of [...ranking.overall, ...Object.values(ranking.areas).flat()])
    counts.set(row.uid, Math.max(counts.get(row.uid) ?? 0, row.count));
  return counts;
}

/** The public facts of one profile: what its name group is ranked by. */
function factsOf(site: Directory, uid: string, today: string, fans: Map<string, number>): NameRankFacts {
  const until = addDays(today, SHIFT_DAYS_CARRIED);
  const shiftDays = [
    ...new Set((site.shiftsByTherapist.get(uid) ?? []).map((shift) => shift.date).filter((day) => day >= today && day < until)),
  ].sort();
  const levels = (site.frozenByOwner.get(uid) ?? [])
    .filter((claim) => !claim.disputed)
    .map((claim) => VERIFICATION_LEVELS.indexOf(claim.verification) + 1);
  return {
    shiftDays,
    level: Math.max(0, ...levels),
    fans: fans.get(uid) ?? 0,
    wrote: site.blogsByAuthor.get(uid)?.[0]?.publishedAt ?? '',
  };
}

/** Each profile's key in the index: her display name folded for matching. */
const therapistKey = (therapist: Directory['therapists'][number]) => foldForMatch(therapist.displayName);
const storeKey = (store: Directory['stores'][number]) => foldForMatch(storeDisplayName(store));

/** The entries whose name's shard `only` keeps, sorted by key, then URL. */
function nameEntries(site: Directory, only: (shard: string) => boolean): NameEntry[] {
  const { therapists, stores, storesById } = site;
  const today = tokyoDateKey(renderNow());
  const fans = fanCounts(site);
  const entries: NameEntry[] = [];
  for (const therapist of therapists) {
    const key = therapistKey(therapist);
    if (!only(nameShard(key))) continue;
    const store = therapist.storeId ? storesById.get(therapist.storeId) : undefined;
    const storeName = store ? storeDisplayName(store) : '';
    const kind = SEARCH_KINDS.therapist;
    entries.push({
      key,
      url: profilePath(therapist.profileSlug),
      therapist: true,
      facts: factsOf(site, therapist.id, today, fans),
      meta: {
        uid: therapist.id,
        title: therapist.displayName,
        kind,
        area: therapist.area,
        store: storeName,
        image: therapist.photoURL,
        illustration: illustrationPath(therapist.id),
        x: therapist.channels.x ?? '',
      },
      filters: { kind, area: therapist.area, store: storeName },
    });
  }
  for (const store of stores) {
    const key = storeKey(store);
    if (!only(nameShard(key))) continue;
    const name = storeDisplayName(store);
    const kind = SEARCH_KINDS.store;
    entries.push({
      key,
      url: storePath(store.profileSlug),
      therapist: false,
      facts: { ...factsOf(site, store.id, today, fans), shiftDays: [] },
      meta: {
        uid: store.id,
        title: name,
        kind,
        area: store.area,
        store: '',
        image: store.photoURL,
        illustration: '',
        x: store.channels.x ?? '',
      },
      filters: { kind, area: store.area, store: name },
    });
  }
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.url < b.url ? -1 : 1));
}

/** The shards (/n): every entry, by its folded name's hash. */
export const nameIndex = shardedIndex<NameEntry>({
  name: 'name index',
  sortKeys: (site) => [...site.therapists.map(therapistKey), ...site.stores.map(storeKey)],
  shardOf: nameShard,
  entries: nameEntries,
  sortKeyOf: (entry) => entry.key,
});

export const loadNameIndex = nameIndex.whole;
