/**
 * The site's public origin (canonical URLs, Open Graph, sitemap, .ics
 * feeds). A production build must be told it: PUBLIC_SITE_URL. Local and
 * demo builds (a demo- Firebase project, or none) default to the local
 * Hosting emulator. Plain functions of an env, so astro.config.mjs and the
 * build scripts decide the same way.
 */
import { emulators } from '../../../firebase.json';

type Env = Record<string, string | undefined>;

/** Where `npm start` serves the site. */
export const LOCAL_SITE_URL = `http://${emulators.hosting.host}:${emulators.hosting.port}`;

/** A build for a real Firebase project (not a demo- one), i.e. the production site. */
export function isProductionBuild(env: Env): boolean {
  const projectId = env.PUBLIC_FIREBASE_PROJECT_ID;
  return Boolean(projectId) && !projectId!.startsWith('demo-');
}

/**
 * PUBLIC_SITE_URL as an origin without a trailing slash; the local URL for
 * local builds. Throws for a production build without it, or with a URL
 * that is not https.
 */
export function resolveSiteUrl(env: Env): string {
  const given = env.PUBLIC_SITE_URL?.trim();
  if (!given) {
    if (isProductionBuild(env)) {
      throw new Error(
        `PUBLIC_SITE_URL is not set. A production build (PUBLIC_FIREBASE_PROJECT_ID=${env.PUBLIC_FIREBASE_PROJECT_ID}) ` +
          'needs the public address of the site, e.g. PUBLIC_SITE_URL=https://theralink.example.',
      );
    }
    return LOCAL_SITE_URL;
  }
  const url = new URL(given);
  if (isProductionBuild(env) && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_SITE_URL must be an https:// address for a production build, not ${given}.`);
  }
  return url.origin;
}
