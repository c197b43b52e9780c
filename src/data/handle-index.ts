/**
 * Builds the exact handle index (src/lib/search/handle-index.ts) from the
 * export: every former handle of a public owner and every current X handle,
 * grouped by shard. Memoised per build like the directory.
 */
import { channelLinks } from '../lib/channels';
import { storeCard, therapistCard } from '../lib/owners';
import { completionShard, handleShard, type HandleEntry } from '../lib/search/handle-index';
import { groupIntoShards } from './shard-endpoint';
import { upcomingShifts } from '../lib/shifts/view';
import { storeDisplayName } from '../lib/store-name';
import { tokyoDateKey } from '../lib/tokyo-date';
import type { PublicStore, PublicTherapist } from '../schema/public';
import { perExport, type Directory } from './directory';
import { renderNow } from './render-context';
import { storePath } from '../lib/routes';

type Owner = HandleEntry['owner'];

/** Every public therapist and store as an index card shows her, by uid (the people index uses it too). */
export function ownersOf(directory: Directory, today: string): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  const storeLink = (store: PublicStore) => ({ name: storeDisplayName(store), href: storePath(store.profileSlug) });
  const channels = (profile: PublicTherapist | PublicStore) =>
    channelLinks(profile.channels).map((link): [string, string, string] => [link.label, link.href, link.text]);
  for (const therapist of directory.therapists) {
    const store = therapist.storeId ? directory.storesById.get(therapist.storeId) : undefined;
    const next = upcomingShifts(directory.shiftsByTherapist.get(therapist.id) ?? [], today, 14)[0];
    const available = directory.availableNowById.get(therapist.id);
    owners.set(therapist.id, {
      ...therapistCard(therapist),
      uid: therapist.id,
      channels: channels(therapist),
      store: store ? storeLink(store) : null,
      nextShift: next ? { date: next.date, start: next.start, end: next.end } : null,
      ...(available && { availableUntil: available.until }),
    });
  }
  for (const store of directory.stores) {
    owners.set(store.id, {
      ...storeCard(store),
      uid: store.id,
      channels: channels(store),
      store: null,
      nextShift: null,
    });
  }
  return owners;
}

function build(directory: Directory): HandleEntry[] {
  const owners = ownersOf(directory, tokyoDateKey(renderNow()));
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
  return entries.sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0) || a.kind.localeCompare(b.kind));
}

/** The completion shards: each registered handle once, by its first five characters. */
function completionShards(entries: readonly HandleEntry[]): Map<string, string[]> {
  const handles = [...new Set(entries.map((entry) => entry.handle))];
  const shards = new Map<string, string[]>();
  for (const [key, shard] of groupIntoShards(handles, (handle) => completionShard(handle) ?? '')) if (key) shards.set(key, shard);
  return shards;
}

// Once per loaded export (the renderer serves many exports in one process), not once per shard file:
// grouping every handle again for each of 4,000 shards was a third of a full build's shard pages.
const indexes = perExport(
  (directory) => {
    const entries = build(directory);
    return { answers: groupIntoShards(entries, (entry) => handleShard(entry.handle)), completions: completionShards(entries) };
  },
  { endpointsOnly: true },
);

/** The answer shards: every entry, by hashed handle. */
export async function loadHandleIndex(): Promise<Map<string, HandleEntry[]>> {
  return (await indexes()).answers;
}

/** The completion shards: each registered handle once, by its first five characters. */
export async function loadCompletionIndex(): Promise<Map<string, string[]>> {
  return (await indexes()).completions;
}
