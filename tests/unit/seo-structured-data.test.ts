/**
 * JSON-LD and head tags of a therapist page, a store page and a page with
 * breadcrumbs, checked against what schema.org's types and the Open Graph
 * / Twitter card protocols require.
 */
import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from '../../src/lib/breadcrumbs';
import { profilePreview, SITE_PREVIEW } from '../../src/lib/seo/cards';
import { breadcrumbJsonLd, personJsonLd, serializeJsonLd, storeJsonLd, type JsonLd } from '../../src/lib/seo/json-ld';
import { pageMeta, type PageMeta } from '../../src/lib/seo/meta';
import { storeTitle, therapistTitle } from '../../src/lib/seo/titles';

const SITE = 'https://theralink.example';
const channels = { x: 'miu_new', bluesky: 'miu.bsky.social', instagram: '', tiktok: '', litlink: '', website: '' };

/**
 * Required properties per type, as the consumers of schema.org data state
 * them (Google Search Central: Person/ProfilePage `name`; LocalBusiness
 * `name` and `address`; BreadcrumbList `itemListElement` of ListItems with
 * `position`, `name` and `item`), plus `@context` / `@type` for every node.
 */
const REQUIRED: Record<string, string[]> = {
  Person: ['name', 'url'],
  HealthAndBeautyBusiness: ['name', 'address', 'url'],
  PostalAddress: ['addressCountry'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name', 'item'],
};

/** The problems of a JSON-LD document: missing required properties, blank values, relative URLs. */
function problems(node: unknown, where = '$', top = true): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => problems(item, `${where}[${i}]`, false));
  if (typeof node !== 'object' || node === null) return [];
  const object = node as JsonLd;
  const found: string[] = [];
  if (top && object['@context'] !== 'https://schema.org') found.push(`${where}: @context`);
  const type = object['@type'];
  if (typeof type !== 'string') found.push(`${where}: @type`);
  for (const key of REQUIRED[type as string] ?? []) {
    if (object[key] === undefined || object[key] === '') found.push(`${where}: ${type}.${key} missing`);
  }
  for (const [key, value] of Object.entries(object)) {
    if (value === '' || (Array.isArray(value) && value.length === 0)) found.push(`${where}.${key}: blank`);
    if ((key === 'url' || key === 'item' || key === 'image') && typeof value === 'string' && !/^https?:\/\//.test(value)) {
      found.push(`${where}.${key}: not absolute`);
    }
    if (typeof value === 'object') found.push(...problems(value, `${where}.${key}`, false));
  }
  return found;
}

/** Open Graph's four required properties and the Twitter card's, once each. */
function metaProblems(meta: PageMeta): string[] {
  const found: string[] = [];
  const count = (key: string) => meta.tags.filter((tag) => tag.key === key).length;
  for (const key of ['og:title', 'og:type', 'og:image', 'og:url', 'twitter:card', 'twitter:title', 'description']) {
    if (count(key) !== 1) found.push(`${key} ×${count(key)}`);
  }
  for (const tag of meta.tags) {
    if (tag.content === '') found.push(`${tag.key} blank`);
    if (tag.key.startsWith('og:') !== (tag.attr === 'property')) found.push(`${tag.key} attribute`);
  }
  if (!meta.canonical.startsWith(`${SITE}/`)) found.push('canonical');
  return found;
}

const content = (meta: PageMeta, key: string) => meta.tags.find((tag) => tag.key === key)?.content;

describe('a therapist page', () => {
  const therapist = {
    displayName: 'みう',
    bio: '新宿でセラピストをしています。',
    photoURL: '',
    area: '新宿',
    channels,
    profileSlug: 'miu',
  };
  const ld = personJsonLd(therapist, {
    url: '/profile/miu',
    siteUrl: SITE,
    store: { name: 'アロマ新宿', path: '/store-profile/aroma', area: '新宿', address: '' },
  });
  const meta = pageMeta({
    title: therapistTitle(therapist, '新宿', 'アロマ新宿'),
    description: 'みう（新宿・アロマ新宿）のプロフィール。',
    path: '/profile/miu',
    siteUrl: SITE,
    image: profilePreview(therapist, 'みうさん'),
    type: 'profile',
  });

  it('is a valid Person working for her store', () => {
    expect(problems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'Person',
      name: 'みう',
      url: `${SITE}/profile/miu`,
      sameAs: ['https://x.com/miu_new', 'https://bsky.app/profile/miu.bsky.social'],
      worksFor: {
        '@type': 'HealthAndBeautyBusiness',
        name: 'アロマ新宿',
        url: `${SITE}/store-profile/aroma`,
        address: { '@type': 'PostalAddress', addressRegion: '新宿', addressCountry: 'JP' },
      },
    });
    expect(ld).not.toHaveProperty('image');
  });

  it('has complete Open Graph and Twitter tags with her card image, and a title that tells namesakes apart', () => {
    expect(metaProblems(meta)).toEqual([]);
    expect(meta.title).toBe('みう（@miu_new）新宿・アロマ新宿 | セラリンク');
    expect(meta.canonical).toBe(`${SITE}/profile/miu`);
    expect(content(meta, 'og:type')).toBe('profile');
    expect(content(meta, 'og:image')).toBe(`${SITE}/og/p/miu.png`);
    expect(content(meta, 'twitter:card')).toBe('summary_large_image');
    expect(content(meta, 'robots')).toBeUndefined();
  });

  it('previews her photo when she has one', () => {
    const withPhoto = pageMeta({
      title: 'みう',
      description: 'd',
      path: '/profile/miu',
      siteUrl: SITE,
      image: profilePreview({ ...therapist, photoURL: 'https://firebasestorage.googleapis.com/v0/b/x/o/a.webp?alt=media' }, 'みうさん'),
    });
    expect(content(withPhoto, 'og:image')).toBe('https://firebasestorage.googleapis.com/v0/b/x/o/a.webp?alt=media');
    expect(content(withPhoto, 'twitter:card')).toBe('summary');
    expect(
      personJsonLd({ ...therapist, photoURL: 'https://firebasestorage.googleapis.com/a' }, { url: '/profile/miu', siteUrl: SITE }).image,
    ).toBe('https://firebasestorage.googleapis.com/a');
  });
});

