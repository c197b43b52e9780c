/**
 * Finds a runnable JAR for the Java-based emulators before firebase-tools
 * starts them:
 *  - Firestore: firebase-tools' own download where it exists or can be
 *    fetched; else Google's emulator from the Debian package
 *    google-cloud-cli-firestore-emulator, run through a manifest-only
 *    wrapper JAR (that JAR has no Main-Class); else a clear error.
 *  - Storage rules runtime: firebase-tools' download, else a stand-in that
 *    enforces nothing (scripts/emulators/StorageRulesStandIn.java), with a
 *    loud warning.
 * The result is environment overrides (FIRESTORE_/STORAGE_EMULATOR_BINARY_PATH)
 * that firebase-tools reads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './project';

interface DownloadInfo {
  version: string;
  remoteUrl: string;
  downloadPathRelativeToCacheDir: string;
}
const require_ = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const downloadInfo = require_(path.join(ROOT, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json')) as Record<
  'firestore' | 'storage',
  DownloadInfo
>;

const FIREBASE_CACHE = process.env.FIREBASE_EMULATORS_PATH || path.join(os.homedir(), '.cache', 'firebase', 'emulators');
const PROJECT_CACHE = path.join(ROOT, '.cache', 'emulators');
export const GOOGLE_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

export class EmulatorSetupError extends Error {}

function cachedJar(name: 'firestore' | 'storage'): string {
  return path.join(FIREBASE_CACHE, downloadInfo[name].downloadPathRelativeToCacheDir);
}

/** Whether firebase-tools could download the JAR (a HEAD request answers). */
async function canDownload(name: 'firestore' | 'storage'): Promise<boolean> {
  try {
    const response = await fetch(downloadInfo[name].remoteUrl, {
      method: 'HEAD',
      signal: AbortSignal.timeout(5000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function requireTool(tool: string, hint: string): void {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new EmulatorSetupError(`'${tool}' was not found. ${hint}`);
  }
}

/** A JAR whose manifest points at Google's emulator JAR and names its main class. */
function buildFirestoreWrapper(): string {
  const jar = path.join(PROJECT_CACHE, 'firestore-emulator-wrapper.jar');
  if (existsSync(jar)) return jar;
  requireTool('jar', 'Install a JDK (Java 11 or newer), e.g. `apt-get install default-jdk-headless`.');
  mkdirSync(PROJECT_CACHE, { recursive: true });
  const manifest = path.join(PROJECT_CACHE, 'firestore-wrapper.mf');
  writeFileSync(
    manifest,
    'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\n' + `Class-Path: ${GOOGLE_FIRESTORE_JAR}\n`,
  );
  execFileSync('jar', ['cfm', jar, manifest]);
  return jar;
}

/** The stand-in rules runtime, compiled once into the project cache. */
const STAND_IN_JAR = path.join(PROJECT_CACHE, 'storage-rules-stand-in.jar');
function buildStorageStandIn(): string {
  const jar = STAND_IN_JAR;
  if (existsSync(jar)) return jar;
  requireTool('javac', 'Install a JDK (Java 11 or newer) to build the Storage rules stand-in.');
  const classes = path.join(PROJECT_CACHE, 'storage-stand-in-classes');
  mkdirSync(classes, { recursive: true });
  execFileSync('javac', ['-d', classes, path.join(ROOT, 'scripts/emulators/StorageRulesStandIn.java')]);
  const manifest = path.join(PROJECT_CACHE, 'storage-stand-in.mf');
  writeFileSync(manifest, 'Main-Class: StorageRulesStandIn\n');
  execFileSync('jar', ['cfm', jar, manifest, '-C', classes, '.']);
  return jar;
}

export interface BinaryChoice {
  env: Record<string, string>;
  /** Lines to show the developer about what was chosen. */
  notes: string[];
}

/** What the choice depends on; tests replace parts of it. */
export interface BinaryProbe {
  exists(file: string): boolean;
  canDownload(name: 'firestore' | 'storage'): Promise<boolean>;
  env: NodeJS.ProcessEnv;
}
const realProbe: BinaryProbe = { exists: existsSync, canDownload, env: process.env };

/** Chooses the emulator JARs; throws EmulatorSetupError with what to install. */
export async function chooseEmulatorBinaries(emulators: readonly string[], probe: BinaryProbe = realProbe): Promise<BinaryChoice> {
  const env: Record<string, string> = {};
  const notes: string[] = [];
  requireTool('java', 'The Firestore and Storage emulators need Java 11 or newer (e.g. `apt-get install default-jre-headless`).');

  if (emulators.includes('firestore') && !probe.env.FIRESTORE_EMULATOR_BINARY_PATH && !probe.exists(cachedJar('firestore'))) {
    if (probe.exists(GOOGLE_FIRESTORE_JAR)) {
      env.FIRESTORE_EMULATOR_BINARY_PATH = buildFirestoreWrapper();
      notes.push(`Firestore emulator: using ${GOOGLE_FIRESTORE_JAR} (offline).`);
    } else if (!(await probe.canDownload('firestore'))) {
      throw new EmulatorSetupError(
        'No Firestore emulator is available and it cannot be downloaded. Connect to the internet ' +
          '(firebase-tools downloads it on first start) or install the Debian/Ubuntu package ' +
          '`google-cloud-cli-firestore-emulator` from the Google Cloud SDK repository.',
      );
    }
  }

  if (emulators.includes('storage') && !probe.env.STORAGE_EMULATOR_BINARY_PATH && !probe.exists(cachedJar('storage'))) {
    // Once the stand-in is built, skip the network probe (delete .cache/emulators to probe again).
    if (probe.exists(STAND_IN_JAR) || !(await probe.canDownload('storage'))) {
      env.STORAGE_EMULATOR_BINARY_PATH = buildStorageStandIn();
      notes.push(
        '!!! Storage emulator: the rules runtime cannot be downloaded here, so a stand-in that ALLOWS EVERY ' +
          'REQUEST is running. storage.rules are NOT enforced locally. !!!',
      );
    }
  }
  return { env, notes };
}
