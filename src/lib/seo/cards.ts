/**
 * Which image previews a page: a profile's photo when it has one, else its
 * generated card (/og/p/{slug}.png); the site card for every other page.
 * The card files are made by src/pages/og/[...card].png.ts.
 */
import { SITE_NAME } from '../site';
import { profileCardPath, SITE_CARD_PATH } from '../routes';
import type { PreviewImage } from './meta';

export const CARD_SIZE = { width: 1200, height: 630 } as const;
export const SITE_CARD_TEXT = { title: SITE_NAME, subtitle: '凍結されたアカウントから、今の居場所を探せます' };

export const SITE_PREVIEW: PreviewImage = { url: SITE_CARD_PATH, alt: SITE_NAME, ...CARD_SIZE };

/** A profile's preview: her photo, or her card. */
export function profilePreview(profile: { photoURL: string; profileSlug: string }, alt: string): PreviewImage {
  return profile.photoURL ? { url: profile.photoURL, alt } : { url: profileCardPath(profile.profileSlug), alt, ...CARD_SIZE };
}
