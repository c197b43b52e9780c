/** What /stores lists: every public store with its display name and member count, by name. */
import type { PublicStore } from '../schema/public';
import { storeDisplayName } from '../lib/store-name';
import type { Directory } from './directory';

export type ListedStore = PublicStore & { name: string; therapistCount: number };

export function storeList(site: Directory): ListedStore[] {
  return site.stores
    .map((data) => ({ ...data, name: storeDisplayName(data), therapistCount: site.therapistsByStore.get(data.id)?.length ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ja'));
}
