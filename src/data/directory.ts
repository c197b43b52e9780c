/**
 * The export, loaded once per build and indexed for the page templates.
 * Every page needs some of these lookups; building them per page would
 * scan every collection 10,000 times on a large site.
 */
import { getCollection } from 'astro:content';
import { ownerFinder, type OwnerLink } from '../lib/owners';
import type { PublicFrozenAccount, PublicShift, PublicSlugRedirect, PublicStore, PublicTherapist } from '../schema/public';

/** A former handle with the page where its owner is now. */
export type ListedFrozenAccount = PublicFrozenAccount & { owner: OwnerLink };

export interface Directory {
  therapists: PublicTherapist[];
  stores: PublicStore[];
  frozenAccounts: PublicFrozenAccount[];
  shifts: PublicShift[];
  therapistsById: Map<string, PublicTherapist>;
  storesById: Map<string, PublicStore>;
  /** Former handles whose owner has a public page, in export order. */
  listedFrozenAccounts: ListedFrozenAccount[];
  /** Former handles by owner uid (therapist or store). */
  frozenByOwner: Map<string, PublicFrozenAccount[]>;
  shiftsByTherapist: Map<string, PublicShift[]>;
  shiftsByStore: Map<string, PublicShift[]>;
  therapistsByStore: Map<string, PublicTherapist[]>;
  /** Old profile URLs of renamed profiles, kept for 30 days. */
  redirects: PublicSlugRedirect[];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

async function load(): Promise<Directory> {
  const data = <T>(entries: { data: T }[]) => entries.map((entry) => entry.data);
  const [therapists, stores, frozenAccounts, shifts, redirectEntries] = await Promise.all([
    getCollection('therapists').then(data),
    getCollection('stores').then(data),
    getCollection('frozenAccounts').then(data),
    getCollection('shifts').then(data),
    getCollection('redirects').then(data),
  ]);
  // The loader's id is the old slug itself; pages need only the redirect.
  const redirects = redirectEntries.map(({ id: _id, ...redirect }) => redirect);
  const ownerOf = ownerFinder(therapists, stores);
  return {
    therapists,
    stores,
    frozenAccounts,
    shifts,
    therapistsById: new Map(therapists.map((t) => [t.id, t])),
    storesById: new Map(stores.map((s) => [s.id, s])),
    listedFrozenAccounts: frozenAccounts.flatMap((entry) => {
      const owner = ownerOf(entry);
      return owner ? [{ ...entry, owner }] : [];
    }),
    frozenByOwner: groupBy(frozenAccounts, (f) => f.userId),
    shiftsByTherapist: groupBy(shifts, (s) => s.userId),
    shiftsByStore: groupBy(shifts, (s) => s.storeId),
    therapistsByStore: groupBy(therapists, (t) => t.storeId),
    redirects,
  };
}

let loaded: Promise<Directory> | undefined;

/** The indexed export; memoised for a build, fresh on every request in `astro dev`. */
export function loadDirectory(): Promise<Directory> {
  if (import.meta.env.DEV) return load();
  return (loaded ??= load());
}
