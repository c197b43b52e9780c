/**
 * What a profile URL shows: the therapist or store whose slug it is, or,
 * for a slug released less than 30 days ago and not taken since, where its
 * owner is now (the page then redirects). A store's document id is an
 * address too (the seed and older links used /store-profile/{id}): it
 * redirects to the store's slug, unless that id is someone's slug.
 */
import type { ProfileKind } from '../lib/profile/kinds';
import type { PublicStore, PublicTherapist } from '../schema/public';
import type { Directory } from './directory';
import { MemoSlot, memoized } from './export-memo';

export type ProfileAt<T> = { profile: T; movedTo?: undefined } | { profile?: undefined; movedTo: string };

const SLUG_MAPS = new MemoSlot<Record<ProfileKind, Map<string, ProfileAt<PublicTherapist | PublicStore>>>>('profiles by slug');

function bySlug(site: Directory): Record<ProfileKind, Map<string, ProfileAt<PublicTherapist | PublicStore>>> {
  return memoized(site, SLUG_MAPS, () => {
    const map = (profiles: readonly (PublicTherapist | PublicStore)[], kind: ProfileKind) => {
      const at = new Map<string, ProfileAt<PublicTherapist | PublicStore>>(profiles.map((profile) => [profile.profileSlug, { profile }]));
      // A renamed profile's old URL goes to the new one while the slug is held (30 days).
      for (const redirect of site.redirects)
        if (redirect.kind === kind && !at.has(redirect.from)) at.set(redirect.from, { movedTo: redirect.to });
      if (kind === 'store') for (const { id, profileSlug } of profiles) if (!at.has(id)) at.set(id, { movedTo: profileSlug });
      return at;
    };
    return { therapist: map(site.therapists, 'therapist'), store: map(site.stores, 'store') };
  });
}

/** The slugs with a page of that kind (profiles, then held slugs that redirect). */
export function profileSlugs(site: Directory, kind: ProfileKind): string[] {
  return [...bySlug(site)[kind].keys()];
}

/** The slugs of that kind that redirect: held slugs, and stores' document ids. */
export function redirectingSlugs(site: Directory, kind: ProfileKind): string[] {
  return [...bySlug(site)[kind]].flatMap(([slug, at]) => (at.movedTo === undefined ? [] : [slug]));
}

export function therapistAt(site: Directory, slug: string | undefined): ProfileAt<PublicTherapist> | undefined {
  return slug === undefined ? undefined : (bySlug(site).therapist.get(slug) as ProfileAt<PublicTherapist> | undefined);
}

export function storeAt(site: Directory, slug: string | undefined): ProfileAt<PublicStore> | undefined {
  return slug === undefined ? undefined : (bySlug(site).store.get(slug) as ProfileAt<PublicStore> | undefined);
}
