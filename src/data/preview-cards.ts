/**
 * The link-preview cards drawn at build time (/og/{card}.png): the site's,
 * and one per therapist or store page whose profile has no photo (with a
 * photo, the photo is the preview).
 */
import type { CardText } from '../lib/seo/card-image';
import { SITE_CARD_TEXT } from '../lib/seo/cards';
import { profileCardPath } from '../lib/routes';
import { storeDisplayName } from '../lib/store-name';
import type { Directory } from './directory';
import { MemoSlot, memoized } from './export-memo';

const CARDS = new MemoSlot<Map<string, CardText>>('preview cards');

/** Card name (the `[...card]` parameter: `site`, `p/{slug}`) → its text. */
export function previewCards(site: Directory): Map<string, CardText> {
  return memoized(site, CARDS, () => drawnCards(site));
}

/** A profile's card name (`p/{slug}`): its URL, profileCardPath, without /og/ and .png. */
export const previewCardName = (slug: string): string => profileCardPath(slug).replace(/^\/og\/|\.png$/g, '');

function drawnCards(site: Directory): Map<string, CardText> {
  const byName = new Map<string, CardText>([['site', SITE_CARD_TEXT]]);
  for (const therapist of site.therapists) {
    if (therapist.photoURL) continue;
    const store = therapist.storeId ? site.storesById.get(therapist.storeId) : undefined;
    byName.set(previewCardName(therapist.profileSlug), {
      label: 'セラピスト',
      title: therapist.displayName,
      subtitle: [therapist.area, store && storeDisplayName(store)].filter(Boolean).join('・'),
    });
  }
  for (const store of site.stores) {
    if (store.photoURL) continue;
    byName.set(previewCardName(store.profileSlug), {
      label: '店舗',
      title: storeDisplayName(store),
      subtitle: [store.area, store.nearestStation].filter(Boolean).join('・'),
    });
  }
  return byName;
}
