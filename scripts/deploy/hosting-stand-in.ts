/**
 * A local stand-in for the Firebase Hosting REST API (v1beta1), for tests,
 * the deploy bench and by hand: the contract of ./hosting-api.ts
 * (docs/decisions/incremental-deploy.md), kept strictly (a populate past
 * the batch limit, an upload whose bytes do not match its hash, a
 * finalize with files never uploaded, a release of an unfinished version
 * are refused as Hosting refuses them), every call recorded, and the live
 * release served over HTTP (./stand-in-site.ts) so a test reads the
 * deployed site back.
 *
 *   npm run hosting-stand-in [-- --dir .data/hosting-stand-in --port 5070 --site-port 5071 --site demo-theralink]
 *
 * then `npm run deploy -- --api http://127.0.0.1:5070`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { isMain } from '../lib/cli';
import { projectId, ROOT } from '../lib/project';
import {
  API_VERSION,
  isContentHash,
  POPULATE_BATCH,
  type Channel,
  type CloneVersionRequest,
  type Operation,
  type PopulateFilesRequest,
  type VersionConfig,
} from './hosting-api';
import { serveStandInSite, type StandInSite } from './stand-in-site';
import { StandInStore, versionResource, type StoredVersion } from './stand-in-store';

/** One request as the stand-in saw it. */
export interface RecordedCall {
  method: string;
  /** Path and query, as sent. */
  path: string;
  status: number;
  /** Request body bytes. */
  bytes: number;
}

/** An answer forced on the next matching calls (a test's outage). */
interface InjectedFailure {
  matches: (call: { method: string; path: string }) => boolean;
  status: number;
  times: number;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  404: 'NOT_FOUND',
  409: 'FAILED_PRECONDITION',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const MAX_BODY = 256 * 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ApiError(400, 'Request too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson<T>(body: Buffer): T {
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw new ApiError(400, 'Invalid JSON payload.');
  }
}

/**
 * A clone's path filter: whether a path matches any of `regexes`. Patterns
 * that spell one exact path (`^/a/b\\.html$`, what a deploy sends) are
 * looked up in a set, so a filter of a thousand paths over 274,000 files
 * costs one lookup a file, not a thousand regex tests.
 */
function pathFilter(regexes: string[] = []): (file: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const regex of regexes) {
    const literal = /^\^((?:\\[.+*?^$()|[\]{}\\/-]|[^\\.+*?^$()|[\]{}])*)\$$/.exec(regex);
    if (literal) exact.add(literal[1]!.replace(/\\(.)/g, '$1'));
    else {
      try {
        patterns.push(new RegExp(regex, 'u'));
      } catch (error) {
        throw new ApiError(400, `Bad regex ${JSON.stringify(regex)}: ${(error as Error).message}`);
      }
    }
  }
  return (file) => exact.has(file) || patterns.some((pattern) => pattern.test(file));
}

/** A version path as Hosting takes it: absolute, no empty, `.` or `..` segment. */
const isVersionPath = (p: string) => p.startsWith('/') && !/\/\/|\/\.\.?(\/|$)|[\n\r]/.test(p);

export interface StandInOptions {
  /** The store's folder. */
  dir: string;
  /** API port (a free one when 0). */
  port?: number;
  /** The site served over HTTP, and its port. */
  site?: string;
  sitePort?: number;
  /** How long a clone takes before its operation is done. */
  cloneDelayMs?: number;
}

export class HostingStandIn {
  readonly calls: RecordedCall[] = [];
  readonly #store: StandInStore;
  readonly #operations = new Map<string, Operation>();
  /** Each version's populated hashes: an upload must be one of them. */
  readonly #populated = new Map<string, Set<string>>();
  readonly #failures: InjectedFailure[] = [];
  readonly #cloneDelayMs: number;
  #server: Server | undefined;
  #site: StandInSite | undefined;
  /** The API's origin (http://127.0.0.1:port). */
  url = '';

  private constructor(store: StandInStore, cloneDelayMs: number) {
    this.#store = store;
    this.#cloneDelayMs = cloneDelayMs;
  }

