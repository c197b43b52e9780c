/**
 * Builds the exact handle index (src/lib/search/handle-index.ts) from the
 * export: every former handle of a public owner and every current X handle,
 * grouped by shard. Memoised per build like the directory.
 */
import { channelLinks } from '../lib/channels';
import { illustrationPath } from '../lib/illustration';
import { handleShard, type HandleEntry } from '../lib/search/handle-index';
import { upcomingShifts } from '../lib/shifts-view';
import { storeDisplayName } from '../lib/store-name';
import { tokyoDateKey } from '../lib/tokyo-date';
import type { PublicStore, PublicTherapist } from '../schema/public';
import { loadDirectory, type Directory } from './directory';

type Owner = HandleEntry['owner'];

function ownersOf(directory: Directory, today: string): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  const storeLink = (store: PublicStore) => ({ name: storeDisplayName(store), href: `/store-profile/${store.profileSlug}` });
  const channels = (profile: PublicTherapist | PublicStore) =>
    channelLinks(profile.channels).map((link): [string, string] => [link.label, link.href]);
  for (const therapist of directory.therapists) {
    const store = therapist.storeId ? directory.storesById.get(therapist.storeId) : undefined;
    const next = upcomingShifts(directory.shiftsByTherapist.get(therapist.id) ?? [], today, 14)[0];
    owners.set(therapist.id, {
      kind: 'therapist',
      name: therapist.displayName,
      href: `/profile/${therapist.profileSlug}`,
      area: therapist.area,
      photoURL: therapist.photoURL,
      illustration: illustrationPath(therapist.id),
      channels: channels(therapist),
      store: store ? storeLink(store) : null,
      nextShift: next ? { date: next.date, start: next.start, end: next.end } : null,
    });
  }
  for (const store of directory.stores) {
    owners.set(store.id, {
      kind: 'store',
      ...storeLink(store),
      area: store.area,
      photoURL: store.photoURL,
      channels: channels(store),
      store: null,
      nextShift: null,
    });
  }
  return owners;
}

async function build(): Promise<Map<string, HandleEntry[]>> {
  const directory = await loadDirectory();
  const owners = ownersOf(directory, tokyoDateKey());
  const entries: HandleEntry[] = [];
  for (const former of directory.frozenAccounts) {
    const owner = owners.get(former.userId);
    if (!owner) continue;
    entries.push({
      handle: former.handle,
      kind: 'former',
      verification: former.verification,
      disputed: former.disputed,
      frozenOn: former.frozenOn,
      owner,
    });
  }
  for (const profile of [...directory.therapists, ...directory.stores]) {
    const owner = owners.get(profile.id);
    if (!owner || !profile.channels.x) continue;
    entries.push({ handle: profile.channels.x, kind: 'current', verification: null, disputed: false, frozenOn: null, owner });
  }
  const shards = new Map<string, HandleEntry[]>();
  for (const entry of entries.sort((a, b) => a.handle.localeCompare(b.handle) || a.kind.localeCompare(b.kind))) {
    const key = handleShard(entry.handle);
    const shard = shards.get(key);
    if (shard) shard.push(entry);
    else shards.set(key, [entry]);
  }
  return shards;
}

let built: Promise<Map<string, HandleEntry[]>> | undefined;

export function loadHandleIndex(): Promise<Map<string, HandleEntry[]>> {
  if (import.meta.env.DEV) return build();
  return (built ??= build());
}
