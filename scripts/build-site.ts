/**
 * Builds the static site from an export: Astro into a staging folder,
 * Pagefind over it, then the staging folder replaces the served one in a
 * single rename, so a running server never shows a half-built site.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { replaceDir } from './lib/replace-dir';
import { run } from './lib/run';
import { ROOT } from './lib/project';

export interface SiteBuildOptions {
  exportDir: string;
  outDir?: string;
  quiet?: boolean;
  /** The Firebase project the site's islands talk to (PUBLIC_FIREBASE_PROJECT_ID); the env's when omitted. */
  firebaseProjectId?: string;
}

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export async function buildSite({ exportDir, outDir = path.join(ROOT, 'dist'), quiet, firebaseProjectId }: SiteBuildOptions) {
  const staging = path.join(ROOT, '.build', `site-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    await run(bin('astro'), ['build', '--silent'], {
      env: {
        EXPORT_DIR: exportDir,
        BUILD_OUT_DIR: staging,
        // Under Vitest NODE_ENV is 'test', which would build React's development bundle.
        NODE_ENV: 'production',
        ...(firebaseProjectId && { PUBLIC_FIREBASE_PROJECT_ID: firebaseProjectId }),
      },
      quiet,
    });
    await run(bin('pagefind'), ['--site', staging, '--silent'], { quiet });
    await replaceDir(staging, outDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
