/**
 * Builds the exact name index (src/lib/search/name-index.ts) from the
 * export: each public therapist and store under its display name, with the
 * same card fields and filter values as its page's search metadata.
 */
import { illustrationPath } from '../lib/illustration';
import { foldForMatch } from '../lib/search/rank';
import { nameShard, type NameEntry } from '../lib/search/name-index';
import { SEARCH_KINDS } from '../lib/search-query';
import { storeDisplayName } from '../lib/store-name';
import { loadDirectory } from './directory';

async function build(): Promise<Map<string, NameEntry[]>> {
  const { therapists, stores, storesById } = await loadDirectory();
  const entries: NameEntry[] = [];
  for (const therapist of therapists) {
    const store = therapist.storeId ? storesById.get(therapist.storeId) : undefined;
    const storeName = store ? storeDisplayName(store) : '';
    const kind = SEARCH_KINDS.therapist;
    entries.push({
      key: foldForMatch(therapist.displayName),
      url: `/profile/${therapist.profileSlug}`,
      meta: {
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
    const name = storeDisplayName(store);
    const kind = SEARCH_KINDS.store;
    entries.push({
      key: foldForMatch(name),
      url: `/store-profile/${store.profileSlug}`,
      meta: { title: name, kind, area: store.area, store: '', image: store.photoURL, illustration: '', x: store.channels.x ?? '' },
      filters: { kind, area: store.area, store: name },
    });
  }
  const shards = new Map<string, NameEntry[]>();
  for (const entry of entries.sort((a, b) => a.key.localeCompare(b.key) || a.url.localeCompare(b.url))) {
    const key = nameShard(entry.key);
    const shard = shards.get(key);
    if (shard) shard.push(entry);
    else shards.set(key, [entry]);
  }
  return shards;
}

let built: Promise<Map<string, NameEntry[]>> | undefined;

export function loadNameIndex(): Promise<Map<string, NameEntry[]>> {
  if (import.meta.env.DEV) return build();
  return (built ??= build());
}
