/**
 * The folder of drawn link-preview cards (./card-image.ts), kept between
 * builds and, in production, between workflow runs. A card is named by its
 * text, so every rename, move or design change leaves the old card behind:
 * without pruning the folder only grows. A card marks itself in use each
 * day a build asks for it (its mtime), and a card nobody has asked for in
 * CARD_IDLE_DAYS is dropped. The sites hold their own hard links, so a
 * dropped card stays served; a build that asks for it again draws it anew.
 * No drawing code here: the build's main thread prunes without loading satori or sharp.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folder: `.cache/og`, or $CARD_CACHE_DIR (a test whose build must not
 * share the folder with builds in other processes, which may prune it).
 * Read at each use, so a process sets it before its first build.
 */
export function cardCacheDir(): string {
  return path.resolve(process.env.CARD_CACHE_DIR || path.join('.cache', 'og'));
}

/** Days without a build asking for a card after which it is dropped. */
export const CARD_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const PARTIAL_SUFFIX = '.tmp';
/** A half-written card (partialCardFile) older than this was left by a build that died. */
const PARTIAL_MAX_AGE_MS = DAY_MS;

/** Where a card is written before it is renamed into place (unique per call: two threads may draw one card at once). */
export function partialCardFile(file: string): string {
  return `${file}.${randomUUID()}${PARTIAL_SUFFIX}`;
}

/** Marks a cached card (of mtime `mtimeMs`) as asked for, at most once a day. */
export async function markCardUsed(file: string, mtimeMs: number, now = Date.now()): Promise<void> {
  if (now - mtimeMs < DAY_MS) return;
  const time = new Date(now);
  // A card another build has just dropped is drawn again by whoever asks next.
  await utimes(file, time, time).catch(() => undefined);
}

/**
 * Drops the cards of `dir` no build has asked for in CARD_IDLE_DAYS, and
 * half-written ones older than a day; returns how many files and bytes went.
 * Synchronous: one stat per card, some 60,000 of them in 0.3 s where the
 * thread pool's round trips took 2.5 s (the build has finished by then).
 */
export function pruneCardCache(dir = cardCacheDir(), now = Date.now()): { files: number; bytes: number } {
  const removed = { files: 0, bytes: 0 };
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed; // No cache yet.
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    const idle = now - info.mtimeMs;
    const stale = name.endsWith(PARTIAL_SUFFIX) ? idle > PARTIAL_MAX_AGE_MS : name.endsWith('.png') && idle > CARD_IDLE_DAYS * DAY_MS;
    if (!stale) continue;
    try {
      unlinkSync(file);
      removed.files++;
      removed.bytes += info.size;
    } catch {
      // Gone already (another process pruned it).
    }
  }
  return removed;
}
