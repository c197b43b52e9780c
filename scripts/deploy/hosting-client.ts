/**
 * The Hosting REST calls of a deploy (./hosting-api.ts), counted: every
 * HTTP request is one API call, retries and operation polls included.
 * 429 and 5xx answers and network failures are retried with exponential
 * backoff (Retry-After honoured), as firebase-tools' queues retry them;
 * other answers fail the call with the API's own message.
 */
import { noAuth, type AuthHeaders } from './auth';
import {
  API_VERSION,
  hostingPaths,
  POPULATE_BATCH,
  type CloneVersionRequest,
  type Operation,
  type PopulateFilesResponse,
  type Version,
  type VersionConfig,
} from './hosting-api';

export class HostingApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface HostingClientOptions {
  /** The API's origin (https://firebasehosting.googleapis.com, or the stand-in's). */
  origin: string;
  auth?: AuthHeaders;
  /** Retries after the first attempt of a call. */
  retries?: number;
  /** First backoff (doubled each retry, up to 16 s). */
  backoffMs?: number;
  /** How long a clone may run. */
  operationTimeoutMs?: number;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HostingClient {
  readonly #origin: string;
  readonly #auth: AuthHeaders;
  readonly #retries: number;
  readonly #backoffMs: number;
  readonly #operationTimeoutMs: number;
  /** HTTP requests made (every attempt). */
  calls = 0;
  /** Gzip bytes sent in uploads (every attempt). */
  bytesUploaded = 0;

  constructor({ origin, auth = noAuth, retries = 5, backoffMs = 500, operationTimeoutMs = 600_000 }: HostingClientOptions) {
    this.#origin = origin.replace(/\/$/, '');
    this.#auth = auth;
    this.#retries = retries;
    this.#backoffMs = backoffMs;
    this.#operationTimeoutMs = operationTimeoutMs;
  }

  /** A new, empty version with `config`. */
  async createVersion(site: string, config: VersionConfig): Promise<string> {
    return (await this.#json<Version>('POST', hostingPaths.versions(site), { config })).name;
  }

  /** A new version with the files of `source` except those matching `exclude`; waits for the clone to finish. */
  async cloneVersion(site: string, source: string, exclude: string[]): Promise<string> {
    const body: CloneVersionRequest = {
      sourceVersion: source,
      finalize: false,
      ...(exclude.length > 0 ? { exclude: { regexes: exclude } } : {}),
    };
    let operation = await this.#json<Operation>('POST', hostingPaths.clone(site), body);
    const deadline = Date.now() + this.#operationTimeoutMs;
    for (let wait = 250; !operation.done; wait = Math.min(wait * 2, 5000)) {
      if (Date.now() > deadline) throw new Error(`Clone of ${source} still running after ${this.#operationTimeoutMs / 1000} s.`);
      await sleep(wait);
      operation = await this.#json<Operation>('GET', operation.name);
    }
    if (operation.error) throw new HostingApiError(operation.error.code, `Clone of ${source} failed: ${operation.error.message}`);
    if (!operation.response?.name) throw new Error(`Clone of ${source} finished without a version.`);
    return operation.response.name;
  }

  /** Adds path → hash entries to `version` in batches; returns the upload URL and the hashes Hosting lacks. */
  async populateFiles(
    version: string,
    files: ReadonlyMap<string, string>,
  ): Promise<{ uploadUrl: string | undefined; required: Set<string> }> {
    const entries = [...files];
    const required = new Set<string>();
    let uploadUrl: string | undefined;
    for (let i = 0; i < entries.length; i += POPULATE_BATCH) {
      const batch = Object.fromEntries(entries.slice(i, i + POPULATE_BATCH));
      const answer = await this.#json<PopulateFilesResponse>('POST', hostingPaths.populateFiles(version), { files: batch });
      uploadUrl = answer.uploadUrl;
      for (const hash of answer.uploadRequiredHashes ?? []) required.add(hash);
    }
    return { uploadUrl, required };
  }

  /** Uploads one file's gzip to `{uploadUrl}/{hash}`. */
  async upload(uploadUrl: string, hash: string, gzipped: Buffer): Promise<void> {
    await this.#request('POST', new URL(`${uploadUrl.replace(/\/$/, '')}/${hash}`), gzipped, 'application/octet-stream');
  }

  /** Finalizes `version` with `config` (one PATCH: status and config). */
  async finalize(version: string, config: VersionConfig): Promise<void> {
    await this.#json<Version>('PATCH', `${version}?updateMask=status,config`, { status: 'FINALIZED', config });
  }

  /** Releases `version` on the live channel. */
  async release(site: string, version: string, message: string): Promise<void> {
    await this.#json('POST', `${hostingPaths.releases(site)}?versionName=${encodeURIComponent(version)}`, { message });
  }

  async #json<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    const url = new URL(`${this.#origin}/${API_VERSION}/${apiPath}`);
    const answer = await this.#request(method, url, body === undefined ? undefined : JSON.stringify(body), 'application/json');
    return (answer.length > 0 ? JSON.parse(answer) : {}) as T;
  }

  async #request(method: string, url: URL, body: string | Buffer | undefined, contentType: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      this.calls++;
      if (Buffer.isBuffer(body)) this.bytesUploaded += body.length;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: { ...(body === undefined ? {} : { 'Content-Type': contentType }), ...(await this.#auth(url)) },
          // A copy on its own ArrayBuffer, as fetch's types want (a Buffer may share a pooled one).
          body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
        });
      } catch (error) {
        // A connection refused or reset: worth another try.
        if (attempt >= this.#retries) throw new Error(`${method} ${url.pathname} failed: ${(error as Error).message}`);
        await sleep(this.#backoff(attempt));
        continue;
      }
      const text = await response.text();
      if (response.ok) return text;
      if (RETRYABLE.has(response.status) && attempt < this.#retries) {
        const retryAfter = Number(response.headers.get('retry-after'));
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : this.#backoff(attempt));
        continue;
      }
      throw new HostingApiError(response.status, `${method} ${url.pathname}: ${response.status} ${errorMessage(text)}`);
    }
  }

  #backoff(attempt: number): number {
    const base = Math.min(this.#backoffMs * 2 ** attempt, 16_000);
    return base / 2 + Math.random() * (base / 2);
  }
}

/** The message of a Google API error body ({ error: { message } }), else the body. */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    return parsed.error?.message ?? text;
  } catch {
    return text.slice(0, 500);
  }
}
