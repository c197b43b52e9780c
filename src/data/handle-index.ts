/**
 * Builds the exact handle index (src/lib/search/handle-index.ts) from the
 * export: every former handle of a public owner and every current X handle,
 * grouped by shard, a shard at a time where few are asked for (./shard-endpoint.ts).
 */
import { channelLinks } from '../lib/channels';
import { storeCard, therapistCard } from '../lib/owners';
import { completionShard, handleShard, type HandleEntry } from '../lib/search/handle-index';
import { shardedIndex } from './shard-endpoint';
import { upcomingShifts } from '../lib/shifts/view';
import { storeDisplayName } from '../lib/store-name';
import { tokyoDateKey } from '../lib/tokyo-date';
import type { PublicFrozenAccount, PublicStore, PublicTherapist } from '../schema/public';
import type { Directory } from './directory';
import { renderNow } from './render-context';
import { storePath } from '../lib/routes';

type Owner = HandleEntry['owner'];

/**
 * Each public therapist's and store's index card (name, picture, channels,
 * store, next shift), by uid, made when first asked (a shard alone asks for
 * a few): undefined for a uid that is neither. The people index uses it too.
 */
export function ownerCards(directory: Directory, today: string): (uid: string) => Owner | undefined {
  const cards = new Map<string, Owner | undefined>();
  const storeLink = (store: PublicStore) => ({ name: storeDisplayName(store), href: storePath(store.profileSlug) });
  const channels = (profile: PublicTherapist | PublicStore) =>
    channelLinks(profile.channels).map((link): [string, string, string] => [link.label, link.href, link.text]);
  const cardOf = (uid: string): Owner | undefined => {
    const ownStore = directory.storesById.get(uid);
    if (ownStore) return { ...storeCard(ownStore), uid, channels: channels(ownStore), store: null, nextShift: null };
    const therapist = directory.therapistsById.get(uid);
    if (!therapist) return undefined;
    const store = therapist.storeId ? directory.storesById.get(therapist.storeId) : undefined;
    const next = upcomingShifts(directory.shiftsByTherapist.get(uid) ?? [], today, 14)[0];
    const available = directory.availableNowById.get(uid);
    return {
      ...therapistCard(therapist),
      uid,
      channels: channels(therapist),
      store: store ? storeLink(store) : null,
      nextShift: next ? { date: next.date, start: next.start, end: next.end } : null,
      ...(available && { availableUntil: available.until }),
    };
  };
  return (uid) => {
    if (!cards.has(uid)) cards.set(uid, cardOf(uid));
    return cards.get(uid);
  };
}

/** A handle of the index and its owner; `former` its frozen-account record, null for a current X handle. */
interface RegisteredHandle {
  handle: string;
  former: PublicFrozenAccount | null;
  uid: string;
}

/** Every handle the index holds: each former handle of a public owner, then each current X handle. */
function registeredHandles(directory: Directory): RegisteredHandle[] {
  const isOwner = (uid: string) => directory.therapistsById.has(uid) || directory.storesById.has(uid);
  const handles = directory.frozenAccounts.flatMap((former): RegisteredHandle[] =>
    isOwner(former.userId) ? [{ handle: former.handle, former, uid: former.userId }] : [],
  );
  for (const profile of [...directory.therapists, ...directory.stores])
    if (profile.channels.x) handles.push({ handle: profile.channels.x, former: null, uid: profile.id });
  return handles;
}

/** The entries whose handle's shard `only` keeps, sorted by handle, then kind. */
function handleEntries(directory: Directory, only: (shard: string) => boolean): HandleEntry[] {
  const card = ownerCards(directory, tokyoDateKey(renderNow()));
  const entries: HandleEntry[] = [];
  for (const { handle, former, uid } of registeredHandles(directory)) {
    if (!only(handleShard(handle))) continue;
    const owner = card(uid)!;
    entries.push(
      former
        ? { handle, kind: 'former', verification: former.verification, disputed: former.disputed, frozenOn: former.frozenOn, owner }
        : { handle, kind: 'current', verification: null, disputed: false, frozenOn: null, owner },
    );
  }
  return entries.sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0) || a.kind.localeCompare(b.kind));
}

const handlesOf = (directory: Directory) => registeredHandles(directory).map(({ handle }) => handle);

/** The answer shards (/h): every entry, by hashed handle. */
export const handleIndex = shardedIndex<HandleEntry>({
  name: 'handle index',
  sortKeys: handlesOf,
  shardOf: handleShard,
  entries: handleEntries,
  sortKeyOf: (entry) => entry.handle,
});

const completionOf = (handle: string) => completionShard(handle) ?? undefined;

/** The completion shards (/hc): each registered handle once, by its first five characters. */
export const completionIndex = shardedIndex<string>({
  name: 'handle completions',
  sortKeys: handlesOf,
  shardOf: completionOf,
  entries: (directory, only) =>
    [...new Set(handlesOf(directory))].sort().filter((handle) => {
      const shard = completionOf(handle);
      return shard !== undefined && only(shard);
    }),
  sortKeyOf: (handle) => handle,
});

export const loadHandleIndex = handleIndex.whole;
export const loadCompletionIndex = completionIndex.whole;
