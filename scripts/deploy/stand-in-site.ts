/**
 * The stand-in's released site over HTTP, as Hosting serves it: the live
 * version's files (decompressed) through superstatic, the server behind
 * Firebase Hosting and its emulator, with that version's config (headers,
 * clean URLs, trailing slashes, redirects, rewrites) turned back into
 * firebase.json's form. A new release is served from the next request on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { VersionConfig } from './hosting-api';
import type { StandInStore, StoredVersion } from './stand-in-store';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

const patternOf = (rule: { glob?: string; regex?: string }) => (rule.glob !== undefined ? { source: rule.glob } : { regex: rule.regex });

/** A version config as superstatic (firebase.json) reads it. */
export function superstaticConfig(config: VersionConfig = {}): Record<string, unknown> {
  return {
    ...(config.cleanUrls !== undefined ? { cleanUrls: config.cleanUrls } : {}),
    ...(config.trailingSlashBehavior ? { trailingSlash: config.trailingSlashBehavior === 'ADD' } : {}),
    headers: (config.headers ?? []).map((rule) => ({
      ...patternOf(rule),
      headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
    })),
    redirects: (config.redirects ?? []).map((rule) => ({ ...patternOf(rule), destination: rule.location, type: rule.statusCode ?? 301 })),
    rewrites: (config.rewrites ?? []).map((rule) => ({ ...patternOf(rule), destination: rule.path })),
  };
}

async function middlewareFor(store: StandInStore, version: StoredVersion, modified: number): Promise<Middleware> {
  const { default: superstatic } = (await import('superstatic')) as unknown as { default: (spec: object) => Middleware };
  const provider = async (_request: unknown, pathname: string) => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return null;
    }
    const hash = version.files.get(decoded);
    if (!hash) return null;
    const bytes = await store.content(hash);
    return { modified, size: bytes.length, etag: `"${hash.slice(0, 32)}"`, stream: Readable.from([bytes]) };
  };
  return superstatic({ config: superstaticConfig(version.config), provider, fallthrough: false });
}

export interface StandInSite {
  url: string;
  close(): Promise<void>;
}

/** Serves the live release of `site` on `port` (a free one when 0). */
export async function serveStandInSite(store: StandInStore, site: string, port = 0): Promise<StandInSite> {
  let cached: { name: string; middleware: Middleware } | undefined;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const live = store.releases(site).at(-1);
      const version = live ? await store.liveVersion(site) : undefined;
      if (!live || !version) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Site Not Found (no release yet)');
        return;
      }
      if (cached?.name !== version.name) {
        cached = { name: version.name, middleware: await middlewareFor(store, version, Date.parse(live.releaseTime ?? '') || Date.now()) };
      }
      cached.middleware(request, response, () => response.writeHead(404).end());
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
