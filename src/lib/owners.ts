import type { Area } from './areas';
import { illustrationPath } from './illustration';
import { profilePath, publicProfilePath, storePath } from './routes';
import { storeDisplayName } from './store-name';

/** A public profile as a card shows it: who, where her page is, her area and picture. */
export interface ProfileCard {
  kind: 'therapist' | 'store';
  name: string;
  href: string;
  area: Area;
  photoURL: string;
  /** Her illustrated face when she has no photo (therapists). */
  illustration?: string;
}

type CardSource = { id: string; profileSlug: string; area: Area; photoURL: string; displayName: string };

export function therapistCard(therapist: CardSource): ProfileCard {
  return {
    kind: 'therapist',
    name: therapist.displayName,
    href: publicProfilePath('therapist', therapist.profileSlug),
    area: therapist.area,
    photoURL: therapist.photoURL,
    illustration: illustrationPath(therapist.id),
  };
}

export function storeCard(store: CardSource & { storeName: string }): ProfileCard {
  return {
    kind: 'store',
    name: storeDisplayName(store),
    href: publicProfilePath('store', store.profileSlug),
    area: store.area,
    photoURL: store.photoURL,
  };
}

/** Where a frozen handle's owner can be found now. */
export interface OwnerLink {
  name: string;
  href: string;
  area: Area;
}

interface Named {
  id: string;
  profileSlug: string;
  area: Area;
}

/**
 * A lookup from a frozen-account entry to its owner's public page. Returns
 * undefined when the owner is not in the export (unpublished or deleted),
 * so callers can skip the entry.
 */
export function ownerFinder(
  therapists: readonly (Named & { displayName: string })[],
  stores: readonly (Named & { displayName: string; storeName: string })[],
): (entry: { userId: string; ownerKind: 'therapist' | 'store' }) => OwnerLink | undefined {
  const byKind = {
    therapist: new Map(therapists.map((t) => [t.id, { name: t.displayName, href: profilePath(t.profileSlug), area: t.area }])),
    store: new Map(stores.map((s) => [s.id, { name: storeDisplayName(s), href: storePath(s.profileSlug), area: s.area }])),
  };
  return (entry) => byKind[entry.ownerKind].get(entry.userId);
}
