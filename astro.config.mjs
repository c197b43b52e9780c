// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// BUILD_OUT_DIR lets the rebuild job build beside the served site and swap
// it in whole (scripts/build-site.ts), so visitors never see a half-built dist.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://127.0.0.1:5050',
  outDir: process.env.BUILD_OUT_DIR || './dist',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});
