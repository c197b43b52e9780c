/**
 * Headless Debian Chromium through playwright-core (never a downloaded
 * browser). Playwright gives every launch a fresh, empty profile.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Without the networking flags this closed network refuses Chromium's background connections.
const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

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
