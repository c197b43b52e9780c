/**
 * The built demo site served with the headers its build computed
 * (scripts/lib/hosting-headers.ts): every public page kind and every island
 * page loads in Chromium with zero Content-Security-Policy violations, the
 * cache and security headers are there, and the SEO files answer.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADERS_FILE } from '../../scripts/lib/site-headers';
import { findCsp, type HeaderRule } from '../../scripts/lib/hosting-headers';
import { ROOT } from '../../scripts/lib/project';
import { ISLAND_ROUTES, SIGNED_IN_ROUTES } from '../../src/lib/seo/routes';
import { signIn } from './account-helpers';
import { cspViolations } from './browser-pages';
import { E2E_SITE_DIR } from './built-site';
import { useSiteSession } from './site-session';

const site = useSiteSession();

/**
 * One page of each kind the build made: the route with its dynamic parts
 * ([slug], [id], [area], [letter], page numbers) taken from the first file
 * of each folder shape, plus every static page.
 */
async function onePagePerKind(): Promise<string[]> {
  const files = (await readdir(E2E_SITE_DIR, { recursive: true }))
    .map(String)
    .filter((file) => file.endsWith('.html'))
    .sort();
  const byKind = new Map<string, string>();
  for (const file of files) {
    const route = `/${file
      .split(path.sep)
      .join('/')
      .replace(/\.html$/, '')}`.replace(/\/index$/, '/');
    const segments = route.split('/').filter(Boolean);
    // Pages in a folder share a kind by their folder and depth; top-level pages are each their own kind.
    const kind = segments.length > 1 ? `${segments[0]}:${segments.length}` : route;
    if (!byKind.has(kind)) byKind.set(kind, route);
  }
  return [...byKind.values()].filter((route) => route !== '/404');
}

describe('Content-Security-Policy in Chromium', () => {
  it('is violated by no public page kind and no island page, signed out', async () => {
    const routes = [...new Set([...(await onePagePerKind()), ...ISLAND_ROUTES, '/no-such-page'])];
    expect(routes).toEqual(expect.arrayContaining(['/', '/search', '/today', '/login', '/skindetector']));
    expect(routes.some((route) => route.startsWith('/profile/'))).toBe(true);
    expect(routes.some((route) => route.startsWith('/store-profile/'))).toBe(true);
    const page = await site.newPage();
    for (const route of routes) {
      await page.goto(route, { waitUntil: 'networkidle' });
    }
    // Search runs Pagefind (WebAssembly) and its index fetches.
    await page.goto(`/search?q=${encodeURIComponent('みう')}`, { waitUntil: 'networkidle' });
    await page.getByTestId('search-result').first().waitFor();
    expect(cspViolations(page)).toEqual([]);
    // About 50 pages, each waited on until its network is idle for 0.5 s: 25–38 s on a quiet machine.
  }, 180_000);

  it('is violated by no signed-in page, the islands talking to Auth and Firestore', async () => {
    const page = await site.newPage();
    // Firebase signs out a persisted user whose reload at page load fails with anything but a network error: should a
    // page land on /login, the Auth emulator's answers say why.
    const authTrouble: string[] = [];
    page.on('response', (response) => {
      if (/identitytoolkit|securetoken/.test(response.url()) && response.status() >= 400)
        authTrouble.push(`${response.status()} ${response.url().replace(/\?.*$/, '')}`);
    });
    page.on('requestfailed', (request) => {
      if (/identitytoolkit|securetoken/.test(request.url())) authTrouble.push(`${request.failure()?.errorText} ${request.url()}`);
    });
    await page.goto('/login');
    await signIn(page, 'therapist@theralink.test');
    await page.waitForURL(`${site.url}/`);
    for (const route of [...SIGNED_IN_ROUTES, '/profile/miu']) {
      await page.goto(route, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname, `${route} (Auth: ${authTrouble.join('; ') || 'no error answered'})`).toBe(route);
    }
    expect(cspViolations(page)).toEqual([]);
  });

  it('is what a blocked inline script reports (the listener works)', async () => {
    const page = await site.newPage();
    await page.goto('/howto');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__notAllowed = true;';
      document.body.append(script);
    });
    await expect.poll(() => cspViolations(page).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __notAllowed?: boolean }).__notAllowed)).toBeUndefined();
    // This test's violation is the expected one: clear it so the shared check passes.
    (cspViolations(page) as string[]).length = 0;
  });
});

describe('hosting headers', () => {
  it('caches hashed assets for a year and revalidates HTML, data and the service worker', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const asset = html.match(/\/_astro\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${site.url}${asset}`);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const route of ['/', '/profile/miu', '/firebase-messaging-sw.js', '/sitemap.xml', '/pagefind/pagefind.js']) {
      const response = await fetch(`${site.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
    }
  });

  it('sends the security headers, with the local emulators only in this local build', async () => {
    const headers = (await fetch(`${site.url}/profile/miu`)).headers;
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(headers.get('permissions-policy')).toContain('camera=()');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain('https://identitytoolkit.googleapis.com');
    expect(csp).toContain('http://127.0.0.1:9099');
  });
});

describe('search-engine files', () => {
  it('serves robots.txt, the sitemap, the manifest and the icons', async () => {
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/profile/miu</loc>');
    expect(sitemap).not.toContain('/customerManagement<');
    const manifest = (await (await fetch(`${site.url}/manifest.webmanifest`)).json()) as { icons: { src: string }[] };
    for (const icon of [...manifest.icons.map((i) => i.src), '/favicon.ico', '/apple-touch-icon.png', '/og/site.png', '/og/p/miu.png']) {
      const response = await fetch(`${site.url}${icon}`);
      expect(response.status, icon).toBe(200);
      expect((await response.arrayBuffer()).byteLength, icon).toBeGreaterThan(100);
    }
  });

  // The build links each card from its cache instead of rendering it (scripts/renderer/entry.ts): still the whole PNG.
  it('serves each preview card as a whole 1200 × 630 PNG', async () => {
    for (const card of ['/og/site.png', '/og/p/miu.png']) {
      const response = await fetch(`${site.url}${card}`);
      expect(response.headers.get('content-type'), card).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      expect([...png.subarray(0, 8)], card).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], card).toEqual([1200, 630]);
      expect(png.subarray(-8, -4).toString('latin1'), card).toBe('IEND');
    }
  });
});

describe('the committed firebase.json', () => {
  // npm start's Hosting emulator and a deploy serve these headers: when an
  // inline script changes, `npm run build` must be run and firebase.json committed.
  it('allows exactly the inline scripts the site has now', async () => {
    const scriptHashes = (csp: string | undefined) =>
      new Set((/script-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '').split(' ').filter((part) => part.startsWith("'sha256-")));
    const built = JSON.parse(await readFile(path.join(E2E_SITE_DIR, HEADERS_FILE), 'utf8')) as HeaderRule[];
    const committed = JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as { hosting: { headers: HeaderRule[] } };
    const builtHashes = scriptHashes(findCsp(built));
    expect(builtHashes.size).toBeGreaterThan(0);
    expect(scriptHashes(findCsp(committed.hosting.headers))).toEqual(builtHashes);
  });
});
