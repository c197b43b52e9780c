/** /robots.txt: crawl everything, and where the sitemap is (written after the build, scripts/lib/sitemap-files.ts). */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/sitemap';

export const GET: APIRoute = ({ site }) => new Response(robotsTxt(site!.origin), { headers: { 'Content-Type': 'text/plain' } });
