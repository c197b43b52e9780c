/**
 * Builds the static site from an export: Astro into a staging folder,
 * Pagefind over it, the sitemap and the hosting headers (CSP hashes from
 * the built HTML), then the staging folder replaces the served one in a
 * single rename, so a running server never shows a half-built site.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isProductionBuild, resolveSiteUrl } from '../src/lib/seo/site-url';
import { contentSecurityPolicy, hostingHeaders, siteInlineHashes, type HeaderRule, type InlineHashes } from './lib/hosting-headers';
import { replaceDir } from './lib/replace-dir';
import { run } from './lib/run';
import { EMULATORS, ROOT } from './lib/project';
import { writeSitemaps } from './lib/sitemap-files';

export interface SiteBuildOptions {
  exportDir: string;
  outDir?: string;
  quiet?: boolean;
  /** The Firebase project the site's islands talk to (PUBLIC_FIREBASE_PROJECT_ID); the env's when omitted. */
  firebaseProjectId?: string;
  /** PUBLIC_ANALYTICS_ENDPOINT for this build; the env's when omitted, '' for none. */
  analyticsEndpoint?: string;
}

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

/** Origins the browser reaches the local emulators on (src/lib/firebase/config.ts uses the same). */
export function emulatorOrigins(env: Record<string, string | undefined> = process.env): string[] {
  const host = env.PUBLIC_FIREBASE_EMULATOR_HOST || '127.0.0.1';
  return (['auth', 'firestore', 'storage'] as const).map((name) => `http://${host}:${EMULATORS[name].port}`);
}

/** Computes the headers of a built site from its HTML and writes them into it. */
export async function writeSiteHeaders(siteDir: string, env: Record<string, string | undefined>): Promise<SiteHeaders> {
  const hashes = await siteInlineHashes(siteDir);
  const analyticsEndpoint = env.PUBLIC_ANALYTICS_ENDPOINT || undefined;
  const local = !isProductionBuild(env);
  const productionHeaders = hostingHeaders(contentSecurityPolicy({ hashes, analyticsEndpoint }));
  const headers = local
    ? hostingHeaders(contentSecurityPolicy({ hashes, analyticsEndpoint, emulatorOrigins: emulatorOrigins(env) }))
    : productionHeaders;
  await writeFile(path.join(siteDir, HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
  return { headers, productionHeaders, hashes };
}

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export async function buildSite({
  exportDir,
  outDir = path.join(ROOT, 'dist'),
  quiet,
  firebaseProjectId,
  analyticsEndpoint,
}: SiteBuildOptions): Promise<SiteHeaders> {
  const staging = path.join(ROOT, '.build', `site-${process.pid}`);
  const env = {
    EXPORT_DIR: exportDir,
    BUILD_OUT_DIR: staging,
    // Under Vitest NODE_ENV is 'test', which would build React's development bundle.
    NODE_ENV: 'production',
    ...(firebaseProjectId && { PUBLIC_FIREBASE_PROJECT_ID: firebaseProjectId }),
    ...(analyticsEndpoint !== undefined && { PUBLIC_ANALYTICS_ENDPOINT: analyticsEndpoint }),
  };
  const buildEnv = { ...process.env, ...env };
  await rm(staging, { recursive: true, force: true });
  try {
    await run(bin('astro'), ['build', '--silent'], { env, quiet });
    await run(bin('pagefind'), ['--site', staging, '--silent'], { quiet });
    await writeSitemaps(staging, resolveSiteUrl(buildEnv));
    const headers = await writeSiteHeaders(staging, buildEnv);
    await replaceDir(staging, outDir);
    return headers;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
