/**
 * Serves a built site with superstatic, the server behind Firebase Hosting
 * (clean URLs, 404.html), on a free port. For browser tests and benches.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface ServedSite {
  url: string;
  close(): Promise<void>;
}

export async function serveSite(dir: string): Promise<ServedSite> {
  const { server } = (await import('superstatic')) as unknown as {
    server(options: object): { listen(done: () => void): Server };
  };
  const app = server({
    port: 0,
    hostname: '127.0.0.1',
    cwd: dir,
    config: { public: '.', cleanUrls: true, trailingSlash: false },
  });
  const http = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(() => resolve(listening));
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
