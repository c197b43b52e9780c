/** /apple-touch-icon.png (180 px), which iOS also asks for by name. */
import type { APIRoute } from 'astro';
import { iconPng } from '../lib/seo/icons';

export const GET: APIRoute = async () => new Response(new Uint8Array(await iconPng(180)), { headers: { 'Content-Type': 'image/png' } });
