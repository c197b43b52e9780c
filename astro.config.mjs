// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { rendererAdapter } from './scripts/renderer/adapter.ts';
import { noPreloadImports } from './scripts/vite/no-preload-imports.ts';
import { resolveSiteUrl } from './src/lib/seo/site-url.ts';

// BUILD_OUT_DIR lets the rebuild job build beside the served site and swap
// it in whole (scripts/build-site.ts), so visitors never see a half-built dist.
// THERALINK_RENDERER=1 builds the renderer instead of the static site: the
// same pages in server output, rendered on request by the build from each
// new export (scripts/renderer, docs/decisions/renderer-bundle-in-workers.md).
// The site's address for canonical URLs, previews, the sitemap and the .ics
// feeds: a production build (a real Firebase project) refuses to run
// without PUBLIC_SITE_URL; local and demo builds use the local one.
const renderer = process.env.THERALINK_RENDERER === '1';

export default defineConfig({
  site: resolveSiteUrl(process.env),
  outDir: process.env.BUILD_OUT_DIR || './dist',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  integrations: [react()],
  ...(renderer && { output: 'server', adapter: rendererAdapter() }),
  vite: {
    plugins: [tailwindcss(), noPreloadImports()],
  },
});
