/** /favicon.ico, for browsers and crawlers that ask for it by name (src/lib/seo/icons.ts). */
import type { APIRoute } from 'astro';
import { icoFromPng, iconPng } from '../lib/seo/icons';

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(icoFromPng(await iconPng(32, { background: false }), 32)), {
    headers: { 'Content-Type': 'image/x-icon' },
  });
