/** A build's writes into its new generation (scripts/lib/generation-writer.ts): compared or not, the changes listed or not. */
import { link, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GenerationWriter } from '../../scripts/lib/generation-writer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'generation-writer-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('GenerationWriter', () => {
  it('an empty generation takes every file as new and lists none (every file is a change)', async () => {
    const writer = new GenerationWriter(dir, 'empty');
    expect(await writer.write('profile/miu.html', bytes('<p>miu</p>'))).toBe(true);
    expect(await readFile(path.join(dir, 'profile/miu.html'), 'utf8')).toBe('<p>miu</p>');
    expect(writer.changedFiles).toBeNull();
  });

  it('a copy of the live generation rewrites and lists only the files whose bytes change, never through a link', async () => {
    // The live generation's file, which the copy holds as hard links.
    const served = path.join(dir, 'served.html');
    await writeFile(served, '<p>old</p>');
    const staging = path.join(dir, 'staging');
    await mkdir(staging);
    for (const file of ['same.html', 'moved.html', 'gone.html']) await link(served, path.join(staging, file));
    const writer = new GenerationWriter(staging, 'live');

    expect(await writer.write('same.html', bytes('<p>old</p>'))).toBe(false);
    expect(await writer.write('moved.html', bytes('<p>new</p>'))).toBe(true);
    expect(await writer.write('new/page.html', bytes('<p>page</p>'))).toBe(true);
    await writer.remove('gone.html');

    expect(await readFile(path.join(staging, 'moved.html'), 'utf8')).toBe('<p>new</p>');
    expect(await readFile(served, 'utf8')).toBe('<p>old</p>');
    expect((await stat(path.join(staging, 'same.html'))).ino).toBe((await stat(served)).ino);
    expect([...writer.changedFiles!].sort()).toEqual(['gone.html', 'moved.html', 'new/page.html']);
  });

  it('links a file answer (a cached card), and lists it only when the linked file differs', async () => {
    const card = path.join(dir, 'card.png');
    await writeFile(card, 'png');
    const writer = new GenerationWriter(path.join(dir, 'site'), 'live');
    expect(await writer.write('og/miu.png', { file: card })).toBe(true);
    expect(await writer.write('og/miu.png', { file: card })).toBe(false);
    expect((await stat(path.join(dir, 'site/og/miu.png'))).ino).toBe((await stat(card)).ino);
    expect([...writer.changedFiles!]).toEqual(['og/miu.png']);
  });
});
