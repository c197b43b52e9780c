/**
 * What a deploy cycle has to send: the site's files against the hash cache
 * of the last released version (./deploy-state.ts). A file whose identity
 * is unchanged keeps its hashes and is not opened. One whose identity
 * changed is read once: bytes equal to the deployed ones (a full build
 * rewrote the page as it was) keep the Hosting hash; other bytes are
 * gzipped and hashed, and their gzip is kept for the upload.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { DeployedFile, DeployState } from './deploy-state';
import { contentDigest, gzipForHosting } from './file-digest';
import { fileIdentity, storablePath, walkSite, type FileIdentity } from './site-walk';
import { eachAtMost } from '../../src/lib/each-at-most';

export interface DeployPlan {
  /** Device of the site's files. */
  dev: number;
  /** Every file of the site as it will be deployed (the next hash cache). */
  files: Map<string, DeployedFile>;
  /** Paths not in the last version. */
  added: string[];
  /** Paths whose bytes differ from the last version's. */
  changed: string[];
  /** Paths of the last version the site no longer has. */
  removed: string[];
  /** Paths whose identity was looked up (the whole folder, or PlanOptions.only). */
  looked: number;
  /** Files opened (their identity changed or they are new). */
  read: number;
  /** Files gzipped and hashed (new bytes). */
  hashed: number;
  /** Gzip of the new bytes by Hosting hash, while within the memory budget (the rest is gzipped again to upload). */
  gzipped: Map<string, Buffer>;
  /** Held paths (PlanOptions.hold) new, gone or of a new identity: left as released, for a later cycle. */
  held: number;
}

export interface PlanOptions {
  /** Files read and hashed at once (zlib runs on the thread pool). */
  concurrency?: number;
  /** Bytes of gzip kept for the upload. */
  keepBytes?: number;
  /**
   * Paths left as the last version has them, whatever they are now: not
   * read, not sent, recorded as released (so a later cycle without the
   * hold sends them). Only against a state: a first deploy sends everything.
   */
  hold?: (relativePath: string) => boolean;
  /**
   * Every path that may differ from the last release (what the builds since
   * then wrote or removed): only these are looked at, the other files keep
   * the state's record unopened and unlisted. Against a state only; without
   * it (or without a state) the whole folder is walked.
   */
  only?: ReadonlySet<string>;
}

/** Whether a stat still names the file recorded (see deploy-state.ts for `restored`). */
export function sameIdentity(file: FileIdentity, known: DeployedFile, state: Pick<DeployState, 'dev' | 'restored'>): boolean {
  if (file.size !== known.size || file.mtimeMs !== known.mtimeMs) return false;
  return state.restored || (file.dev === state.dev && file.ino === known.ino);
}

async function readWithIdentity(file: string): Promise<{ bytes: Buffer; identity: FileIdentity }> {
  const handle = await open(file, 'r');
  try {
    // The identity of what is read, not of what was listed: a file replaced meanwhile is recorded as read.
    const stats = await handle.stat();
    const bytes = await handle.readFile();
    return { bytes, identity: { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs } };
  } finally {
    await handle.close();
  }
}

/** The identities of the files among `paths` (a path that is no file now is left out: gone). */
function listPaths(root: string, ignored: (relativePath: string) => boolean, paths: ReadonlySet<string>): Map<string, FileIdentity> {
  const listed = new Map<string, FileIdentity>();
  for (const relativePath of paths) {
    if (ignored(relativePath)) continue;
    const identity = fileIdentity(path.join(root, relativePath));
    if (identity) listed.set(storablePath(relativePath), identity);
  }
  return listed;
}

/** Plans a deploy of `root` (a real folder) against `state` (none: every file is new). */
export async function planDeploy(
  root: string,
  ignored: (relativePath: string) => boolean,
  state: DeployState | undefined,
  { concurrency = 8, keepBytes = 256 * 1024 * 1024, hold, only }: PlanOptions = {},
): Promise<DeployPlan> {
  // With `only`, the paths looked at are those; every other file keeps the state's record as it is.
  const walked = !(state && only);
  const listed = walked ? walkSite(root, ignored) : listPaths(root, ignored, only!);
  const plan: DeployPlan = {
    dev: listed.values().next().value?.dev ?? state?.dev ?? 0,
    files: walked ? new Map() : new Map(state!.files),
    added: [],
    changed: [],
    removed: [],
    looked: walked ? listed.size : only!.size,
    read: 0,
    hashed: 0,
    gzipped: new Map(),
    held: 0,
  };
  const holds = (relativePath: string) => state !== undefined && hold !== undefined && hold(relativePath);
  const toRead: string[] = [];
  for (const [relativePath, identity] of listed) {
    const known = state?.files.get(relativePath);
    if (known && state && sameIdentity(identity, known, state)) plan.files.set(relativePath, { ...known, ino: identity.ino });
    else if (holds(relativePath)) {
      plan.held++;
      if (known) plan.files.set(relativePath, known);
    } else toRead.push(relativePath);
  }
  let kept = 0;
  const readOne = async (relativePath: string) => {
    const { bytes, identity } = await readWithIdentity(path.join(root, relativePath));
    plan.read++;
    const digest = contentDigest(bytes);
    const known = state?.files.get(relativePath);
    const base = { ino: identity.ino, size: identity.size, mtimeMs: identity.mtimeMs, digest };
    if (known && known.digest === digest) {
      plan.files.set(relativePath, { ...base, hash: known.hash });
      return;
    }
    const { gzipped, hash } = await gzipForHosting(bytes);
    plan.hashed++;
    plan.files.set(relativePath, { ...base, hash });
    if (known) plan.changed.push(relativePath);
    else plan.added.push(relativePath);
    if (kept + gzipped.length <= keepBytes && !plan.gzipped.has(hash)) {
      plan.gzipped.set(hash, gzipped);
      kept += gzipped.length;
    }
  };
  await eachAtMost(toRead, concurrency, readOne);
  if (state)
    for (const relativePath of walked ? state.files.keys() : only!) {
      const known = state.files.get(relativePath);
      if (!known || listed.has(relativePath)) continue;
      if (!holds(relativePath)) {
        plan.removed.push(relativePath);
        plan.files.delete(relativePath);
      } else {
        plan.held++;
        plan.files.set(relativePath, known);
      }
    }
  plan.added.sort();
  plan.changed.sort();
  plan.removed.sort();
  return plan;
}
