/**
 * The <head> tags of a page for search engines and link previews
 * (canonical, robots, Open Graph, Twitter card), as plain data so unit
 * tests can check them without rendering. SeoHead.astro writes them out.
 */
import { SITE_NAME } from '../site';

/** A link-preview image: an absolute URL, with its size when known. */
export interface PreviewImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageMetaInput {
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** Path as the site links to it (`/profile/miu`). */
  path: string;
  /** Origin of the site (PUBLIC_SITE_URL). */
  siteUrl: string;
  image: PreviewImage;
  /** `profile` for a therapist, else `website`. */
  type?: 'website' | 'profile';
  noindex?: boolean;
}

export interface MetaTag {
  /** `name` for robots/description/twitter:*, `property` for og:*. */
  attr: 'name' | 'property';
  key: string;
  content: string;
}

export interface PageMeta {
  /** The document title: 「page | セラリンク」, or the site name alone on the home page. */
  title: string;
  canonical: string;
  tags: MetaTag[];
}

/** The absolute URL of a site path (percent-encoded as a browser would). */
export function absoluteUrl(path: string, siteUrl: string): string {
  return new URL(path, `${siteUrl.replace(/\/$/, '')}/`).href;
}

/** The document title of a page. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
}

export function pageMeta(input: PageMetaInput): PageMeta {
  const title = documentTitle(input.title);
  const canonical = absoluteUrl(input.path, input.siteUrl);
  const image = { ...input.image, url: absoluteUrl(input.image.url, input.siteUrl) };
  // A wide card image previews large; a square avatar as a summary card.
  const large = image.width !== undefined && image.height !== undefined && image.width >= 1.5 * image.height;
  const name = (key: string, content: string): MetaTag => ({ attr: 'name', key, content });
  const property = (key: string, content: string): MetaTag => ({ attr: 'property', key, content });
  const tags: MetaTag[] = [
    name('description', input.description),
    ...(input.noindex ? [name('robots', 'noindex, nofollow')] : []),
    property('og:type', input.type ?? 'website'),
    property('og:site_name', SITE_NAME),
    property('og:locale', 'ja_JP'),
    property('og:title', title),
    property('og:description', input.description),
    property('og:url', canonical),
    property('og:image', image.url),
    property('og:image:alt', image.alt),
    ...(image.width !== undefined && image.height !== undefined
      ? [property('og:image:width', String(image.width)), property('og:image:height', String(image.height))]
      : []),
    name('twitter:card', large ? 'summary_large_image' : 'summary'),
    name('twitter:title', title),
    name('twitter:description', input.description),
    name('twitter:image', image.url),
    name('twitter:image:alt', image.alt),
  ];
  return { title, canonical, tags };
}
