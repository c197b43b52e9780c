import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipForHosting } from '../../scripts/deploy/file-digest';
import { versionConfigOf, type HostingSection } from '../../scripts/deploy/hosting-config';
import { ROOT } from '../../scripts/lib/project';

/** firebase-tools' own conversion of firebase.json's hosting section into a version config. */
const { convertConfig } = createRequire(import.meta.url)('firebase-tools/lib/deploy/hosting/convertConfig') as {
  convertConfig(
    context: object,
    functionsPayload: object,
    deploy: { config: HostingSection & { site: string }; version: string },
  ): Promise<unknown>;
};
const firebaseTools = (hosting: HostingSection) =>
  convertConfig({ projectId: 'demo-x' }, {}, { config: { ...hosting, site: 'demo-x' }, version: 'sites/demo-x/versions/v1' });

const repoHosting = (JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as { hosting: HostingSection }).hosting;

describe('the version config of firebase.json', () => {
  it("is firebase-tools' for this repository's hosting section (headers with the CSP, cleanUrls, trailingSlash)", async () => {
    expect(versionConfigOf(repoHosting)).toEqual(await firebaseTools(repoHosting));
  });

  it("is firebase-tools' for redirects, destination rewrites, regex headers and trailing slashes added", async () => {
    const hosting: HostingSection = {
      public: 'dist',
      ignore: ['firebase.json'],
      cleanUrls: false,
      trailingSlash: true,
      redirects: [
        { source: '/old/**', destination: '/new', type: 302 },
        { regex: '^/p/(\\d+)$', destination: '/profile/:1' },
      ],
      rewrites: [{ source: '/app/**', destination: '/app.html' }],
      headers: [{ regex: '.*\\.ics$', headers: [{ key: 'Content-Type', value: 'text/calendar' }] }],
    };
    expect(versionConfigOf(hosting)).toEqual(await firebaseTools(hosting));
  });

  it('refuses what it would otherwise drop: unknown keys and rewrites to functions', () => {
    expect(() => versionConfigOf({ public: 'dist', frameworksBackend: {} } as HostingSection)).toThrow(/frameworksBackend not supported/);
    expect(() => versionConfigOf({ public: 'dist', rewrites: [{ source: '**', function: 'app' } as never] })).toThrow(/destination/);
  });
});

describe('the Hosting hash of a file', () => {
  it("is firebase-tools': SHA-256 of its gzip level 9 stream", async () => {
    const file = path.join(ROOT, 'README.md');
    const stream = createReadStream(file).pipe(createGzip({ level: 9 }));
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    expect((await gzipForHosting(readFileSync(file))).hash).toBe(hash.digest('hex'));
  });
});
