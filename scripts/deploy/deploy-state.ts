/**
 * The deploy's hash cache: what the last released version holds, path by
 * path, with the identity of the local file it came from, so the next
 * cycle reads only files whose identity changed. Kept in one file (no
 * site bytes: about 190 bytes a path before gzip) and its journal, which
 * the production workflow caches between runs.
 *
 * An identity is (device, inode, size, mtime). A cache restore (the
 * workflow's, or any copy) gives every file a new inode and keeps its
 * nanosecond mtime; the state file is restored with the site, so it
 * records its own inode: found under another one, the site was restored
 * too, and size and mtime alone identify a file until the next save.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
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
  /** The id of the journal that goes with this file (journalOf); absent in files written before journals. */
  journal?: string;
}

/** A path a line of the state file can hold (and Hosting can serve). */
export const isStorablePath = (relativePath: string) => !/[\t\n\r]/.test(relativePath);

/**
 * The journal beside the state file: each deploy that looked only at the
 * paths a build changed appends those paths' records and its version, so a
 * save grows with the change, not the site (writing the whole state took
 * about a second of the main thread at 10,000 therapists, 100,750 paths).
 * A full save starts a new journal; past MAX_JOURNAL_LINES the next save
 * is a full one.
 *
 * Its first line names it (`J\t{id}`, the id the state's header gives);
 * each entry is its lines (`P\t{path}\t{ino}\t{size}\t{mtime}\t{digest}\t{hash}`
 * or `R\t{path}`) then a commit line (`C\t{json}`: the version, config
 * hash, device and the entry's line count). An entry a crash cut short has
 * no commit and is not applied: the state is then an earlier release's,
 * which the first deploy after the restart, a walk of the site, reconciles.
 */
export const journalOf = (file: string) => `${file}.journal`;
const MAX_JOURNAL_LINES = 20_000;

interface Commit {
  version: string;
  configHash: string;
  dev: number;
  lines: number;
}

/**
 * The state this process last saved or read, with the identity of its files on disk (the state file's, and the
 * journal's length): while they are those, it is not read again (27 MB of gzip and 1.5 s a cycle at 10,000 × 20,
 * for a deploy of a few files), and a save may append to its journal. Nothing changes a loaded state: the plan
 * builds the next one apart.
 */
const lastSaved = new Map<string, { identity: string; state: DeployState; journal?: { id: string; lines: number } }>();

/** The state file's stats, and the identity of it and its journal together. */
async function onDisk(file: string): Promise<{ own: Stats; identity: string }> {
  const [own, journal] = await Promise.all([stat(file), stat(journalOf(file)).catch(() => undefined)]);
  return { own, identity: `${own.dev}:${own.ino}:${own.size}:${own.mtimeMs}:${journal?.ino ?? '-'}:${journal?.size ?? '-'}` };
}
const identityOnDisk = async (file: string) => (await onDisk(file)).identity;

/** Reads the state; undefined when there is none, it is unreadable or of another format or site. */
export async function loadDeployState(file: string, site: string): Promise<DeployState | undefined> {
  let text: string;
  let journalText: string;
  let self: Stats;
  let identity: string;
  try {
    ({ own: self, identity } = await onDisk(file));
    const saved = lastSaved.get(file);
    if (saved?.identity === identity) return saved.state.site === site ? saved.state : undefined;
    text = (await gunzipAsync(await readFile(file))).toString('utf8');
    journalText = await readFile(journalOf(file), 'utf8').catch(() => '');
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
    const [relativePath, ...record] = line.split('\t');
    const deployed = deployedFile(record);
    if (!deployed) return undefined;
    files.set(relativePath!, deployed);
  }
  const state: DeployState = {
    site: header.site,
    version: header.version,
    configHash: header.configHash,
    dev: header.dev,
    files,
    restored: self.dev !== header.self.dev || self.ino !== header.self.ino,
  };
  const journal = header.journal === undefined ? undefined : replayJournal(state, header.journal, journalText);
  // A restored state is saved whole next (its own identity is new); otherwise the journal goes on.
  if (!state.restored) lastSaved.set(file, { identity, state, journal });
  return state;
}

