import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployCycle, type DeployOptions, type DeployReport } from '../../scripts/deploy/deploy-cycle';
import { journalOf, loadDeployState, saveDeployState } from '../../scripts/deploy/deploy-state';
import { HostingClient } from '../../scripts/deploy/hosting-client';
import { readHostingConfig, type HostingSection } from '../../scripts/deploy/hosting-config';
import { HostingStandIn } from '../../scripts/deploy/hosting-stand-in';
import { filesUnder } from '../../scripts/lib/site-files';
import { ROOT } from '../../scripts/lib/project';
import { serveSite, type ServedSite } from '../../scripts/lib/serve-site';

/**
 * Deploy cycles against the local Hosting stand-in (a real HTTP server
 * keeping the documented contract): what is hashed, uploaded and called,
 * and the served site read back and compared with the local folder.
 * No emulator: a unit-project test with a server on a free port.
 */
const SITE = 'demo-deploy';
const repoHosting = (JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as { hosting: HostingSection }).hosting;

let work: string;
let siteDir: string;
let configFile: string;
let statePath: string;
let standIn: HostingStandIn;
let client: HostingClient;

function writeConfig(hosting: HostingSection) {
  writeFileSync(configFile, JSON.stringify({ hosting: { ...hosting, public: siteDir } }));
  // What the local server of a build serves with (scripts/lib/serve-site.ts reads it), the same headers.
  writeFileSync(path.join(siteDir, '.headers.json'), JSON.stringify(hosting.headers ?? []));
}

function put(file: string, text: string) {
  const full = path.join(siteDir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  // A new file renamed in, as a build writes a page (a new inode).
  writeFileSync(`${full}.tmp`, text);
  renameSync(`${full}.tmp`, full);
}

beforeEach(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'deploy-cycle-'));
  siteDir = path.join(work, 'dist');
  configFile = path.join(work, 'firebase.json');
  statePath = path.join(work, 'deploy-state.gz');
  mkdirSync(siteDir);
  writeConfig(repoHosting);
  put('index.html', '<!doctype html><h1>セラリンク</h1>');
  put('404.html', '<!doctype html><p>ページが見つかりません</p>');
  put('profile/miu.html', `<!doctype html>${'<p>みうのプロフィール</p>'.repeat(200)}`);
  put('profile/rin.html', `<!doctype html>${'<p>りんのプロフィール</p>'.repeat(200)}`);
  put('schedule/th-1.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  put('_astro/app.abc123.js', 'console.log("app")');
  put('pagefind/pagefind-entry.json', '{"version":"1"}');
  put('og/p/miu.png', 'PNG'.repeat(100));
  standIn = await HostingStandIn.start({ dir: path.join(work, 'stand-in'), site: SITE });
  client = new HostingClient({ origin: standIn.url, backoffMs: 1 });
});
afterEach(async () => {
  await standIn.close();
  rmSync(work, { recursive: true, force: true });
});

/** A cycle over the site and its config as they are now, with `options` of its own. */
const cycle = async (options: Partial<DeployOptions> = {}): Promise<DeployReport> =>
  deployCycle({ client, site: SITE, hosting: await readHostingConfig(configFile), statePath, ...options });
const callsSince = (from: number) => standIn.calls.slice(from).map((call) => `${call.method} ${call.path.replace(/[0-9a-f]{16,}/g, '…')}`);

