/**
 * Link-preview cards (src/lib/seo/card-image.ts): /og/site.png for pages
 * without their own, and /og/p/{slug}.png for each therapist or store
 * page whose profile has no photo (with a photo, the photo is the preview).
 */
import { readFile } from 'node:fs/promises';
import type { APIRoute } from 'astro';
import { loadDirectory } from '../../data/directory';
import { previewCards } from '../../data/preview-cards';
import { cardFile } from '../../lib/seo/card-image';
import { exportRoutePaths } from '../../data/site-pages';

export function getStaticPaths() {
  return exportRoutePaths('/og/[...card].png');
}

/**
 * The file whose bytes answer a card's URL (null: no such card). The build's
 * renderer links it into the site instead of answering through Astro
 * (scripts/renderer/entry.ts): the card is a file already, and at 100,000
 * profiles reading, copying and writing every one cost minutes.
 */
export async function answerFile(params: Record<string, string | undefined>): Promise<string | null> {
  const text = previewCards(await loadDirectory()).get(params.card ?? '');
  return text ? cardFile(text) : null;
}

export const GET: APIRoute = async ({ params }) => {
  const file = await answerFile(params);
  if (!file) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(await readFile(file)), { headers: { 'Content-Type': 'image/png' } });
};
