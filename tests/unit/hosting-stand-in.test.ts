import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostingStandIn } from '../../scripts/deploy/hosting-stand-in';
import type { Operation, Version } from '../../scripts/deploy/hosting-api';

/**
 * The stand-in keeps the documented contract strictly, so a deploy that
 * passes against it has not leaned on leniency the real API lacks.
 */
const SITE = 'demo-contract';
let dir: string;
let standIn: HostingStandIn;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stand-in-'));
  standIn = await HostingStandIn.start({ dir, site: SITE });
});
afterAll(async () => {
  await standIn.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${standIn.url}/v1beta1/${apiPath}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
const gz = (text: string) => gzipSync(text, { level: 9 });
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the Hosting stand-in', () => {
  it('refuses more than 1,000 paths in one populateFiles call', async () => {
    const { body: version } = await call<Version>('POST', `sites/${SITE}/versions`, {});
    const files = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`/p${i}.html`, sha(gz(String(i)))]));
    expect((await call('POST', `${version.name}:populateFiles`, { files })).status).toBe(400);
  });

  it('asks only for hashes it lacks, refuses an upload whose bytes do not match its hash, and a finalize with files missing', async () => {
    const { body: version } = await call<Version>('POST', `sites/${SITE}/versions`, {});
    const a = gz('<p>a</p>');
    const b = gz('<p>b</p>');
    const populated = await call<{ uploadRequiredHashes: string[]; uploadUrl: string }>('POST', `${version.name}:populateFiles`, {
      files: { '/a.html': sha(a), '/b.html': sha(b), '/a-copy.html': sha(a) },
    });
    expect(populated.body.uploadRequiredHashes.sort()).toEqual([sha(a), sha(b)].sort());
    const upload = (hash: string, bytes: Buffer) =>
      fetch(`${populated.body.uploadUrl}/${hash}`, { method: 'POST', body: new Uint8Array(bytes) });
    expect((await upload(sha(a), b)).status).toBe(400);
    expect((await upload(sha(a), a)).status).toBe(200);
    const finalize = () => call('PATCH', `${version.name}?updateMask=status`, { status: 'FINALIZED' });
    expect((await finalize()).status).toBe(409);
    expect((await upload(sha(b), b)).status).toBe(200);
    expect((await finalize()).status).toBe(200);
    // A second version with the same bytes uploads nothing.
    const { body: again } = await call<Version>('POST', `sites/${SITE}/versions`, {});
    const second = await call<{ uploadRequiredHashes: string[] }>('POST', `${again.name}:populateFiles`, { files: { '/a.html': sha(a) } });
    expect(second.body.uploadRequiredHashes).toEqual([]);
  });

  it('releases only a finalized version, and clones with one filter only, as a long-running operation', async () => {
    const { body: created } = await call<Version>('POST', `sites/${SITE}/versions`, {});
    expect((await call('POST', `sites/${SITE}/channels/live/releases?versionName=${created.name}`, {})).status).toBe(409);
    expect((await call('PATCH', `${created.name}?updateMask=status`, { status: 'FINALIZED' })).status).toBe(200);
    expect((await call('POST', `sites/${SITE}/channels/live/releases?versionName=${created.name}`, {})).status).toBe(200);
    const both = await call('POST', `sites/${SITE}/versions:clone`, {
      sourceVersion: created.name,
      include: { regexes: ['a'] },
      exclude: { regexes: ['b'] },
    });
    expect(both.status).toBe(400);
    const { body: operation } = await call<Operation>('POST', `sites/${SITE}/versions:clone`, { sourceVersion: created.name });
    expect(operation.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { body: done } = await call<Operation>('GET', operation.name);
    expect(done.done).toBe(true);
    expect(done.response?.status).toBe('CREATED');
  });

  it('clones without the paths an exclude filter names, exact or by pattern', async () => {
    const { body: source } = await call<Version>('POST', `sites/${SITE}/versions`, {});
    const bytes = gz('x');
    const populated = await call<{ uploadUrl: string }>('POST', `${source.name}:populateFiles`, {
      files: { '/a.html': sha(bytes), '/b.ics': sha(bytes), '/c.html': sha(bytes), '/a.htmlx': sha(bytes) },
    });
    await fetch(`${populated.body.uploadUrl}/${sha(bytes)}`, { method: 'POST', body: new Uint8Array(bytes) });
    expect((await call('PATCH', `${source.name}?updateMask=status`, { status: 'FINALIZED' })).status).toBe(200);
    const { body: operation } = await call<Operation>('POST', `sites/${SITE}/versions:clone`, {
      sourceVersion: source.name,
      exclude: { regexes: ['^/a\\.html$', '\\.ics$'] },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { body: done } = await call<Operation>('GET', operation.name);
    expect(done.response?.fileCount).toBe('2');
  });

  it('records every call', () => {
    expect(standIn.calls.length).toBeGreaterThan(10);
    expect(standIn.calls.filter((c) => c.status === 400).map((c) => c.method)).toContain('POST');
  });
});