/** Every file of the local site, at its own path and (pages) at its clean URL, plus a missing path. */
async function urlsOfSite(): Promise<string[]> {
  const files = (await filesUnder(siteDir)).filter((file) => !file.startsWith('.'));
  const clean = files
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.replace(/(index)?\.html$/, '')}`.replace(/(.)\/$/, '$1'));
  return [...files.map((file) => `/${file}`), ...clean, '/no/such/page'];
}

const IGNORED_HEADERS = new Set(['date', 'etag', 'last-modified', 'connection', 'keep-alive']);
async function answer(base: string, url: string) {
  const response = await fetch(`${base}${url}`, { redirect: 'manual' });
  const headers = Object.fromEntries([...response.headers].filter(([key]) => !IGNORED_HEADERS.has(key)));
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
}

/** The deployed site answers every URL as the local folder served as Hosting serves it: status, bytes and headers. */
async function expectServedAsLocal() {
  const local: ServedSite = await serveSite(siteDir);
  try {
    for (const url of await urlsOfSite()) expect(await answer(standIn.siteUrl, url), url).toEqual(await answer(local.url, url));
  } finally {
    await local.close();
  }
}

describe('a deploy cycle against the Hosting stand-in', () => {
  it(
    'sends everything once, then only the changed, added and removed paths, and serves exactly the local site',
    { timeout: 60_000 },
    async () => {
      const first = await cycle();
      expect(first).toMatchObject({ mode: 'full', files: 8, added: 8, read: 8, hashed: 8, uploaded: 8, configChanged: true });
      // create, one populate, an upload a file, finalize, release.
      expect(callsSince(0)).toEqual([
        'POST /v1beta1/sites/demo-deploy/versions',
        'POST /v1beta1/sites/demo-deploy/versions/…:populateFiles',
        ...Array<string>(8).fill('POST /upload/sites/demo-deploy/versions/…/files/…'),
        'PATCH /v1beta1/sites/demo-deploy/versions/…?updateMask=status,config',
        'POST /v1beta1/sites/demo-deploy/channels/live/releases?versionName=sites%2Fdemo-deploy%2Fversions%2F…',
      ]);
      expect(first.calls).toBe(standIn.calls.length);
      await expectServedAsLocal();

      const before = standIn.calls.length;
      put('profile/miu.html', `<!doctype html>${'<p>みうのプロフィール（更新）</p>'.repeat(200)}`);
      put('profile/sara.html', '<!doctype html><p>さら</p>');
      rmSync(path.join(siteDir, 'profile/rin.html'));
      const second = await cycle();
      expect(second).toMatchObject({
        mode: 'clone',
        files: 8,
        added: 1,
        changed: 1,
        removed: 1,
        read: 2,
        hashed: 2,
        uploaded: 2,
        configChanged: false,
      });
      const calls = callsSince(before);
      expect(calls[0]).toBe('POST /v1beta1/sites/demo-deploy/versions:clone');
      expect(calls.slice(1, -5).every((call) => call === 'GET /v1beta1/sites/demo-deploy/operations/…')).toBe(true);
      expect(calls.slice(-5)).toEqual([
        'POST /v1beta1/sites/demo-deploy/versions/…:populateFiles',
        'POST /upload/sites/demo-deploy/versions/…/files/…',
        'POST /upload/sites/demo-deploy/versions/…/files/…',
        'PATCH /v1beta1/sites/demo-deploy/versions/…?updateMask=status,config',
        'POST /v1beta1/sites/demo-deploy/channels/live/releases?versionName=sites%2Fdemo-deploy%2Fversions%2F…',
      ]);
      expect(second.calls).toBe(standIn.calls.length - before);
      const live = await standIn.live(SITE);
      expect(live?.name).toBe(second.version);
      expect([...live!.files.keys()].sort()).toEqual((await filesUnder(siteDir)).filter((f) => !f.startsWith('.')).map((f) => `/${f}`));
      expect((await fetch(`${standIn.siteUrl}/profile/rin`)).status).toBe(404);
      await expectServedAsLocal();

      const third = await cycle();
      expect(third).toMatchObject({ mode: 'nothing', read: 0, hashed: 0, uploaded: 0, calls: 0 });
    },
  );

  it(
    'holds the full-text index back when asked: the pages go, the index stays whole as released until a cycle without the hold',
    { timeout: 60_000 },
    async () => {
      const held = async () => cycle({ holdSearchIndex: true });
      put('pagefind/fragment/rin.pf_fragment', 'りんの断片');
      // Nothing is released yet to hold to: a first deploy sends the index with the pages.
      expect(await held()).toMatchObject({ mode: 'full', added: 9, held: 0, uploaded: 9 });
      const releasedEntry = await answer(standIn.siteUrl, '/pagefind/pagefind-entry.json');

      put('profile/miu.html', '<!doctype html><p>みう（書き直し）</p>');
      put('pagefind/pagefind-entry.json', '{"version":"2"}');
      put('pagefind/index/ja_new.pf_index', '新しい語の塊');
      rmSync(path.join(siteDir, 'pagefind/fragment/rin.pf_fragment'));
      const pages = await held();
      expect(pages).toMatchObject({ mode: 'clone', added: 0, changed: 1, removed: 0, held: 3, hashed: 1, uploaded: 1 });
      expect(pages.paths.changed).toEqual(['profile/miu.html']);
      expect((await answer(standIn.siteUrl, '/profile/miu')).body).toBe(
        Buffer.from('<!doctype html><p>みう（書き直し）</p>').toString('base64'),
      );
      expect(await answer(standIn.siteUrl, '/pagefind/pagefind-entry.json')).toEqual(releasedEntry);
      expect((await fetch(`${standIn.siteUrl}/pagefind/fragment/rin.pf_fragment`)).status).toBe(200);
      expect((await fetch(`${standIn.siteUrl}/pagefind/index/ja_new.pf_index`)).status).toBe(404);
      // Still held, and still not read: nothing to send.
      expect(await held()).toMatchObject({ mode: 'nothing', read: 0, held: 3, calls: 0 });

      expect(await cycle()).toMatchObject({ mode: 'clone', added: 1, changed: 1, removed: 1, held: 0, uploaded: 2 });
      await expectServedAsLocal();
    },
  );

  /** The hash cache's bytes: its file and its journal. */
  const hashCache = async () =>
    Buffer.concat([await readFile(statePath), await readFile(journalOf(statePath)).catch(() => Buffer.alloc(0))]);

  it('plans a dry run without a call and without writing the hash cache', { timeout: 60_000 }, async () => {
    await cycle();
    const cache = await hashCache();
    put('profile/miu.html', '<!doctype html><p>みう（下書き）</p>');
    const before = standIn.calls.length;
    const report = await cycle({ dryRun: true });
    expect(report).toMatchObject({
      mode: 'dry-run',
      calls: 0,
      hashed: 1,
      paths: { added: [], changed: ['profile/miu.html'], removed: [] },
    });
    expect(standIn.calls.length).toBe(before);
    expect((await hashCache()).equals(cache)).toBe(true);
  });

  it(
    'journals a cycle given the changed paths: the hash cache file stays, and a new process reads the state released',
    { timeout: 60_000 },
    async () => {
      await cycle();
      const whole = await readFile(statePath);
      put('profile/miu.html', '<!doctype html><p>みう（更新）</p>');
      put('profile/sara.html', '<!doctype html><p>さら</p>');
      rmSync(path.join(siteDir, 'profile/rin.html'));
      const changedPaths = new Set(['profile/miu.html', 'profile/sara.html', 'profile/rin.html']);
      const report = await cycle({ changedPaths });
      expect(report).toMatchObject({ mode: 'clone', changed: 1, added: 1, removed: 1 });
      expect((await readFile(statePath)).equals(whole)).toBe(true);
      // Another process: a copy of the cache, which this process never saved.
      const copy = path.join(work, 'copy.gz');
      copyFileSync(statePath, copy);
      copyFileSync(journalOf(statePath), journalOf(copy));
      const read = await loadDeployState(copy, SITE);
      expect(read?.version).toBe(report.version);
      expect(new Map(read?.files)).toEqual(new Map((await loadDeployState(statePath, SITE))!.files));
      expect([...read!.files.keys()].sort()).toContain('profile/sara.html');
      expect(read!.files.has('profile/rin.html')).toBe(false);
      // A walk of the whole site finds nothing left to send.
      expect(await cycle()).toMatchObject({ mode: 'nothing' });
      await expectServedAsLocal();
    },
  );

  it(
    "keeps a release whose hash cache was not saved: the next cycle, given only its own changed paths, sends that release's change too",
    { timeout: 60_000 },
    async () => {
      await cycle();
      put('profile/miu.html', '<!doctype html><p>みう（更新）</p>');
      // The whole save's temporary file cannot be opened: the release goes out, its cache stays the first one's.
      const temp = `${statePath}.tmp-${process.pid}`;
      mkdirSync(temp);
      const logged: string[] = [];
      const released = await cycle({ log: (line) => logged.push(line) });
      expect(released).toMatchObject({ mode: 'clone', changed: 1 });
      expect(logged.join('\n')).toContain('the hash cache could not be saved');
      rmSync(temp, { recursive: true });
      put('profile/rin.html', '<!doctype html><p>りん（更新）</p>');
      const report = await cycle({ changedPaths: new Set(['profile/rin.html']) });
      expect(report).toMatchObject({ mode: 'clone', walked: true, changed: 2 });
      await expectServedAsLocal();
      // Released unsaved again, then the site put back as the cache has it: released all the same.
      mkdirSync(temp);
      put('profile/miu.html', '<!doctype html><p>みう（再更新）</p>');
      expect(await cycle()).toMatchObject({ mode: 'clone', changed: 1 });
      rmSync(temp, { recursive: true });
      put('profile/miu.html', '<!doctype html><p>みう（更新）</p>');
      expect(await cycle({ changedPaths: new Set(['profile/miu.html']) })).toMatchObject({ mode: 'clone', walked: true });
      await expectServedAsLocal();
      // Saved again: the next cycle looks at its own paths alone.
      put('profile/sara.html', '<!doctype html><p>さら</p>');
      const next = await cycle({ changedPaths: new Set(['profile/sara.html']) });
      expect(next).toMatchObject({ mode: 'clone', walked: false, added: 1, changed: 0 });
      await expectServedAsLocal();
    },
  );

  it('sends a changed config (a new CSP) with no file changed, and serves its headers', { timeout: 60_000 }, async () => {
    await cycle();
    const csp = "default-src 'self'; script-src 'self' 'sha256-bmV3'";
    writeConfig({
      ...repoHosting,
      headers: repoHosting.headers!.map((rule) => ({
        ...rule,
        headers: rule.headers.map((h) => (h.key === 'Content-Security-Policy' ? { ...h, value: csp } : h)),
      })),
    });
    const report = await cycle();
    // .headers.json is a dot file: ignored, so no file changed.
    expect(report).toMatchObject({ mode: 'clone', added: 0, changed: 0, removed: 0, hashed: 0, uploaded: 0, configChanged: true });
    expect((await fetch(`${standIn.siteUrl}/profile/miu`)).headers.get('content-security-policy')).toBe(csp);
    await expectServedAsLocal();
  });

  it(
    'leaves the live release, the served site and the hash cache as they were when uploads keep failing, and sends the change next time',
    { timeout: 60_000 },
    async () => {
      const first = await cycle();
      const cache = await hashCache();
      const before = await answer(standIn.siteUrl, '/profile/miu');
      put('profile/miu.html', '<!doctype html><p>新しいみう</p>');
      standIn.failNext((call) => call.path.startsWith('/upload/'), 503, 6);
      await expect(cycle()).rejects.toThrow(/503/);
      expect((await standIn.live(SITE))?.name).toBe(first.version);
      expect(await answer(standIn.siteUrl, '/profile/miu')).toEqual(before);
      expect((await hashCache()).equals(cache)).toBe(true);
      const retried = await cycle();
      expect(retried).toMatchObject({ mode: 'clone', changed: 1, hashed: 1, uploaded: 1 });
      await expectServedAsLocal();
    },
  );

  it('retries a 503 and counts the retry as a call', { timeout: 60_000 }, async () => {
    await cycle();
    put('index.html', '<!doctype html><h1>セラリンク（新）</h1>');
    const before = standIn.calls.length;
    standIn.failNext((call) => call.path.includes(':populateFiles'), 503, 1);
    const report = await cycle();
    expect(report).toMatchObject({ mode: 'clone', changed: 1, uploaded: 1 });
    expect(
      standIn.calls
        .slice(before)
        .filter((call) => call.path.includes(':populateFiles'))
        .map((call) => call.status),
    ).toEqual([503, 200]);
    expect(report.calls).toBe(standIn.calls.length - before);
  });

  it('populates a new version with every path when more paths changed than a clone filter should carry', { timeout: 60_000 }, async () => {
    await cycle();
    put('index.html', '<!doctype html><h1>セラリンク（新）</h1>');
    rmSync(path.join(siteDir, 'profile/rin.html'));
    const report = await cycle({ maxExcluded: 1 });
    expect(report).toMatchObject({ mode: 'full', files: 7, changed: 1, removed: 1, hashed: 1, uploaded: 1 });
    expect([...(await standIn.live(SITE))!.files.keys()]).not.toContain('/profile/rin.html');
    await expectServedAsLocal();
  });

  it(
    'populates a new version with every path when the cached version is gone, uploading only what Hosting lacks',
    { timeout: 60_000 },
    async () => {
      await cycle();
      const state = (await loadDeployState(statePath, SITE))!;
      await saveDeployState(statePath, { ...state, version: `sites/${SITE}/versions/0123456789abcdef` });
      put('index.html', '<!doctype html><h1>セラリンク（別）</h1>');
      const report = await cycle();
      expect(report).toMatchObject({ mode: 'full', files: 8, changed: 1, read: 1, hashed: 1, uploaded: 1 });
      await expectServedAsLocal();
    },
  );
});
