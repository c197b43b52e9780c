/**
 * What the local Hosting stand-in holds, on disk under one folder: the
 * uploaded gzips by hash (`blobs/`), each site's finalized versions
 * (`sites/{site}/versions/{id}.json`: config and path → hash) and its
 * releases (`sites/{site}/releases.json`). Versions being built live in
 * memory; a restart keeps every released site. The versions of the last
 * RETAINED releases are kept, older ones deleted (Hosting's version
 * retention), so a client must cope with a version that is gone.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { isContentHash, type Release, type Version, type VersionConfig, type VersionStatus } from './hosting-api';

const gunzipAsync = promisify(gunzip);

/** Releases whose versions are kept. */
export const RETAINED = 5;

export interface StoredVersion {
  name: string;
  status: VersionStatus;
  config?: VersionConfig;
  labels?: Record<string, string>;
  /** Version path (`/a/b.html`) → hash. */
  files: Map<string, string>;
}

interface SavedVersion extends Omit<StoredVersion, 'files'> {
  files: [string, string][];
}

/** The resource as the API shows it (no file list). */
export const versionResource = (version: StoredVersion): Version => ({
  name: version.name,
  status: version.status,
  ...(version.config ? { config: version.config } : {}),
  ...(version.labels ? { labels: version.labels } : {}),
  fileCount: String(version.files.size),
});

const newId = () => randomBytes(8).toString('hex');

export class StandInStore {
  readonly #dir: string;
  readonly #versions = new Map<string, StoredVersion>();
  readonly #releases = new Map<string, Release[]>();
  readonly #blobs = new Set<string>();

  private constructor(dir: string) {
    this.#dir = dir;
  }

  /** Opens (or starts) the store in `dir`. */
  static async open(dir: string): Promise<StandInStore> {
    const store = new StandInStore(dir);
    await mkdir(path.join(dir, 'blobs'), { recursive: true });
    for (const name of await readdir(path.join(dir, 'blobs'))) if (isContentHash(name)) store.#blobs.add(name);
    const sites = await readdir(path.join(dir, 'sites')).catch(() => [] as string[]);
    for (const site of sites) {
      const file = path.join(dir, 'sites', site, 'releases.json');
      if (existsSync(file)) store.#releases.set(site, JSON.parse(await readFile(file, 'utf8')) as Release[]);
    }
    return store;
  }

  #siteDir(site: string): string {
    return path.join(this.#dir, 'sites', site);
  }

  #versionFile(name: string): string {
    const [, site, , id] = name.split('/');
    return path.join(this.#siteDir(site!), 'versions', `${id}.json`);
  }

  /** A version by name (`sites/{site}/versions/{id}`), from memory or disk. */
  async version(name: string): Promise<StoredVersion | undefined> {
    const known = this.#versions.get(name);
    if (known) return known;
    if (!/^sites\/[a-z0-9-]+\/versions\/[0-9a-f]+$/.test(name)) return undefined;
    try {
      const saved = JSON.parse(await readFile(this.#versionFile(name), 'utf8')) as SavedVersion;
      const version = { ...saved, files: new Map(saved.files) };
      this.#versions.set(name, version);
      return version;
    } catch {
      return undefined;
    }
  }

  createVersion(site: string, files: Map<string, string>, config?: VersionConfig, labels?: Record<string, string>): StoredVersion {
    const version: StoredVersion = { name: `sites/${site}/versions/${newId()}`, status: 'CREATED', files, config, labels };
    this.#versions.set(version.name, version);
    return version;
  }

  /** Saves a finalized version to disk. */
  async saveVersion(version: StoredVersion): Promise<void> {
    const file = this.#versionFile(version.name);
    await mkdir(path.dirname(file), { recursive: true });
    const saved: SavedVersion = { ...version, files: [...version.files] };
    await writeFile(`${file}.tmp`, JSON.stringify(saved));
    await rename(`${file}.tmp`, file);
  }

  hasBlob(hash: string): boolean {
    return this.#blobs.has(hash);
  }

  async putBlob(hash: string, gzipped: Buffer): Promise<void> {
    if (this.#blobs.has(hash)) return;
    const file = path.join(this.#dir, 'blobs', hash);
    const temp = `${file}.tmp-${newId()}`;
    await writeFile(temp, gzipped);
    await rename(temp, file);
    this.#blobs.add(hash);
  }

  /** A blob's bytes, decompressed. */
  async content(hash: string): Promise<Buffer> {
    return gunzipAsync(await readFile(path.join(this.#dir, 'blobs', hash)));
  }

  releases(site: string): readonly Release[] {
    return this.#releases.get(site) ?? [];
  }

  /** The live release's version, loaded. */
  async liveVersion(site: string): Promise<StoredVersion | undefined> {
    const live = this.releases(site).at(-1);
    return live ? this.version(live.version.name) : undefined;
  }

  /** Records a release of a finalized version and drops versions past the retention. */
  async release(site: string, version: StoredVersion, message?: string): Promise<Release> {
    const now = new Date();
    const release: Release & { message?: string } = {
      name: `sites/${site}/channels/live/releases/${now.getTime()}${newId().slice(0, 4)}`,
      version: versionResource(version),
      type: 'DEPLOY',
      releaseTime: now.toISOString(),
      ...(message ? { message } : {}),
    };
    const releases = [...this.releases(site), release];
    this.#releases.set(site, releases);
    await mkdir(this.#siteDir(site), { recursive: true });
    const file = path.join(this.#siteDir(site), 'releases.json');
    await writeFile(`${file}.tmp`, JSON.stringify(releases));
    await rename(`${file}.tmp`, file);
    await this.#retain(site, releases);
    return release;
  }

  async #retain(site: string, releases: readonly Release[]): Promise<void> {
    const keep = new Set(releases.slice(-RETAINED).map((release) => release.version.name));
    for (const [name, version] of this.#versions) {
      if (name.startsWith(`sites/${site}/`) && version.status === 'FINALIZED' && !keep.has(name)) {
        this.#versions.delete(name);
        await rm(this.#versionFile(name), { force: true });
      }
    }
    const onDisk = await readdir(path.join(this.#siteDir(site), 'versions')).catch(() => [] as string[]);
    for (const file of onDisk) {
      const name = `sites/${site}/versions/${file.replace(/\.json$/, '')}`;
      if (file.endsWith('.json') && !keep.has(name) && !this.#versions.has(name))
        await rm(path.join(this.#siteDir(site), 'versions', file), { force: true });
    }
  }
}
