/** Browser pages for test files (Vitest hooks; scripts use browser.ts alone). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

/**
 * One Chromium per test file and a fresh page (its own context, so no
 * shared sign-in) per call, closed after each test. `baseURL` is read when
 * a page opens, after the file's beforeAll has served the site.
 */
export function useBrowserPages(baseURL: () => string): () => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async () => {
    const page = await browser.newPage({ baseURL: baseURL() });
    contexts.push(page.context());
    return page;
  };
}
