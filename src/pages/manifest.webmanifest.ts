/** The web manifest: name, colours and icons, so a home-screen shortcut looks like the site. */
import type { APIRoute } from 'astro';
import { SITE_DESCRIPTION, SITE_NAME } from '../lib/site';
import { MANIFEST_ICON_SIZES, THEME_COLOR } from '../lib/seo/icons';

export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      name: SITE_NAME,
      short_name: SITE_NAME,
      description: SITE_DESCRIPTION,
      lang: 'ja',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: THEME_COLOR,
      icons: MANIFEST_ICON_SIZES.map((size) => ({
        src: `/icons/${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any maskable',
      })),
    }),
    { headers: { 'Content-Type': 'application/manifest+json' } },
  );
