// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { resolveSiteUrl } from './src/lib/seo/site-url.ts';

// BUILD_OUT_DIR lets the rebuild job build beside the served site and swap
// it in whole (scripts/build-site.ts), so visitors never see a half-built dist.
// The site's address for canonical URLs, previews, the sitemap and the .ics
// feeds: a production build (a real Firebase project) refuses to run
// without PUBLIC_SITE_URL; local and demo builds use the local one.
export default defineConfig({
  site: resolveSiteUrl(process.env),
  outDir: process.env.BUILD_OUT_DIR || './dist',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});