  static async start({ dir, port = 0, site, sitePort = 0, cloneDelayMs = 20 }: StandInOptions): Promise<HostingStandIn> {
    const standIn = new HostingStandIn(await StandInStore.open(dir), cloneDelayMs);
    standIn.#server = createServer((request, response) => void standIn.#handle(request, response));
    await new Promise<void>((resolve) => standIn.#server!.listen(port, '127.0.0.1', resolve));
    standIn.url = `http://127.0.0.1:${(standIn.#server.address() as AddressInfo).port}`;
    if (site) standIn.#site = await serveStandInSite(standIn.#store, site, sitePort);
    return standIn;
  }

  /** Where the served site answers (when started with `site`). */
  get siteUrl(): string {
    if (!this.#site) throw new Error('The stand-in was started without a site to serve.');
    return this.#site.url;
  }

  /** The live version of a site: its name and path → hash. */
  async live(site: string): Promise<StoredVersion | undefined> {
    return this.#store.liveVersion(site);
  }

  /** Answers the next `times` calls that `matches` with `status` (before doing anything). */
  failNext(matches: InjectedFailure['matches'], status: number, times = 1): void {
    this.#failures.push({ matches, status, times });
  }

  async close(): Promise<void> {
    await this.#site?.close();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stand-in');
    let status = 200;
    let bytes = 0;
    let answer: unknown = {};
    try {
      const body = await readBody(request);
      bytes = body.length;
      const failure = this.#failures.find((f) => f.times > 0 && f.matches({ method, path: url.pathname + url.search }));
      if (failure) {
        failure.times--;
        throw new ApiError(failure.status, 'Injected failure.');
      }
      answer = await this.#route(method, url, body);
    } catch (error) {
      status = error instanceof ApiError ? error.code : 500;
      answer = { error: { code: status, message: (error as Error).message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } };
    }
    this.calls.push({ method, path: url.pathname + url.search, status, bytes });
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  }

  async #route(method: string, url: URL, body: Buffer): Promise<unknown> {
    const upload = /^\/upload\/(sites\/[a-z0-9-]+\/versions\/[0-9a-f]+)\/files\/([0-9a-f]{64})$/.exec(url.pathname);
    if (upload && method === 'POST') return this.#upload(upload[1]!, upload[2]!, body);
    const prefix = `/${API_VERSION}/`;
    if (!url.pathname.startsWith(prefix)) throw new ApiError(404, `No such method: ${url.pathname}`);
    const resource = decodeURIComponent(url.pathname.slice(prefix.length));
    let match: RegExpExecArray | null;
    if ((match = /^sites\/([a-z0-9-]+)\/channels\/([a-z0-9-]+)$/.exec(resource)) && method === 'GET')
      return this.#channel(match[1]!, match[2]!);
    if ((match = /^sites\/([a-z0-9-]+)\/versions$/.exec(resource)) && method === 'POST') return this.#createVersion(match[1]!, body);
    if ((match = /^sites\/([a-z0-9-]+)\/versions:clone$/.exec(resource)) && method === 'POST') return this.#clone(match[1]!, body);
    if ((match = /^(sites\/[a-z0-9-]+\/versions\/[0-9a-f]+):populateFiles$/.exec(resource)) && method === 'POST')
      return this.#populate(match[1]!, body);
    if ((match = /^sites\/[a-z0-9-]+\/versions\/[0-9a-f]+$/.exec(resource))) {
      if (method === 'GET') return versionResource(await this.#version(resource));
      if (method === 'PATCH') return this.#patchVersion(resource, url.searchParams.get('updateMask') ?? '', body);
    }
    if ((match = /^sites\/([a-z0-9-]+)\/operations\/([0-9a-f]+)$/.exec(resource)) && method === 'GET') {
      const operation = this.#operations.get(resource);
      if (!operation) throw new ApiError(404, `Operation ${resource} not found.`);
      return operation;
    }
    if ((match = /^sites\/([a-z0-9-]+)\/(?:channels\/live\/)?releases$/.exec(resource)) && method === 'POST')
      return this.#release(match[1]!, url.searchParams.get('versionName') ?? '', body);
    throw new ApiError(404, `No such method: ${method} ${resource}`);
  }

  async #version(name: string): Promise<StoredVersion> {
    const version = await this.#store.version(name);
    if (!version) throw new ApiError(404, `Version ${name} not found.`);
    return version;
  }

  #channel(site: string, channel: string): Channel {
    if (channel !== 'live') throw new ApiError(404, `Channel ${channel} not found.`);
    const release = this.#store.releases(site).at(-1);
    return { name: `sites/${site}/channels/live`, ...(release ? { release } : {}) };
  }

  #createVersion(site: string, body: Buffer) {
    const { config, labels } = body.length > 0 ? parseJson<{ config?: VersionConfig; labels?: Record<string, string> }>(body) : {};
    return versionResource(this.#store.createVersion(site, new Map(), config, labels));
  }

  async #clone(site: string, body: Buffer): Promise<Operation> {
    const request = parseJson<CloneVersionRequest>(body);
    if (request.include && request.exclude) throw new ApiError(400, 'Only one of include and exclude may be set.');
    const source = await this.#store.version(request.sourceVersion ?? '');
    if (!source || source.status !== 'FINALIZED')
      throw new ApiError(404, `Source version ${request.sourceVersion} not found or not finalized.`);
    const include = request.include ? pathFilter(request.include.regexes) : undefined;
    const exclude = pathFilter(request.exclude?.regexes);
    const name = `sites/${site}/operations/${randomBytes(8).toString('hex')}`;
    const operation: Operation = { name, done: false };
    this.#operations.set(name, operation);
    // A long-running operation: the copy is done a little later, and polling tells when.
    setTimeout(() => {
      const files = new Map<string, string>();
      for (const [file, hash] of source.files) if ((!include || include(file)) && !exclude(file)) files.set(file, hash);
      const version = this.#store.createVersion(site, files, source.config, source.labels);
      if (request.finalize) version.status = 'FINALIZED';
      const done: Operation = { name, done: true, response: versionResource(version) };
      this.#operations.set(name, done);
      if (request.finalize) void this.#store.saveVersion(version);
    }, this.#cloneDelayMs);
    return operation;
  }

