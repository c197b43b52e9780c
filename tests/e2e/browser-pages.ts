/** Browser pages for test files (Vitest hooks; scripts use browser.ts alone). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

/** Prefix of the console line the init script below writes for each CSP violation. */
const CSP_MARK = '[csp-violation]';

/**
 * Reports every `securitypolicyviolation` event on the console, where the
 * page's listener below collects it (Chromium also logs its own "Refused
 * to …" line, collected too).
 */
const CSP_INIT_SCRIPT = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error(${JSON.stringify(CSP_MARK)} + ' ' + JSON.stringify({
    directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample,
  }));
});`;

const violations = new WeakMap<Page, string[]>();

/** The CSP violations a page has reported so far (see CSP_INIT_SCRIPT). */
export function cspViolations(page: Page): readonly string[] {
  return violations.get(page) ?? [];
}

async function watchCsp(page: Page): Promise<void> {
  const found: string[] = [];
  violations.set(page, found);
  await page.addInitScript(CSP_INIT_SCRIPT);
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_MARK) || /Content Security Policy/i.test(text)) found.push(`${page.url()}: ${text}`);
  });
}

/**
 * One Chromium per test file and a fresh page (its own context, so no
 * shared sign-in) per call, closed after each test. `baseURL` is read when
 * a page opens, after the file's beforeAll has served the site.
 *
 * Every page is held to the site's Content-Security-Policy (the built
 * site is served with its hosting headers): a test whose pages reported a
 * violation fails after it.
 */
export function useBrowserPages(baseURL: () => string): () => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const found = pages.splice(0).flatMap((page) => cspViolations(page));
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    if (found.length > 0) throw new Error(`Content-Security-Policy violations:\n${[...new Set(found)].join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async () => {
    const page = await browser.newPage({ baseURL: baseURL() });
    contexts.push(page.context());
    pages.push(page);
    await watchCsp(page);
    return page;
  };
}