describe('a store page', () => {
  const store = {
    name: 'アロマ新宿',
    description: '完全個室サロンです。',
    photoURL: '',
    area: '新宿',
    address: '東京都新宿区西新宿1-2-3',
    website: 'https://example.com/aroma',
    channels: { ...channels, x: 'aroma_shinjuku', bluesky: '' },
  };
  const ld = storeJsonLd(store, { url: '/store-profile/aroma', siteUrl: SITE });

  it('is a valid HealthAndBeautyBusiness with a postal address', () => {
    expect(problems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'HealthAndBeautyBusiness',
      name: 'アロマ新宿',
      address: { '@type': 'PostalAddress', streetAddress: '東京都新宿区西新宿1-2-3', addressRegion: '新宿', addressCountry: 'JP' },
      sameAs: ['https://example.com/aroma', 'https://x.com/aroma_shinjuku'],
    });
  });

  it('keeps an address without a street', () => {
    expect(problems(storeJsonLd({ ...store, address: '' }, { url: '/store-profile/aroma', siteUrl: SITE }))).toEqual([]);
  });

  it('is titled with its area and previews the site card when asked', () => {
    const titled = { displayName: 'アロマ', profileSlug: 'aroma', channels: store.channels };
    expect(storeTitle(titled, 'アロマ', '新宿')).toBe('アロマ（@aroma_shinjuku）新宿');
    const meta = pageMeta({
      title: storeTitle(titled, 'アロマ', '新宿'),
      description: 'd',
      path: '/store-profile/aroma',
      siteUrl: SITE,
      image: SITE_PREVIEW,
    });
    expect(metaProblems(meta)).toEqual([]);
    expect(content(meta, 'og:image')).toBe(`${SITE}/og/site.png`);
  });
});

describe('a page with breadcrumbs', () => {
  const stores = [{ id: 's1', profileSlug: 'aroma', displayName: 'アロマ新宿', storeName: '株式会社アロマ' }];
  const crumbs = buildBreadcrumbs('/store-profile/aroma', stores);
  const ld = breadcrumbJsonLd(crumbs, { url: '/store-profile/aroma', siteUrl: SITE })!;

  it('is a valid BreadcrumbList, positions from 1, the last item the page itself', () => {
    expect(problems(ld)).toEqual([]);
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'ホーム', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: '店舗', item: `${SITE}/stores` },
      { '@type': 'ListItem', position: 3, name: 'アロマ新宿', item: `${SITE}/store-profile/aroma` },
    ]);
  });

  it('is left out where there are no breadcrumbs (profile pages)', () => {
    expect(breadcrumbJsonLd(buildBreadcrumbs('/profile/miu'), { url: '/profile/miu', siteUrl: SITE })).toBeNull();
  });

  it('percent-encodes Japanese paths and never lets a value close the script element', () => {
    const area = breadcrumbJsonLd(buildBreadcrumbs('/frozen-accounts/area/新宿'), { url: '/frozen-accounts/area/新宿', siteUrl: SITE })!;
    expect(JSON.stringify(area)).toContain(`${SITE}/frozen-accounts/area/%E6%96%B0%E5%AE%BF`);
    const text = serializeJsonLd({ '@context': 'https://schema.org', '@type': 'Person', name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('a signed-in page', () => {
  it('says noindex', () => {
    const meta = pageMeta({
      title: '顧客管理',
      description: 'd',
      path: '/customerManagement',
      siteUrl: SITE,
      image: SITE_PREVIEW,
      noindex: true,
    });
    expect(content(meta, 'robots')).toBe('noindex, nofollow');
  });
});