  async #populate(name: string, body: Buffer) {
    const version = await this.#version(name);
    if (version.status !== 'CREATED')
      throw new ApiError(409, `Version ${name} is ${version.status}: files can be added only while CREATED.`);
    const { files } = parseJson<PopulateFilesRequest>(body);
    const entries = Object.entries(files ?? {});
    if (entries.length > POPULATE_BATCH)
      throw new ApiError(400, `At most ${POPULATE_BATCH} files per populateFiles call (got ${entries.length}).`);
    const required = new Set<string>();
    const populated = this.#populated.get(name) ?? new Set<string>();
    this.#populated.set(name, populated);
    for (const [file, hash] of entries) {
      if (!isVersionPath(file)) throw new ApiError(400, `Bad path: ${JSON.stringify(file)}`);
      if (hash === '') {
        version.files.delete(file);
        continue;
      }
      if (!isContentHash(hash)) throw new ApiError(400, `Bad hash for ${file}: ${JSON.stringify(hash)}`);
      version.files.set(file, hash);
      populated.add(hash);
      if (!this.#store.hasBlob(hash)) required.add(hash);
    }
    return { uploadRequiredHashes: [...required], uploadUrl: `${this.url}/upload/${name}/files` };
  }

  async #upload(name: string, hash: string, body: Buffer) {
    const version = await this.#version(name);
    if (version.status !== 'CREATED') throw new ApiError(409, `Version ${name} is ${version.status}: no more uploads.`);
    if (!this.#populated.get(name)?.has(hash)) throw new ApiError(400, `Hash ${hash} is not a file of ${name}.`);
    if (createHash('sha256').update(body).digest('hex') !== hash) throw new ApiError(400, `Content does not match hash ${hash}.`);
    try {
      gunzipSync(body);
    } catch {
      throw new ApiError(400, `Content of ${hash} is not gzip.`);
    }
    await this.#store.putBlob(hash, body);
    return {};
  }

  async #patchVersion(name: string, updateMask: string, body: Buffer) {
    const version = await this.#version(name);
    const patch = parseJson<{ status?: string; config?: VersionConfig; labels?: Record<string, string> }>(body);
    const fields = updateMask.split(',').filter(Boolean);
    if (fields.length === 0) throw new ApiError(400, 'updateMask is required.');
    for (const field of fields) if (!['status', 'config', 'labels'].includes(field)) throw new ApiError(400, `Cannot update ${field}.`);
    if (fields.includes('config')) version.config = patch.config;
    if (fields.includes('labels')) version.labels = patch.labels;
    if (fields.includes('status') && patch.status !== version.status) {
      if (version.status !== 'CREATED' || (patch.status !== 'FINALIZED' && patch.status !== 'ABANDONED'))
        throw new ApiError(400, `Cannot change a ${version.status} version to ${patch.status}.`);
      if (patch.status === 'FINALIZED') {
        const missing = [...new Set(version.files.values())].filter((hash) => !this.#store.hasBlob(hash));
        if (missing.length > 0) throw new ApiError(409, `${missing.length} files of ${name} were never uploaded.`);
      }
      version.status = patch.status;
      this.#populated.delete(name);
      if (version.status === 'FINALIZED') await this.#store.saveVersion(version);
    }
    return versionResource(version);
  }

  async #release(site: string, versionName: string, body: Buffer) {
    const version = await this.#version(versionName);
    if (!versionName.startsWith(`sites/${site}/`)) throw new ApiError(400, `Version ${versionName} is not of site ${site}.`);
    if (version.status !== 'FINALIZED')
      throw new ApiError(409, `Version ${versionName} is ${version.status}: only a FINALIZED version can be released.`);
    const { message } = body.length > 0 ? parseJson<{ message?: string }>(body) : {};
    return this.#store.release(site, version, message);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: path.join(ROOT, '.data', 'hosting-stand-in') },
      port: { type: 'string', default: '5070' },
      site: { type: 'string', default: projectId() },
      'site-port': { type: 'string', default: '5071' },
    },
  });
  const standIn = await HostingStandIn.start({
    dir: values.dir,
    port: Number(values.port),
    site: values.site,
    sitePort: Number(values['site-port']),
  });
  console.log(`Hosting API stand-in: ${standIn.url} (store ${path.resolve(values.dir)})`);
  console.log(`Site ${values.site}, live release: ${standIn.siteUrl}`);
  console.log(`Deploy to it: npm run deploy -- --api ${standIn.url} --site ${values.site}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
