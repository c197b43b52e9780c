import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_IDLE_DAYS, markCardUsed, pruneCardCache } from '../../src/lib/seo/card-cache';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-27T03:00:00Z');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'card-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A file of `dir` last marked `daysAgo` days before NOW. */
async function fileAged(name: string, daysAgo: number, bytes = 'png'): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const time = new Date(NOW - daysAgo * DAY_MS);
  await utimes(file, time, time);
  return file;
}

describe('pruneCardCache', () => {
  it('drops the cards no build asked for in 30 days and keeps the others', async () => {
    await fileAged('asked-yesterday.png', 1);
    await fileAged('asked-29-days-ago.png', CARD_IDLE_DAYS - 1);
    await fileAged('unasked-31-days.png', CARD_IDLE_DAYS + 1, 'x'.repeat(2048));
    await fileAged('unasked-a-year.png', 365, 'y'.repeat(1024));
    expect(pruneCardCache(dir, NOW)).toEqual({ files: 2, bytes: 3072 });
    expect((await readdir(dir)).sort()).toEqual(['asked-29-days-ago.png', 'asked-yesterday.png']);
  });

  it('drops a half-written card a dead build left after a day, not one being written now', async () => {
    await fileAged('card.png.1234.tmp', 2);
    await fileAged('card2.png.5678.tmp', 0);
    expect(pruneCardCache(dir, NOW).files).toBe(1);
    expect(await readdir(dir)).toEqual(['card2.png.5678.tmp']);
  });

  it('leaves other files and a missing folder alone', async () => {
    await fileAged('notes.txt', 400);
    expect(pruneCardCache(dir, NOW)).toEqual({ files: 0, bytes: 0 });
    expect(pruneCardCache(path.join(dir, 'missing'), NOW)).toEqual({ files: 0, bytes: 0 });
  });
});

describe('markCardUsed', () => {
  it('marks a card asked for today once a day, so that a card in use is never pruned', async () => {
    const file = await fileAged('card.png', CARD_IDLE_DAYS + 5);
    await markCardUsed(file, (await stat(file)).mtimeMs, NOW);
    expect((await stat(file)).mtimeMs).toBe(NOW);
    expect(pruneCardCache(dir, NOW).files).toBe(0);
  });

  it('leaves a card marked within the day as it is (no write per page)', async () => {
    const file = await fileAged('card.png', 0.5);
    const before = (await stat(file)).mtimeMs;
    await markCardUsed(file, before, NOW);
    expect((await stat(file)).mtimeMs).toBe(before);
  });
});
