/**
 * The export's mirror on disk (scripts/export/mirror-files.ts): the
 * diaries and posts are held in memory only until written out, and a shard
 * read back from its files (the last save's, then the spilled ones, then
 * what is held) is what was put, the later write winning and deletes gone.
 */
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compactShard, loadMirror, newMirror, saveMirror, shardDocs, spillIfLarge } from '../../scripts/export/mirror-files';
import { putDoc, type SourceMirror } from '../../scripts/export/source-mirror';
import { authorShard } from '../../src/lib/export-shards';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-mirror-files-'));
  file = path.join(dir, 'export-state.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The saved mirror as another process reads it: from its files, not this process's copy. */
async function fromDisk(): Promise<SourceMirror> {
  await utimes(file, new Date(), new Date(Date.now() + 1000));
  const mirror = await loadMirror(file);
  if (!mirror) throw new Error('no mirror saved');
  return mirror;
}

const diary = (userId: string, title: string) => ({ userId, title });
const AUTHORS = ['u1', 'u2', 'u3', 'u4', 'u5'];

/** Every diary of every shard, read back from the mirror's files. */
async function allDiaries(mirror: SourceMirror): Promise<Map<string, unknown>> {
  const all = new Map<string, unknown>();
  for (const shard of mirror.shards.blogs.keys()) for (const [id, doc] of await shardDocs(mirror, 'blogs', shard)) all.set(id, doc);
  return all;
}

describe('the mirror files', () => {
  it('spills held diaries past the limit, and reads each shard back with the later write winning', async () => {
    const mirror = newMirror(file, new Date());
    const expected = new Map<string, unknown>();
    for (let i = 0; i < 40; i++) {
      const author = AUTHORS[i % AUTHORS.length]!;
      putDoc(mirror, 'blogs', `b${i}`, diary(author, `日記${i}`));
      expected.set(`b${i}`, diary(author, `日記${i}`));
      await spillIfLarge(mirror, 7);
      expect(mirror.docs.blogs.size).toBeLessThan(7);
    }
    // Rewritten after it was spilled, and one deleted after it was spilled.
    putDoc(mirror, 'blogs', 'b3', diary('u4', '書き直し'));
    expected.set('b3', diary('u4', '書き直し'));
    putDoc(mirror, 'blogs', 'b5', undefined);
    expected.delete('b5');
    expect(await allDiaries(mirror)).toEqual(expected);

    await saveMirror(mirror);
    expect(mirror.docs.blogs.size).toBe(0);
    // Saved whole: one file a shard, the spilled parts removed.
    const files = (await readdir(path.join(dir, 'export-state-shards'))).filter((name) => name.startsWith('blogs-'));
    expect(files.length).toBe(new Set(AUTHORS.map(authorShard)).size);

    const loaded = await fromDisk();
    expect(loaded.docs.blogs.size).toBe(0);
    expect(await allDiaries(loaded)).toEqual(expected);
  });

  it('keeps the last save until the next one names the shard written whole', async () => {
    const mirror = newMirror(file, new Date());
    putDoc(mirror, 'blogs', 'b1', diary('u1', '最初'));
    putDoc(mirror, 'accounts', 'u1', { name: 'みう' });
    await saveMirror(mirror);
    const shard = authorShard('u1');

    putDoc(mirror, 'blogs', 'b2', diary('u1', '二つ目'));
    await compactShard(mirror, 'blogs', shard, await shardDocs(mirror, 'blogs', shard));
    expect(mirror.docs.blogs.size).toBe(0);
    // A run that dies here: the saved mirror still holds the last save.
    const saved = await fromDisk();
    expect([...(await shardDocs(saved, 'blogs', shard)).keys()]).toEqual(['b1']);

    await saveMirror(mirror);
    const after = await fromDisk();
    expect([...(await shardDocs(after, 'blogs', shard)).keys()].sort()).toEqual(['b1', 'b2']);
    expect(after.docs.accounts.get('u1')).toEqual({ name: 'みう' });
  });

  it('moves a diary whose author changed to her new shard', async () => {
    const [from, to] = AUTHORS.filter((a, i, all) => all.findIndex((b) => authorShard(b) === authorShard(a)) === i);
    const mirror = newMirror(file, new Date());
    putDoc(mirror, 'blogs', 'b1', diary(from!, '日記'));
    await saveMirror(mirror);
    putDoc(mirror, 'blogs', 'b1', diary(to!, '日記'));
    await saveMirror(mirror);
    const loaded = await fromDisk();
    expect((await shardDocs(loaded, 'blogs', authorShard(from!))).size).toBe(0);
    expect((await shardDocs(loaded, 'blogs', authorShard(to!))).get('b1')).toEqual(diary(to!, '日記'));
  });
});
