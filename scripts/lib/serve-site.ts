/**
 * Serves a built site with superstatic, the server behind Firebase Hosting
 * (clean URLs, 404.html), on a free port, with the hosting headers the
 * build computed for it (cache rules, security headers, CSP: see
 * hosting-headers.ts). For browser tests and benches.
 */
import { once } from 'node:events';
import { createReadStream, fstat, type Stats } from 'node:fs';
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

/**
 * Superstatic's file provider, pinned to one file per request. Its own
 * stats a path, reads it for an etag and opens it again for the body, each
 * through the site's link to the live generation: a swap in between gave a
 * Content-Length from one build and a body from the next, and the reader a
 * cut-off answer. Here the file is opened once, and its size, date, etag
 * and body all come from that open file (the old site or the new one, whole).
 */
function pinnedFileProvider(root: string) {
  return async (_request: unknown, pathname: string) => {
    const decoded = decodeURI(pathname);
    if (!decoded.startsWith('/') || decoded.includes('../') || decoded.includes('..\\') || decoded.includes('\0')) return null;
    const stream = createReadStream(path.join(root, decoded));
    try {
      const [fd] = (await once(stream, 'open')) as [number];
      const stat = await new Promise<Stats>((resolve, reject) => fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats))));
      if (!stat.isFile()) {
        stream.destroy();
        return null;
      }
      // The inode, size and time name the file's content (a build writes a changed page as a new file).
      const etag = `${stat.ino.toString(36)}-${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}`;
      return { modified: stat.mtimeMs, size: stat.size, etag, stream };
    } catch (error) {
      stream.destroy();
      if (['ENOENT', 'ENOTDIR', 'EISDIR', 'EINVAL'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  };
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
    provider: pinnedFileProvider(dir),
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
