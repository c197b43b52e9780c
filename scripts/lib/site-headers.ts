/**
 * The headers a built site is served with: the Content Security Policy
 * with the hashes of its pages' inline scripts (./hosting-headers.ts), with
 * the local emulators' origins in a local build, and the production set that
 * firebase.json carries. A build and the shards' merge write them alike.
 */
import { isProductionBuild } from '../../src/lib/seo/site-url';
import { contentSecurityPolicy, hostingHeaders, type HeaderRule, type InlineHashes } from './hosting-headers';
import { EMULATORS } from './project';

/** The headers a built site is served with (also in `<site>/.headers.json`), and its production-shaped set. */
export interface SiteHeaders {
  /** For this build: with the emulator addresses when it is a local one. */
  headers: HeaderRule[];
  /** Without emulator addresses: what firebase.json carries for `firebase deploy`. */
  productionHeaders: HeaderRule[];
  hashes: InlineHashes;
}

/** Name of the headers file inside a built site (a dot file: Firebase Hosting does not deploy it). */
export const HEADERS_FILE = '.headers.json';

/** The bytes of HEADERS_FILE. */
export const headersFileBytes = (headers: readonly HeaderRule[]) => Buffer.from(`${JSON.stringify(headers, null, 2)}\n`);

/** Origins the browser reaches the local emulators on (src/lib/firebase/config.ts uses the same). */
export function emulatorOrigins(env: Record<string, string | undefined> = process.env): string[] {
  const host = env.PUBLIC_FIREBASE_EMULATOR_HOST || '127.0.0.1';
  return (['auth', 'firestore', 'storage'] as const).map((name) => `http://${host}:${EMULATORS[name].port}`);
}

/** The headers of a site whose pages inline `hashes`. */
export function siteHeaders(hashes: InlineHashes, env: Record<string, string | undefined>): SiteHeaders {
  const analyticsEndpoint = env.PUBLIC_ANALYTICS_ENDPOINT || undefined;
  const productionHeaders = hostingHeaders(contentSecurityPolicy({ hashes, analyticsEndpoint }));
  const headers = isProductionBuild(env)
    ? productionHeaders
    : hostingHeaders(contentSecurityPolicy({ hashes, analyticsEndpoint, emulatorOrigins: emulatorOrigins(env) }));
  return { headers, productionHeaders, hashes };
}
