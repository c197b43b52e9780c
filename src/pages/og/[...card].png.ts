/**
 * Link-preview cards (src/lib/seo/card-image.ts): /og/site.png for pages
 * without their own, and /og/p/{slug}.png for each therapist or store
 * page whose profile has no photo (with a photo, the photo is the preview).
 */
import type { APIRoute } from 'astro';
import { loadDirectory } from '../../data/directory';
import { previewCards } from '../../data/preview-cards';
import { cardPng } from '../../lib/seo/card-image';
import { exportRoutePaths } from '../../registry/site-pages';

export function getStaticPaths() {
  return exportRoutePaths('/og/[...card].png');
}

export const GET: APIRoute = async ({ params }) => {
  const text = previewCards(await loadDirectory()).get(params.card ?? '');
  if (!text) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(await cardPng(text)), { headers: { 'Content-Type': 'image/png' } });
};
