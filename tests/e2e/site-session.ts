/**
 * One served demo site and one Chromium per test file, and a fresh page
 * (its own browser context) per test, closed after it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serveSite } from '../../scripts/lib/serve-site';
import { useBrowserPages } from './browser-pages';
import { E2E_SITE_DIR } from './built-site';

export interface SiteSession {
  /** Origin of the served site, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** A new page in a fresh context, with relative URLs resolved against the site. */
  newPage(): Promise<Page>;
}

export function useSiteSession(): SiteSession {
  let served: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    served = await serveSite(E2E_SITE_DIR);
  });
  afterAll(async () => {
    await served?.close();
  });
  const newPage = useBrowserPages(() => served.url);

  return {
    get url() {
      return served.url;
    },
    newPage,
  };
}
