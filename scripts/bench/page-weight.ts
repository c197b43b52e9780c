/**
 * Static audit of the built pages: which scripts each page loads (inline,
 * external, and the modules those import), their gzip size, and whether any
 * of it is React or Firebase. Reads files only; no browser needed.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ISLAND_ROUTES } from '../../src/lib/seo/routes';

/**
 * The most JavaScript a signed-out visitor may download on a public profile:
 * every file gzipped as served plus the inline scripts, the budget the
 * directory started with (docs/decisions/static-pages-without-javascript.md).
 */
export const SIGNED_OUT_PROFILE_JS_BUDGET_BYTES = 2048;

/** Gzip size (level 9) of a text or file. */
export const gzipBytes = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** The code of a page's inline scripts (not src scripts, not JSON data), joined. */
export function inlineScriptCode(html: string): string {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('\n');
}

/**
 * Routes that SPEC builds as islands (signed-in tools, the skin-tone tool):
 * React is their job. Every other page is a public static page held to the
 * no-React, no-Firebase, ≤ 2 KB inline-script budget.
 */
export { ISLAND_ROUTES };
// Markers that only React or Firebase bundles contain.
export const FRAMEWORK_CODE =
  /react\.(production|development)|__SECRET_INTERNALS|react-dom|firebasejs|@firebase\/|firebase\.googleapis|FirebaseError/;

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) out.push(path.join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/** Module URLs a script imports statically ("/_astro/x.js" or "./x.js"). */
function importsOf(code: string, from: string): string[] {
  const found = [...code.matchAll(/(?:import|from)\s*["'](\.{0,2}\/[^"']+\.js)["']/g)].map((m) => m[1]!);
  return found.map((spec) => path.posix.resolve(path.posix.dirname(from), spec));
}

export interface PageAudit {
  /** Public static pages audited (island routes are left out). */
  pages: number;
  profileJsGzipBytes: number;
  /** The most module files a profile loads on its own (the nav script; its imports would be more). */
  profileJsFiles: number;
  searchJsGzipBytes: number;
  maxInlineScriptGzipBytes: number;
  maxProfileHtmlGzipBytes: number;
  /** The most JavaScript a /blog/{id} page loads, and /timeline's (its composer loads only for signed-in browsers). */
  blogJsGzipBytes: number;
  timelineJsGzipBytes: number;
  maxBlogHtmlGzipBytes: number;
  pagesWithFrameworkCode: string[];
}

export async function auditPublicPages(siteDir: string): Promise<PageAudit> {
  const scriptCache = new Map<string, string>();
  const loadScript = async (url: string) => {
    if (!scriptCache.has(url)) scriptCache.set(url, await readFile(path.join(siteDir, url), 'utf8'));
    return scriptCache.get(url)!;
  };
  /** Every external module a page loads on its own (no dynamic imports). */
  const externalClosure = async (entries: string[]) => {
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...importsOf(await loadScript(url), url));
    }
    return seen;
  };

  const result: PageAudit = {
    pages: 0,
    profileJsGzipBytes: 0,
    profileJsFiles: 0,
    searchJsGzipBytes: 0,
    maxInlineScriptGzipBytes: 0,
    maxProfileHtmlGzipBytes: 0,
    blogJsGzipBytes: 0,
    timelineJsGzipBytes: 0,
    maxBlogHtmlGzipBytes: 0,
    pagesWithFrameworkCode: [],
  };
  for (const file of await htmlFiles(siteDir)) {
    const route = `/${path.relative(siteDir, file)}`.replace(/\.html$/, '');
    if (ISLAND_ROUTES.has(route)) continue;
    const html = await readFile(file, 'utf8');
    result.pages++;
    const inline = inlineScriptCode(html);
    // Module scripts, plus the component and renderer modules each astro-island imports on hydration.
    const external = [
      ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<astro-island[^>]*?\b(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1]!),
    ].filter((src) => src.startsWith('/'));
    const modules = await externalClosure(external);
    const moduleCode = await Promise.all([...modules].map(loadScript));
    const inlineGzip = inline ? gzipBytes(inline) : 0;
    const jsGzip = inlineGzip + moduleCode.reduce((sum, code) => sum + gzipBytes(code), 0);

    result.maxInlineScriptGzipBytes = Math.max(result.maxInlineScriptGzipBytes, inlineGzip);
    if (FRAMEWORK_CODE.test(inline) || moduleCode.some((code) => FRAMEWORK_CODE.test(code))) {
      result.pagesWithFrameworkCode.push(route);
    }
    if (route.startsWith('/profile/')) {
      result.maxProfileHtmlGzipBytes = Math.max(result.maxProfileHtmlGzipBytes, gzipBytes(html));
      result.profileJsGzipBytes = Math.max(result.profileJsGzipBytes, jsGzip);
      result.profileJsFiles = Math.max(result.profileJsFiles, modules.size);
    }
    if (route === '/search') result.searchJsGzipBytes = jsGzip;
    if (route === '/timeline') result.timelineJsGzipBytes = jsGzip;
    if (route.startsWith('/blog/')) {
      result.maxBlogHtmlGzipBytes = Math.max(result.maxBlogHtmlGzipBytes, gzipBytes(html));
      result.blogJsGzipBytes = Math.max(result.blogJsGzipBytes, jsGzip);
    }
  }
  return result;
}
