import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeInBackground, replaceDir } from '../../scripts/lib/replace-dir';

async function tree(root: string, marker: string): Promise<void> {
  await mkdir(path.join(root, 'a', 'b'), { recursive: true });
  await writeFile(path.join(root, 'a', 'b', 'page.html'), marker);
  await writeFile(path.join(root, 'top.json'), marker);
}

/** Each test's temporary folder, removed after it. */
const roots: string[] = [];
const tempRoot = async (prefix: string) => {
  const root = await mkdtemp(path.join(os.tmpdir(), prefix));
  roots.push(root);
  return root;
};
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe('removing folders off the thread', () => {
  it('removes a nested folder, and resolves for one that is not there', async () => {
    const root = await tempRoot('theralink-remove-');
    await tree(path.join(root, 'gone'), 'x');
    await Promise.all([removeInBackground(path.join(root, 'gone')), removeInBackground(path.join(root, 'never-was'))]);
    expect(await readdir(root)).toEqual([]);
  });

  it('never makes a swap wait behind the removal of leftovers', async () => {
    const root = await tempRoot('theralink-remove-');
    // A leftover big enough to take the remover a while.
    for (let folder = 0; folder < 20; folder++) {
      const dir = path.join(root, 'leftover', String(folder));
      await mkdir(dir, { recursive: true });
      await Promise.all(Array.from({ length: 250 }, (_, file) => writeFile(path.join(dir, `${file}.html`), 'x')));
    }
    await tree(path.join(root, 'site'), 'old');
    await tree(path.join(root, 'staging'), 'new');
    const order: string[] = [];
    const leftovers = removeInBackground(path.join(root, 'leftover'), 'leftovers').then(() => order.push('leftovers removed'));
    await replaceDir(path.join(root, 'staging'), path.join(root, 'site')).then(() => order.push('swapped'));
    await leftovers;
    expect(order).toEqual(['swapped', 'leftovers removed']);
    expect(await readdir(root)).toEqual(['site']);
  }, 30_000);

  it('replaces a folder whole and removes the one it replaced', async () => {
    const root = await tempRoot('theralink-replace-');
    await tree(path.join(root, 'site'), 'old');
    await tree(path.join(root, 'staging'), 'new');
    await replaceDir(path.join(root, 'staging'), path.join(root, 'site'));
    expect(await readFile(path.join(root, 'site', 'a', 'b', 'page.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(root, 'staging'))).toBe(false);
    expect(await readdir(root)).toEqual(['site']);
  });
});
