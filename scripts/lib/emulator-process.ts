/**
 * Starts the local Firebase emulators (through firebase-tools, with the JARs
 * chosen by emulator-binaries.ts), waits until they answer, and stops them.
 * Emulators that already answer (another `npm start`, say) are reused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EmulatorSetupError, chooseEmulatorBinaries } from './emulator-binaries';
import { EMULATORS, EMULATOR_AUTH_PROJECT_ID, ROOT, emulatorHost } from './project';
import { StartFailedError, fileSizes, processTreeCpuTicks, waitForStart } from './wait-for-start';

export type EmulatorName = keyof typeof EMULATORS;

export interface RunningEmulators {
  /** Env that points SDKs (admin and client) at the emulators. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Env variables that make firebase-admin and tools talk to the emulators. */
export function emulatorEnv(): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: emulatorHost('firestore'),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost('auth'),
    FIREBASE_STORAGE_EMULATOR_HOST: emulatorHost('storage'),
  };
}

/** firebase-tools processes started here and not yet ready (see stopStartingEmulators). */
const starting = new Set<ChildProcess>();

/** Stops emulators still starting up, e.g. when Ctrl+C comes before they answer. */
export async function stopStartingEmulators(): Promise<void> {
  await Promise.all(
    [...starting].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGINT');
        }),
    ),
  );
}

/** Whether an emulator answers on its firebase.json address. */
export async function answers(name: EmulatorName): Promise<boolean> {
  try {
    await fetch(`http://${emulatorHost(name)}/`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Deletes every document of a project in the Firestore emulator (never a real project). */
export async function clearFirestoreEmulator(project: string): Promise<void> {
  const response = await fetch(`http://${emulatorHost('firestore')}/emulator/v1/projects/${project}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`Could not clear the Firestore emulator's ${project}: ${response.status}`);
}

/**
 * The env that points firebase-admin at the local emulators when Auth and
 * Firestore answer on their firebase.json ports (a running `npm start` or
 * `npm run emulators`); null when they do not.
 */
export async function runningEmulatorEnv(): Promise<Record<string, string> | null> {
  const [auth, firestore] = await Promise.all([answers('auth'), answers('firestore')]);
  return auth && firestore ? emulatorEnv() : null;
}

/**
 * Runs `cleanup` once and exits on SIGINT, SIGTERM or SIGHUP, whichever
 * process of the chain gets it (npm forwards to tsx, tsx to this one). A
 * terminal's Ctrl+C reaches every process of the group, so the same press
 * may arrive twice within moments: repeats in the first second are
 * ignored; a later one exits at once without waiting for the cleanup.
 */
export function exitOnSignals(cleanup: () => Promise<void>, log: (line: string) => void = console.log): void {
  let stoppingSince = 0;
  const exit = async (signal: NodeJS.Signals) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 1000) return;
      log(`${signal} again: exiting without waiting.`);
      process.exit(130);
    }
    stoppingSince = Date.now();
    log(`\n${signal} received: stopping…`);
    try {
      await cleanup();
      process.exit(0);
    } catch (error) {
      console.error(`Stopping failed: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, (received) => void exit(received));
}

/** Why the emulators could not start, for a developer to act on. */
export function describeStartFailure(error: unknown): string {
  return error instanceof EmulatorSetupError ? `Cannot start the emulators: ${error.message}` : String((error as Error)?.stack ?? error);
}

/**
 * NODE_OPTIONS for firebase-tools with the Storage emulator: the caller's,
 * plus the preload that keeps its rules runtime's answers one a line, so
 * pictures requested together do not hang (scripts/emulators/storage-rules-lines.mjs).
 */
function storageRulesLinesOption(): string {
  const preload = pathToFileURL(path.join(ROOT, 'scripts', 'emulators', 'storage-rules-lines.mjs')).href;
  return [process.env.NODE_OPTIONS, `--import ${JSON.stringify(preload)}`].filter(Boolean).join(' ');
}

/** The logs the emulators write in the project folder while they start (firebase-tools' and the Firestore emulator's). */
const EMULATOR_LOGS = ['firebase-debug.log', 'firestore-debug.log'].map((file) => path.join(ROOT, file));

const EMULATOR_LABELS: Record<EmulatorName, string> = { auth: 'Auth', firestore: 'Firestore', storage: 'Storage', hosting: 'Hosting' };

/**
 * Starts the named emulators (or reuses running ones) and resolves once
 * they all answer. No fixed deadline: it waits while they make progress
 * (scripts/lib/wait-for-start.ts), says every 15 s which ones it still
 * waits for, and gives up only when firebase-tools exits or has shown no
 * sign of life for `silenceMs` (3 minutes by default).
 */
export async function startEmulators(
  names: readonly EmulatorName[],
  options: { echo?: boolean; silenceMs?: number; extraArgs?: readonly string[] } = {},
): Promise<RunningEmulators> {
  const env = emulatorEnv();
  const running = await Promise.all(names.map(answers));
  if (running.every(Boolean)) return { env, stop: async () => {} };
  if (running.some(Boolean)) {
    const busy = names.filter((_, i) => running[i]).map((n) => `${n} (${emulatorHost(n)})`);
    throw new Error(`Some emulators are already running: ${busy.join(', ')}. Stop them (or the other npm start) first.`);
  }
  const { env: binaryEnv, notes } = await chooseEmulatorBinaries(names);
  for (const note of notes) console.warn(note);

  const firebaseBin = path.join(ROOT, 'node_modules/.bin/firebase');
  // The Storage emulator keeps its files in $TMPDIR/firebase/storage/blobs and deletes that folder when it stops:
  // a folder of its own keeps another stack's Storage emulator (another project, test run or network namespace) from
  // deleting this one's pictures.
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'theralink-emulators-'));
  const child = spawn(
    firebaseBin,
    ['emulators:start', '--only', names.join(','), '--project', EMULATOR_AUTH_PROJECT_ID, ...(options.extraArgs ?? [])],
    {
      cwd: ROOT,
      env: { ...process.env, ...binaryEnv, TMPDIR: tmpDir, ...(names.includes('storage') && { NODE_OPTIONS: storageRulesLinesOption() }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.once('exit', () => rmSync(tmpDir, { recursive: true, force: true }));
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    if (options.echo) process.stdout.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  starting.add(child);
  try {
    await waitForStart({
      child,
      notReady: async () => {
        const states = await Promise.all(names.map(answers));
        return names.filter((_, i) => !states[i]).map((name) => `the ${EMULATOR_LABELS[name]} emulator (${emulatorHost(name)})`);
      },
      // Its output, its log files and the CPU time of firebase-tools and the emulators it started (Java).
      progress: () => `${output.length}/${fileSizes(EMULATOR_LOGS)}/${processTreeCpuTicks(child.pid)}`,
      log: () => output,
      silenceMs: options.silenceMs,
    });
  } catch (error) {
    if (error instanceof StartFailedError) throw new Error(`The Firebase emulators ${error.message}`);
    throw error;
  } finally {
    starting.delete(child);
  }
  return {
    env,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGINT');
      }),
  };
}
