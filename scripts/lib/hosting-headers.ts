/**
 * Firebase Hosting headers for a built site: long caching for hashed
 * assets, revalidation for everything else, security headers, and a
 * Content-Security-Policy whose script and style hashes are taken from
 * the built HTML itself, so an inline script that changes can never run
 * unlisted. The Firebase endpoints are exactly the ones the islands call;
 * the emulator addresses go in only for local (demo- project) builds, and
 * the analytics endpoint only when PUBLIC_ANALYTICS_ENDPOINT is set.
 *
 * Where the headers go: the build writes them beside the site
 * (`<site>/.headers.json`, not deployed: firebase.json ignores dot files)
 * for scripts/lib/serve-site.ts; `npm run build` also writes the
 * production-shaped set into firebase.json for `firebase deploy`; `npm
 * start` serves through the Hosting emulator with firebase.local.json,
 * firebase.json plus the emulator addresses.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './project';

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** What the page HTML runs inline, as CSP source expressions ('sha256-…'). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
  /** Inline event-handler attributes (onclick="…"); they need 'unsafe-hashes'. */
  handlers: string[];
}

/** The Firebase endpoints the islands call (Auth, Firestore, Storage, Messaging). */
export const FIREBASE_CONNECT_ORIGINS = [
  'https://identitytoolkit.googleapis.com', // Auth: sign-in, sign-up, password reset, verification
  'https://securetoken.googleapis.com', // Auth: ID-token refresh
  'https://firestore.googleapis.com', // Firestore (lite SDK and the nav's REST reads)
  'https://firebasestorage.googleapis.com', // Storage: avatar uploads
  'https://firebaseinstallations.googleapis.com', // Messaging: installation id
  'https://fcmregistrations.googleapis.com', // Messaging: push token
] as const;
/** Where profile pictures are downloaded from in production (src/lib/photo-url.ts). */
export const STORAGE_IMAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/**
 * Hashes of one page's inline scripts (not src, not JSON data), inline
 * styles and event handlers. `html` is the page's text, or (a build) its
 * bytes as `latin1` text (./page-text.ts), whose matches are hashed as the bytes they are.
 * One pass over the page, as a browser reads it: a script's or a style's
 * body is text, not tags or attributes (each page of a build is read here).
 */
