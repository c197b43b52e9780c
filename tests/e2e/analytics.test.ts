/**
 * Analytics only when configured. With PUBLIC_ANALYTICS_ENDPOINT set at
 * build time (a collector on 127.0.0.1 here), a page view and the LCP, INP
 * and CLS beacons reach it, carry no cookie and no user id, and the CSP
 * lets exactly that origin through. Unset (the shared demo build), no
 * analytics script exists and no request leaves the site's origin.
 * Also logs the JavaScript a signed-out visitor downloads on a profile,
 * with and without the endpoint.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, ROOT } from '../../scripts/lib/project';
import { serveSite, type ServedSite } from '../../scripts/lib/serve-site';
import { TEST_PROJECTS } from '../setup/projects';
import { cspViolations, useBrowserPages } from './browser-pages';
import { E2E_EXPORT_DIR, E2E_SITE_DIR } from './built-site';

const ANALYTICS_SITE_DIR = path.join(ROOT, '.build', 'e2e-analytics-site');

interface Beacon {
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

let collector: Server;
let collectorUrl: string;
const beacons: Beacon[] = [];
let withAnalytics: ServedSite;
let withoutAnalytics: ServedSite;
let current: () => ServedSite;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        beacons.push({ body: JSON.parse(body) as Record<string, unknown>, headers: request.headers });
      } catch {
        beacons.push({ body: { unparsable: body }, headers: request.headers });
      }
      response.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/collect`;
  const { buildSite } = await import('../../scripts/build-site');
  const build = await buildSite({
    exportDir: E2E_EXPORT_DIR,
    outDir: ANALYTICS_SITE_DIR,
    quiet: true,
    firebaseProjectId: TEST_PROJECTS.e2e,
    analyticsEndpoint: collectorUrl,
  });
  await build.searchIndexed;
  withAnalytics = await serveSite(ANALYTICS_SITE_DIR);
  withoutAnalytics = await serveSite(E2E_SITE_DIR);
});
afterAll(async () => {
  await withAnalytics?.close();
  await withoutAnalytics?.close();
  await new Promise((resolve) => collector?.close(resolve));
});

const newPage = useBrowserPages(() => current().url);

/** Gzip bytes of the JavaScript a page downloads (scripts and modules), by URL. */
function recordScripts(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .body()
      .then((body) => sizes.set(response.url(), gzipSync(body, { level: 9 }).length))
      .catch(() => undefined);
  });
  return sizes;
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, n) => sum + n, 0);

/** Makes web-vitals report: a slow click (an interaction for INP), then the page going hidden. */
async function interactAndHide(page: Page) {
  await page.evaluate(() => {
    document.querySelector('h1')!.addEventListener('click', () => {
      const end = performance.now() + 150;
      while (performance.now() < end) {
        // busy: a slow event handler makes a measurable interaction
      }
    });
  });
  await page.locator('h1').click();
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('with PUBLIC_ANALYTICS_ENDPOINT set', () => {
  it('sends a page view and the LCP, INP and CLS beacons, without cookies or ids', async () => {
    current = () => withAnalytics;
    const page = await newPage();
    const scripts = recordScripts(page);
    await page.goto('/profile/miu', { waitUntil: 'networkidle' });
    await expect.poll(() => beacons.some((b) => b.body.type === 'pageview'), { timeout: 15_000 }).toBe(true);
    await interactAndHide(page);
    const names = () => new Set(beacons.filter((b) => b.body.type === 'web-vital').map((b) => b.body.name));
    await expect.poll(() => [...names()].sort(), { timeout: 15_000 }).toEqual(['CLS', 'INP', 'LCP']);

    const pageview = beacons.find((b) => b.body.type === 'pageview')!;
    expect(pageview.body).toEqual({ type: 'pageview', path: '/profile/miu', referrer: '' });
    for (const beacon of beacons) {
      expect(beacon.headers.cookie).toBeUndefined();
      expect(Object.keys(beacon.body).sort()).not.toEqual(expect.arrayContaining(['uid']));
      expect(JSON.stringify(beacon.body)).not.toMatch(/uid|userId|email/i);
    }
    const csp = (await fetch(`${withAnalytics.url}/profile/miu`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${new URL(collectorUrl).origin.replace(/\./g, '\\.')}`));
    expect(cspViolations(page)).toEqual([]);
    console.log(`Profile JS, signed out, with analytics: ${total(scripts)} B gzip in ${scripts.size} files`);
  });
});

describe('without PUBLIC_ANALYTICS_ENDPOINT', () => {
  it('ships no analytics code and sends nothing off the site', async () => {
    current = () => withoutAnalytics;
    const html = await (await fetch(`${withoutAnalytics.url}/profile/miu`)).text();
    expect(html).not.toMatch(/AnalyticsScript|web-vitals|sendBeacon/);
    const csp = (await fetch(`${withoutAnalytics.url}/profile/miu`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain(new URL(collectorUrl).origin);

    const before = beacons.length;
    const page = await newPage();
    const scripts = recordScripts(page);
    const requests: string[] = [];
    // Pictures come from Storage (the emulator here, Firebase Storage in production): fetched, nothing sent.
    const pictureOrigin = `http://${emulatorHost('storage')}`;
    page.on('request', (request) => {
      if (!(request.resourceType() === 'image' && request.url().startsWith(`${pictureOrigin}/`))) requests.push(request.url());
    });
    await page.goto('/profile/miu', { waitUntil: 'networkidle' });
    await interactAndHide(page);
    const profileJs = total(scripts);
    await page.goto('/today', { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const offSite = requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== withoutAnalytics.url);
    expect(offSite).toEqual([]);
    expect(beacons.length).toBe(before);
    for (const url of scripts.keys()) expect(url).not.toMatch(/web-vitals|analytics/);
    console.log(`Profile JS, signed out, without analytics: ${profileJs} B gzip`);
  });
});