/** A line's record after its path: ino, size, mtime, digest, hash. */
function deployedFile([ino, size, mtimeMs, digest, hash]: string[]): DeployedFile | undefined {
  if (hash === undefined) return undefined;
  return { ino: Number(ino), size: Number(size), mtimeMs: Number(mtimeMs), digest: digest!, hash };
}

/** Applies the journal `id`'s whole entries to `state`; its length in lines, or undefined when it is another's. */
function replayJournal(state: DeployState, id: string, text: string): { id: string; lines: number } | undefined {
  const lines = text.split('\n');
  if (lines[0] !== `J\t${id}`) return undefined;
  let entry: string[][] = [];
  let applied = 1;
  for (let i = 1; i < lines.length; i++) {
    const [kind, ...fields] = lines[i]!.split('\t');
    if (kind === 'P' || kind === 'R') entry.push([kind, ...fields]);
    else if (kind === 'C') {
      let commit: Commit;
      try {
        commit = JSON.parse(fields.join('\t')) as Commit;
      } catch {
        break;
      }
      if (commit.lines !== entry.length) break;
      for (const [op, relativePath, ...record] of entry) {
        const deployed = op === 'P' ? deployedFile(record) : undefined;
        if (deployed) state.files.set(relativePath!, deployed);
        else state.files.delete(relativePath!);
      }
      Object.assign(state, { version: commit.version, configHash: commit.configHash, dev: commit.dev });
      applied = i + 1;
      entry = [];
    } else break;
  }
  return { id, lines: applied };
}

const fileLine = (relativePath: string, f: DeployedFile) => `${relativePath}\t${f.ino}\t${f.size}\t${f.mtimeMs}\t${f.digest}\t${f.hash}`;

/**
 * Saves the state. `changedPaths`: the only paths whose record may differ from the state saved last (a deploy
 * that looked at those alone); their records are appended to the journal when this process saved or read the
 * state on disk and the journal is not too long. Otherwise the state is written whole, atomically (a new file
 * renamed over the old one), recording the new file's own identity, with a new journal.
 */
export async function saveDeployState(file: string, state: Omit<DeployState, 'restored'>, changedPaths?: Iterable<string>): Promise<void> {
  const saved = lastSaved.get(file);
  if (
    changedPaths &&
    saved?.journal &&
    saved.journal.lines < MAX_JOURNAL_LINES &&
    saved.identity === (await identityOnDisk(file).catch(() => ''))
  ) {
    const lines: string[] = [];
    for (const relativePath of new Set(changedPaths)) {
      if (!isStorablePath(relativePath)) continue;
      const deployed = state.files.get(relativePath);
      lines.push(deployed ? `P\t${fileLine(relativePath, deployed)}` : `R\t${relativePath}`);
    }
    const commit: Commit = { version: state.version, configHash: state.configHash, dev: state.dev, lines: lines.length };
    lines.push(`C\t${JSON.stringify(commit)}`);
    await appendFile(journalOf(file), `${lines.join('\n')}\n`);
    const journal = { id: saved.journal.id, lines: saved.journal.lines + lines.length };
    lastSaved.set(file, { identity: await identityOnDisk(file), state: { ...state, restored: false }, journal });
    return;
  }
  await saveWhole(file, state);
}

async function saveWhole(file: string, state: Omit<DeployState, 'restored'>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const id = randomUUID();
  const temp = `${file}.tmp-${process.pid}`;
  const journalTemp = `${journalOf(file)}.tmp-${process.pid}`;
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
      journal: id,
    };
    const lines = [JSON.stringify(header)];
    for (const [relativePath, f] of state.files) lines.push(fileLine(relativePath, f));
    // No fsync (1.5 s for 24 MB on a busy disk): a file a crash left torn fails its gzip check on load, and the
    // next cycle deploys as without a cache (a new version, every path), which is correct, only slower.
    await handle.writeFile(await gzipAsync(lines.join('\n'), { level: 1 }));
    await writeFile(journalTemp, `J\t${id}\n`);
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    await rm(journalTemp, { force: true });
    throw error;
  }
  await handle.close();
  // The new journal first: until the state is renamed too, the old state finds a journal not its own and reads
  // as it was saved whole last, an older release, which the next deploy reconciles.
  await rename(journalTemp, journalOf(file));
  await rename(temp, file);
  lastSaved.set(file, { identity: await identityOnDisk(file), state: { ...state, restored: false }, journal: { id, lines: 1 } });
}
