import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pagefindPid } from '../../scripts/bench/build-memory';
import { SearchIndexWriter } from '../../scripts/lib/search-index-writer';

const page = (name: string) =>
  `<!doctype html><html lang="ja"><body><main id="main" data-pagefind-body><h1>${name}</h1><p>アロマ ${name}</p></main></body></html>`;

/** Waits until the process `pid` has ended (a stopped service is killed, not awaited). */
async function ended(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !existsSync(`/proc/${pid}`);
}

/** The pages the entry file of the index written into `dir` counts. */
async function pageCount(dir: string): Promise<number> {
  const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}

/** How many of the index's compressed files (`*.pf_*`) under `dir` read back whole; throws on one cut short. */
async function wholeFiles(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => /\.pf_\w+$/.test(file));
  for (const file of files) gunzipSync(await readFile(path.join(dir, file)));
  return files.length;
}

const temp = await mkdtemp(path.join(os.tmpdir(), 'theralink-index-writer-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("the Pagefind service's life (each part of a full build's index starts from an empty process)", () => {
  it('stops when the last open writer is done, and the next writer starts another', async () => {
    const first = await SearchIndexWriter.open();
    const second = await SearchIndexWriter.open();
    const pid = pagefindPid();
    expect(pid).toBeTypeOf('number');
    await first.discard();
    // Still one writer open: its service stays.
    expect(pagefindPid()).toBe(pid);
    await second.add('profile/a.html', page('あかり'));
    expect(await second.write(path.join(temp, 'one'))).toBe(1);
    await second.discard();
    expect(await ended(pid!)).toBe(true);
    expect(pagefindPid()).toBeUndefined();
    // Every file of the index is whole although the service was stopped at once: the entry is written last.
    expect(await pageCount(path.join(temp, 'one'))).toBe(1);
    expect(await wholeFiles(path.join(temp, 'one'))).toBeGreaterThanOrEqual(3);

    const third = await SearchIndexWriter.open();
    const next = pagefindPid();
    expect(next).toBeTypeOf('number');
    expect(next).not.toBe(pid);
    await third.add('profile/b.html', page('ひかり'));
    await third.add('profile/c.html', page('みく'));
    expect(await third.write(path.join(temp, 'two'))).toBe(2);
    expect(await pageCount(path.join(temp, 'two'))).toBe(2);
    await third.discard();
    expect(await ended(next!)).toBe(true);
  });

  it('counts a writer discarded twice once: it does not stop the service another writer uses', async () => {
    const done = await SearchIndexWriter.open();
    const working = await SearchIndexWriter.open();
    await done.discard();
    await done.discard();
    await working.add('profile/d.html', page('さくら'));
    expect(await working.write(path.join(temp, 'three'))).toBe(1);
    expect(await pageCount(path.join(temp, 'three'))).toBe(1);
    const pid = pagefindPid();
    await working.discard();
    expect(await ended(pid!)).toBe(true);
  });
});