export function inlineHashes(html: string, encoding: 'utf8' | 'latin1' = 'utf8'): InlineHashes {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, encoding).digest('base64')}'`;
  const hashes: InlineHashes = { scripts: [], styles: [], handlers: [] };
  const inline = /<script\b([^>]*)>([\s\S]*?)<\/script>|<style\b[^>]*>([\s\S]*?)<\/style>|[\t\n\f\r ]on[a-z]+="([^"]*)"/gi;
  for (const [, scriptAttrs, script, style, handler] of html.matchAll(inline)) {
    if (handler !== undefined) hashes.handlers.push(sha256(decodeAttribute(handler)));
    else if (style !== undefined) hashes.styles.push(sha256(style));
    else if (
      !/\bsrc[\t\n\f\r ]*=/i.test(scriptAttrs!) &&
      !/\btype[\t\n\f\r ]*=[\t\n\f\r ]*["']?application\/(?:ld\+)?json/i.test(scriptAttrs!)
    )
      hashes.scripts.push(sha256(script!));
  }
  return hashes;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface PolicyOptions {
  hashes: InlineHashes;
  /** Local build: the emulators' origins (http://host:port) for Auth, Firestore and Storage. */
  emulatorOrigins?: readonly string[];
  /** PUBLIC_ANALYTICS_ENDPOINT, when set. */
  analyticsEndpoint?: string;
}

/** The Content-Security-Policy of the site. */
export function contentSecurityPolicy({ hashes, emulatorOrigins = [], analyticsEndpoint }: PolicyOptions): string {
  const local = emulatorOrigins.length > 0;
  const analytics = analyticsEndpoint ? [new URL(analyticsEndpoint).origin] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'wasm-unsafe-eval': Pagefind's search and the customer notebook's Argon2id run as WebAssembly;
    // it allows compiling wasm, not eval().
    [
      'script-src',
      "'self'",
      ...hashes.scripts,
      ...(hashes.handlers.length > 0 ? ["'unsafe-hashes'", ...hashes.handlers] : []),
      "'wasm-unsafe-eval'",
    ],
    ['style-src', "'self'", ...hashes.styles],
    // style="…" attributes (sizes from props, the drawer width) cannot run code.
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', STORAGE_IMAGE_ORIGIN, ...emulatorOrigins],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...FIREBASE_CONNECT_ORIGINS, ...emulatorOrigins, ...analytics],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    // Production is https only; the local demo is plain http on 127.0.0.1.
    ...(local ? [] : [['upgrade-insecure-requests'] as [string]]),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * The site's header rules, in order: later rules override earlier ones for
 * the same header (superstatic and Firebase Hosting apply every match).
 */
export function hostingHeaders(csp: string): HeaderRule[] {
  return [
    {
      // HTML, the service worker, data files (search index, handle index, feeds, sitemap): revalidated on every use.
      source: '**',
      headers: [
        { key: 'Cache-Control', value: 'no-cache' },
        { key: 'Content-Security-Policy', value: csp },
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
        { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
        { key: 'X-Frame-Options', value: 'DENY' },
      ],
    },
    {
      // Astro's hashed bundles never change under their name.
      source: '/_astro/**',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    },
    {
      source: '**/*.ics',
      headers: [{ key: 'Content-Type', value: 'text/calendar; charset=utf-8' }],
    },
  ];
}

/** The CSP in a header list (for deriving the local policy from firebase.json's). */
export function findCsp(rules: readonly HeaderRule[]): string | undefined {
  for (const rule of rules) {
    const header = rule.headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (header) return header.value;
  }
  return undefined;
}

/**
 * A production policy opened for the local emulators: their origins in
 * connect-src and img-src, and no upgrade-insecure-requests (they are http).
 */
export function withEmulatorOrigins(csp: string, emulatorOrigins: readonly string[]): string {
  return csp
    .split(/;\s*/)
    .filter((directive) => directive !== 'upgrade-insecure-requests')
    .map((directive) => (/^(connect-src|img-src) /.test(directive) ? `${directive} ${emulatorOrigins.join(' ')}` : directive))
    .join('; ');
}

export const FIREBASE_JSON = path.join(ROOT, 'firebase.json');
/** The Hosting emulator's config under `npm start` (git-ignored): firebase.json with the local policy. */
export const FIREBASE_LOCAL_JSON = path.join(ROOT, 'firebase.local.json');

type FirebaseJson = { hosting: { headers?: HeaderRule[] } & Record<string, unknown> } & Record<string, unknown>;

async function readFirebaseJson(file = FIREBASE_JSON): Promise<FirebaseJson> {
  return JSON.parse(await readFile(file, 'utf8')) as FirebaseJson;
}

/** Writes firebase.json's hosting.headers; false when they were already those. */
export async function writeFirebaseJsonHeaders(headers: HeaderRule[], file = FIREBASE_JSON): Promise<boolean> {
  const config = await readFirebaseJson(file);
  if (JSON.stringify(config.hosting.headers) === JSON.stringify(headers)) return false;
  config.hosting.headers = headers;
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return true;
}

/** Writes firebase.local.json: firebase.json whose policy also allows the emulators. */
export async function writeLocalFirebaseJson(emulatorOrigins: readonly string[]): Promise<string> {
  const config = await readFirebaseJson();
  const headers = config.hosting.headers ?? [];
  config.hosting.headers = headers.map((rule) => ({
    ...rule,
    headers: rule.headers.map((h) =>
      h.key === 'Content-Security-Policy' ? { ...h, value: withEmulatorOrigins(h.value, emulatorOrigins) } : h,
    ),
  }));
  await writeFile(FIREBASE_LOCAL_JSON, `${JSON.stringify(config, null, 2)}\n`);
  return FIREBASE_LOCAL_JSON;
}
