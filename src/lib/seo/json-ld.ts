/**
 * schema.org structured data for the public pages, as plain objects:
 * `Person` for a therapist, `HealthAndBeautyBusiness` for a store and
 * `BreadcrumbList` from the breadcrumbs. Only what the page already shows
 * publicly goes in. serializeJsonLd makes the <script> text.
 */
import type { Crumb } from '../breadcrumbs';
import { channelLinks } from '../channels';
import type { Channels } from '../../schema/common';
import { absoluteUrl } from './meta';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The profile links of current channels (X, Bluesky, …), for `sameAs`. */
function sameAs(channels: Channels): string[] {
  return channelLinks(channels).map((link) => link.href);
}

/** Leaves out empty strings, empty arrays and undefined, so no property is present but blank. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
}

/** A store's address: free text, so it goes in whole as streetAddress; the area as region. */
function postalAddress(store: { address: string; area: string }): JsonLd {
  return compact({ '@type': 'PostalAddress', streetAddress: store.address, addressRegion: store.area, addressCountry: 'JP' });
}

export interface TherapistLd {
  displayName: string;
  bio: string;
  photoURL: string;
  area: string;
  channels: Channels;
}

export interface StoreLd {
  name: string;
  description: string;
  photoURL: string;
  area: string;
  address: string;
  website: string;
  channels: Channels;
}

/** A therapist's profile page: a Person, working for her confirmed store when she has one. */
export function personJsonLd(
  therapist: TherapistLd,
  { url, siteUrl, store }: { url: string; siteUrl: string; store?: { name: string; path: string; area: string; address: string } },
): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Person',
    name: therapist.displayName,
    url: absoluteUrl(url, siteUrl),
    description: therapist.bio,
    image: therapist.photoURL,
    homeLocation: therapist.area ? { '@type': 'Place', name: therapist.area } : undefined,
    sameAs: sameAs(therapist.channels),
    worksFor: store
      ? {
          '@type': 'HealthAndBeautyBusiness',
          name: store.name,
          url: absoluteUrl(store.path, siteUrl),
          address: postalAddress(store),
        }
      : undefined,
  });
}

/** A store page. */
export function storeJsonLd(store: StoreLd, { url, siteUrl }: { url: string; siteUrl: string }): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'HealthAndBeautyBusiness',
    name: store.name,
    url: absoluteUrl(url, siteUrl),
    description: store.description,
    image: store.photoURL,
    address: postalAddress(store),
    areaServed: store.area,
    sameAs: [...new Set([...(store.website ? [store.website] : []), ...sameAs(store.channels)])],
  });
}

/** The breadcrumbs as a BreadcrumbList; the current page (no href) is the page's own URL. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], { url, siteUrl }: { url: string; siteUrl: string }): JsonLd | null {
  if (crumbs.length < 2) return null;
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.href ?? url, siteUrl),
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json">: `<` is escaped so no
 * value can close the script element.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
