/**
 * The environment a build renders with (a build's and the shards' merge's):
 * the process's, with what the caller overrides for this build.
 */
import { resolveSiteUrl } from '../../src/lib/seo/site-url';

/** What a build's environment may override: the Firebase project its islands talk to, and the analytics endpoint. */
export interface BuildEnvironmentOptions {
  /** PUBLIC_FIREBASE_PROJECT_ID for this build; the env's when omitted. */
  firebaseProjectId?: string;
  /** PUBLIC_ANALYTICS_ENDPOINT for this build; the env's when omitted, '' for none. */
  analyticsEndpoint?: string;
}

/** The environment a build renders with: the renderer's overrides and the site's URL (a build's and the merge's). */
export function buildEnvironment(options: BuildEnvironmentOptions) {
  const overrides = {
    // Under Vitest NODE_ENV is 'test', which would build React's development bundle.
    NODE_ENV: 'production',
    ...(options.firebaseProjectId && { PUBLIC_FIREBASE_PROJECT_ID: options.firebaseProjectId }),
    ...(options.analyticsEndpoint !== undefined && { PUBLIC_ANALYTICS_ENDPOINT: options.analyticsEndpoint }),
  };
  const env = { ...process.env, ...overrides };
  return { overrides, env, siteUrl: resolveSiteUrl(env) };
}
