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
import { perExport, type Directory } from './directory';
import { groupIntoShards } from './shard-endpoint';
import { profilePath, storePath } from '../lib/routes';

function build({ therapists, stores, storesById }: Directory): Map<string, NameEntry[]> {
  const entries: NameEntry[] = [];
  for (const therapist of therapists) {
    const store = therapist.storeId ? storesById.get(therapist.storeId) : undefined;
    const storeName = store ? storeDisplayName(store) : '';
    const kind = SEARCH_KINDS.therapist;
    entries.push({
      key: foldForMatch(therapist.displayName),
      url: profilePath(therapist.profileSlug),
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
    const name = storeDisplayName(store);
    const kind = SEARCH_KINDS.store;
    entries.push({
      key: foldForMatch(name),
      url: storePath(store.profileSlug),
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
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.url < b.url ? -1 : 1));
  return groupIntoShards(entries, (entry) => nameShard(entry.key));
}

// Once per loaded export: the renderer serves many exports in one process.
export const loadNameIndex = perExport(build);
