/**
 * The export's memory between runs: every valid document of the source
 * collections (src/registry/source-collections.ts) as last read, the
 * documents currently failing their schema, and the cursor the next
 * incremental read starts from. It holds private records (memberships,
 * disputes, suspensions), so it lives beside the export, never in it:
 * `.data/export-state.json` locally, the workflow's cache in production.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { SOURCE_NAMES, type SourceName } from '../../src/registry/source-collections';
import type { SkippedDocument } from './report';

const VERSION = 1;

export interface SourceMirror {
  /** When the queries of the last run started: the next run reads what changed after it. */
  cursor: Date;
  /** When everything was last read (the periodic reconciliation). */
  lastFullAt: Date;
  /** Valid documents by collection and id; null: present but malformed (collections that fail closed). */
  docs: Record<SourceName, Map<string, unknown>>;
  /** Source documents failing their schema now, by `collection/id`. */
  skipped: Map<string, SkippedDocument>;
}

export function emptyMirror(at: Date): SourceMirror {
  return {
    cursor: at,
    lastFullAt: at,
    docs: Object.fromEntries(SOURCE_NAMES.map((name) => [name, new Map()])) as SourceMirror['docs'],
    skipped: new Map(),
  };
}

/** Where the mirror of the export in `exportDir` is kept: `{exportDir}-state.json`. */
export function mirrorPathFor(exportDir: string): string {
  return `${path.resolve(exportDir)}-state.json`;
}

const TIMESTAMP_KEY = '__timestamp';

function toStored(value: unknown): unknown {
  if (value instanceof Timestamp) return { [TIMESTAMP_KEY]: [value.seconds, value.nanoseconds] };
  if (Array.isArray(value)) return value.map(toStored);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toStored(v)]));
  return value;
}

function fromStored(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && TIMESTAMP_KEY in value) {
    const [seconds, nanoseconds] = (value as Record<string, [number, number]>)[TIMESTAMP_KEY]!;
    return new Timestamp(seconds, nanoseconds);
  }
  return value;
}

/**
 * The mirror this process saved last, while its file is still the one it
 * wrote: a long-running loop (`npm start`) then skips parsing hundreds of MB
 * each cycle. Taken out on load, put back only by a save, so a run that
 * fails after changing the mirror in memory leaves the file to be read again.
 */
let kept: { file: string; version: string; mirror: SourceMirror } | undefined;

const fileVersion = async (file: string) => {
  const info = await stat(file);
  return `${info.size}:${info.mtimeMs}`;
};

/** The saved mirror, or null when there is none (or it is from another version: read everything again). */
export async function loadMirror(file: string): Promise<SourceMirror | null> {
  const held = kept;
  kept = undefined;
  if (held?.file === file && held.version === (await fileVersion(file).catch(() => ''))) return held.mirror;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const stored = JSON.parse(text, fromStored) as {
    version: number;
    cursor: string;
    lastFullAt: string;
    docs: Record<string, [string, unknown][]>;
    skipped: SkippedDocument[];
  };
  if (stored.version !== VERSION || !SOURCE_NAMES.every((name) => Array.isArray(stored.docs[name]))) return null;
  return {
    cursor: new Date(stored.cursor),
    lastFullAt: new Date(stored.lastFullAt),
    docs: Object.fromEntries(SOURCE_NAMES.map((name) => [name, new Map(stored.docs[name])])) as SourceMirror['docs'],
    skipped: new Map(stored.skipped.map((entry) => [`${entry.collection}/${entry.id}`, entry])),
  };
}

/** Saves the mirror atomically (temporary file, then rename). */
export async function saveMirror(file: string, mirror: SourceMirror): Promise<void> {
  const stored = {
    version: VERSION,
    cursor: mirror.cursor.toISOString(),
    lastFullAt: mirror.lastFullAt.toISOString(),
    docs: Object.fromEntries(SOURCE_NAMES.map((name) => [name, [...mirror.docs[name]].map(([id, data]) => [id, toStored(data)])])),
    skipped: [...mirror.skipped.values()],
  };
  await mkdir(path.dirname(file), { recursive: true });
  const staging = `${file}.tmp-${process.pid}`;
  await writeFile(staging, JSON.stringify(stored));
  await rename(staging, file);
  kept = { file, version: await fileVersion(file), mirror };
}
