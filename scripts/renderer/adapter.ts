/**
 * The Astro adapter of the site's renderer
 * (docs/decisions/renderer-bundle-in-workers.md): with THERALINK_RENDERER=1
 * astro.config.mjs builds the project in server output with this adapter,
 * whose entry (./entry.ts) renders any page of the site on request from the
 * export of the current build cycle. The build (scripts/build-site.ts) runs
 * that bundle in a worker thread and writes the answers as static files.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const RENDERER_ADAPTER_NAME = 'theralink-renderer';

export function rendererAdapter(): AstroIntegration {
  return {
    name: RENDERER_ADAPTER_NAME,
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: RENDERER_ADAPTER_NAME,
          serverEntrypoint: fileURLToPath(new URL('./entry.ts', import.meta.url)),
          exports: ['renderer'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
            // The site draws no astro:assets images (pictures are Storage URLs, cards are endpoints).
            sharpImageService: 'stable',
            envGetSecret: 'unsupported',
          },
        });
      },
    },
  };
}
