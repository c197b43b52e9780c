/**
 * One served demo site and one Chromium per test file, and a fresh page
 * (its own browser context) per test, closed after it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { serveSite } from '../../scripts/lib/serve-site';
import { E2E_SITE_DIR } from './built-site';

export interface SiteSession {
  /** Origin of the served site, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** A new page in a fresh context, with relative URLs resolved against the site. */
  newPage(): Promise<Page>;
}

export function useSiteSession(): SiteSession {
  let served: Awaited<ReturnType<typeof serveSite>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    served = await serveSite(E2E_SITE_DIR);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  return {
    get url() {
      return served.url;
    },
    async newPage() {
      const page = await browser.newPage({ baseURL: served.url });
      contexts.push(page.context());
      return page;
    },
  };
}
