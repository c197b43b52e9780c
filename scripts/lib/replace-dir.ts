import { rename, rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/**
 * The thread that removes folders for this process. Not `rm -rf` in a
 * child: a child is a fork of this process, and at 10,000 × 20 (5 GB) each
 * fork took a quarter of a second of the cycle's own thread. Not fs.rm on
 * this thread either: even the export's 600 files took half a second of it.
 * One worker per line of removals (below), started on first use, kept
 * while it has work (it never keeps the process alive); removals of a line
 * run one after another.
 */
const REMOVER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { rmSync } = require('node:fs');
parentPort.on('message', ({ id, dir }) => {
  let error = null;
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch (caught) {
    error = String((caught && caught.message) || caught);
  }
  parentPort.postMessage({ id, error });
});
`;

interface Remover {
  worker: Worker;
  pending: Map<number, (error: string | null) => void>;
}

/**
 * Two lines of removals: what a cycle waits for (the folder an export or a
 * swap replaced), and the leftovers of earlier runs (gigabytes at 10,000 ×
 * 20, removed at start and never waited for). In one line, the first save
 * after `npm start` waited 50–85 s behind the leftovers.
 */
export type RemovalLine = 'awaited' | 'leftovers';
const removers = new Map<RemovalLine, Remover>();
let removals = 0;

function startRemover(line: RemovalLine): Remover {
  const worker = new Worker(REMOVER_SOURCE, { eval: true });
  const started: Remover = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', ({ id, error }: { id: number; error: string | null }) => {
    started.pending.get(id)?.(error);
    started.pending.delete(id);
    if (started.pending.size === 0) worker.unref();
  });
  const fail = (error: Error) => {
    if (removers.get(line) === started) removers.delete(line);
    for (const done of started.pending.values()) done(error.message);
    started.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the remover thread exited (code ${code})`)));
  return started;
}

/** The removals of this process's own work folders under way (the `awaited` line). */
const underway = new Set<Promise<void>>();

/** Removes a folder off this thread; never rejects (a folder that cannot be removed is left for the next cleanup). */
export function removeInBackground(dir: string, line: RemovalLine = 'awaited'): Promise<void> {
  const remover = removers.get(line) ?? startRemover(line);
  removers.set(line, remover);
  const { worker, pending } = remover;
  const id = ++removals;
  worker.ref();
  const removal = new Promise<string | null>((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, dir });
  }).then((error) => (error === null ? undefined : rm(dir, { recursive: true, force: true }).catch(() => undefined)));
  if (line === 'awaited') {
    underway.add(removal);
    void removal.then(() => underway.delete(removal));
  }
  return removal;
}

/** The removals of this process's work folders still under way (some are never awaited by their caller). */
export const removalsUnderway = (): Promise<void>[] => [...underway];

/** Numbers the folders this process puts aside (so one still being removed never blocks the next). */
let asides = 0;

/**
 * Moves a fully written `staging` folder to `target`, replacing what was
 * there with two renames (on one file system), so readers see the old
 * folder or the new one, never a half-written one.
 */
export async function replaceDir(staging: string, target: string): Promise<void> {
  const previous = `${target}.previous-${process.pid}-${++asides}`;
  const moved = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return false;
    },
  );
  await rename(staging, target);
  if (moved) await removeInBackground(previous);
}
