/**
 * Serves a built site with superstatic, the server behind Firebase Hosting
 * (clean URLs, 404.html), on a free port, with the hosting headers the
 * build computed for it (cache rules, security headers, CSP: see
 * hosting-headers.ts). For browser tests and benches.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { FIREBASE_JSON, type HeaderRule } from './hosting-headers';

/** The build's headers for this site; firebase.json's when the folder has none. */
async function siteHeaders(dir: string): Promise<HeaderRule[]> {
  try {
    return JSON.parse(await readFile(path.join(dir, '.headers.json'), 'utf8')) as HeaderRule[];
  } catch {
    const config = JSON.parse(await readFile(FIREBASE_JSON, 'utf8')) as { hosting: { headers?: HeaderRule[] } };
    return config.hosting.headers ?? [];
  }
}

export interface ServedSite {
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` on `port` (a free one when 0). */
export async function serveSite(dir: string, port = 0): Promise<ServedSite> {
  const { server } = (await import('superstatic')) as unknown as {
    server(options: object): { listen(done: () => void): Server };
  };
  const app = server({
    port,
    hostname: '127.0.0.1',
    cwd: dir,
    config: { public: '.', cleanUrls: true, trailingSlash: false, headers: await siteHeaders(dir) },
  });
  const http = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(() => resolve(listening));
  });
  const { port: listening } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
