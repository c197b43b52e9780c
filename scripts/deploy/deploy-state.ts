/**
 * The deploy's hash cache: what the last released version holds, path by
 * path, with the identity of the local file it came from, so the next
 * cycle reads only files whose identity changed. Kept in one small file
 * (no site bytes: about 190 bytes a path before gzip) that the production
 * workflow caches between runs.
 *
 * An identity is (device, inode, size, mtime). A cache restore (the
 * workflow's, or any copy) gives every file a new inode and keeps its
 * nanosecond mtime; the state file is restored with the site, so it
 * records its own inode: found under another one, the site was restored
 * too, and size and mtime alone identify a file until the next save.
 */
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** One deployed path. */
export interface DeployedFile {
  ino: number;
  size: number;
  mtimeMs: number;
  /** SHA-256 of the bytes (base64url). */
  digest: string;
  /** Hosting hash: SHA-256 (hex) of the gzip. */
  hash: string;
}

export interface DeployState {
  site: string;
  /** The version these files are in (`sites/{site}/versions/{id}`), released by this client. */
  version: string;
  /** SHA-256 of the version config sent with it. */
  configHash: string;
  /** Device of the site's files when saved. */
  dev: number;
  /** Site-relative path (`a/b.html`) → what was deployed there. */
  files: Map<string, DeployedFile>;
  /** Loaded from a file that is not the one saved (a restored cache): inodes say nothing. */
  restored: boolean;
}

const FORMAT = 1;

interface Header {
  format: typeof FORMAT;
  site: string;
  version: string;
  configHash: string;
  dev: number;
  /** The state file's own identity when written (a rename keeps it). */
  self: { dev: number; ino: number };
}

/** A path a line of the state file can hold (and Hosting can serve). */
export const isStorablePath = (relativePath: string) => !/[\t\n\r]/.test(relativePath);

/**
 * The state this process last saved, by file, with the saved file's identity: while the file is that one,
 * it is not read again (27 MB of gzip and 1.5 s a cycle at 10,000 × 20, for a deploy of a few files).
 * Nothing changes a loaded state: the plan builds the next one apart.
 */
const lastSaved = new Map<string, { identity: string; state: DeployState }>();
const identityOf = (info: { dev: number; ino: number; size: number; mtimeMs: number }) =>
  `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;

/** Reads the state; undefined when there is none, it is unreadable or of another format or site. */
export async function loadDeployState(file: string, site: string): Promise<DeployState | undefined> {
  let text: string;
  let self;
  try {
    self = await stat(file);
    const saved = lastSaved.get(file);
    if (saved?.identity === identityOf(self)) return saved.state.site === site ? saved.state : undefined;
    text = (await gunzipAsync(await readFile(file))).toString('utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  let header: Header;
  try {
    header = JSON.parse(lines[0]!) as Header;
  } catch {
    return undefined;
  }
  if (header.format !== FORMAT || header.site !== site) return undefined;
  const files = new Map<string, DeployedFile>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const [relativePath, ino, size, mtimeMs, digest, hash] = line.split('\t');
    if (hash === undefined) return undefined;
    files.set(relativePath!, { ino: Number(ino), size: Number(size), mtimeMs: Number(mtimeMs), digest: digest!, hash });
  }
  return {
    site: header.site,
    version: header.version,
    configHash: header.configHash,
    dev: header.dev,
    files,
    restored: self.dev !== header.self.dev || self.ino !== header.self.ino,
  };
}

/** Writes the state atomically (a new file renamed over the old one), recording the new file's own identity. */
export async function saveDeployState(file: string, state: Omit<DeployState, 'restored'>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  const handle = await open(temp, 'w');
  try {
    const own = await handle.stat();
    const header: Header = {
      format: FORMAT,
      site: state.site,
      version: state.version,
      configHash: state.configHash,
      dev: state.dev,
      self: { dev: own.dev, ino: own.ino },
    };
    const lines = [JSON.stringify(header)];
    for (const [relativePath, f] of state.files) lines.push(`${relativePath}\t${f.ino}\t${f.size}\t${f.mtimeMs}\t${f.digest}\t${f.hash}`);
    // No fsync (1.5 s for 24 MB on a busy disk): a file a crash left torn fails its gzip check on load, and the
    // next cycle deploys as without a cache (a new version, every path), which is correct, only slower.
    await handle.writeFile(await gzipAsync(lines.join('\n'), { level: 1 }));
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, file);
  lastSaved.set(file, { identity: identityOf(await stat(file)), state: { ...state, restored: false } });
}
