import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, findCsp, hostingHeaders, inlineHashes, withEmulatorOrigins } from '../../scripts/lib/hosting-headers';
import { pageText } from '../../scripts/lib/page-text';
import { isProductionBuild, resolveSiteUrl } from '../../src/lib/seo/site-url';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const LOCAL = ['http://127.0.0.1:9099', 'http://127.0.0.1:8080', 'http://127.0.0.1:9199'];

describe('inline hashes', () => {
  it('hashes inline scripts, styles and handlers, not src scripts or JSON-LD', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module" src="/_astro/x.js"></script>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<style>astro-island{display:contents}</style>',
      '<button onclick="location.reload()">再読み込み</button>',
    ].join('');
    expect(inlineHashes(html)).toEqual({
      scripts: [hash('a()')],
      styles: [hash('astro-island{display:contents}')],
      handlers: [hash('location.reload()')],
    });
  });

  it('reads a page once, as a browser does: a script body is text, a handler in capitals is a handler', () => {
    const html = [
      '<script>document.body.insertAdjacentHTML("beforeend", \'<b onclick="x()">b</b><style>p{}</style>\')</script>',
      '<div onMouseOver="highlight()">あかり</div>',
    ].join('');
    expect(inlineHashes(html)).toEqual({
      scripts: [hash('document.body.insertAdjacentHTML("beforeend", \'<b onclick="x()">b</b><style>p{}</style>\')')],
      styles: [],
      handlers: [hash('highlight()')],
    });
  });

  it('finds the same hashes in a page read as its bytes (latin1) as in its decoded text', () => {
    // ム is E3 83 A0: read as latin1 its last byte is U+00A0, which \s would take for white space before "onclick".
    const html = [
      '<html lang="ja"><head><style>.a::after{content:"ブログ"}</style></head><body>',
      '<script>alert("予約ありがとう")</script>',
      '<p title="ムonclick=&quot;x&quot;">ムonclick="not-a-handler"</p>',
      '<button onclick="alert(&quot;再読み込み&quot;)">再読み込み</button>',
      '</body></html>',
    ].join('');
    const hashes = inlineHashes(html);
    expect(hashes).toEqual({
      scripts: [hash('alert("予約ありがとう")')],
      styles: [hash('.a::after{content:"ブログ"}')],
      handlers: [hash('alert("再読み込み")')],
    });
    expect(inlineHashes(pageText(Buffer.from(html)), 'latin1')).toEqual(hashes);
  });
});

describe('Content-Security-Policy', () => {
  const hashes = { scripts: [hash('a()')], styles: [], handlers: [] };
  const production = contentSecurityPolicy({ hashes });
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `) || d === name);

  it('allows exactly the Firebase endpoints in production, and no emulator', () => {
    expect(directive(production, 'connect-src')).toBe(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firestore.googleapis.com " +
        'https://firebasestorage.googleapis.com https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com',
    );
    expect(production).not.toContain('127.0.0.1');
    expect(directive(production, 'script-src')).toBe(`script-src 'self' ${hash('a()')} 'wasm-unsafe-eval'`);
    expect(production).not.toContain("'unsafe-inline' ");
    expect(directive(production, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(production, 'upgrade-insecure-requests')).toBeDefined();
  });

  it('adds the emulators only to a local policy, and the analytics origin only when set', () => {
    const local = contentSecurityPolicy({ hashes, emulatorOrigins: LOCAL });
    expect(directive(local, 'connect-src')).toContain('http://127.0.0.1:8080');
    expect(directive(local, 'upgrade-insecure-requests')).toBeUndefined();
    expect(withEmulatorOrigins(production, LOCAL)).toBe(local);
    const analytics = contentSecurityPolicy({ hashes, analyticsEndpoint: 'https://stats.example/collect?site=1' });
    expect(directive(analytics, 'connect-src')).toMatch(/ https:\/\/stats\.example$/);
  });

  it('allows handler hashes only with unsafe-hashes', () => {
    const csp = contentSecurityPolicy({ hashes: { ...hashes, handlers: [hash('location.reload()')] } });
    expect(directive(csp, 'script-src')).toContain(`'unsafe-hashes' ${hash('location.reload()')}`);
  });
});

describe('header rules', () => {
  const rules = hostingHeaders("default-src 'self'");
  it('caches /_astro/** for a year after the no-cache default, so it overrides it', () => {
    const sources = rules.map((rule) => rule.source);
    expect(sources.indexOf('/_astro/**')).toBeGreaterThan(sources.indexOf('**'));
    expect(rules.find((r) => r.source === '/_astro/**')!.headers).toEqual([
      { key: 'Cache-Control', value: 'public, max-age=31536000, immutable' },
    ]);
    const keys = rules.find((r) => r.source === '**')!.headers.map((h) => h.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'Cache-Control',
        'Content-Security-Policy',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Strict-Transport-Security',
        'Permissions-Policy',
      ]),
    );
    expect(findCsp(rules)).toBe("default-src 'self'");
  });
});

describe('site URL', () => {
  it('defaults to the local URL for local and demo builds', () => {
    expect(resolveSiteUrl({})).toBe('http://127.0.0.1:5050');
    expect(resolveSiteUrl({ PUBLIC_FIREBASE_PROJECT_ID: 'demo-theralink-e2e' })).toBe('http://127.0.0.1:5050');
  });

  it('is required, and https, for a production build', () => {
    expect(isProductionBuild({ PUBLIC_FIREBASE_PROJECT_ID: 'theralink-prod' })).toBe(true);
    expect(() => resolveSiteUrl({ PUBLIC_FIREBASE_PROJECT_ID: 'theralink-prod' })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => resolveSiteUrl({ PUBLIC_FIREBASE_PROJECT_ID: 'theralink-prod', PUBLIC_SITE_URL: 'http://x.example' })).toThrow(/https/);
    expect(resolveSiteUrl({ PUBLIC_FIREBASE_PROJECT_ID: 'theralink-prod', PUBLIC_SITE_URL: 'https://theralink.example/' })).toBe(
      'https://theralink.example',
    );
  });
});
