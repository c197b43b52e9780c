import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkUnchangedFiles } from '../../scripts/lib/keep-unchanged';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'keep-unchanged-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const root = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
const inode = (file: string) => statSync(file).ino;

describe('linking the files a rewrite left as they were', () => {
  it('gives a file with the same bytes the previous inode, and leaves changed, resized and new files as written', async () => {
    const previous = tree('old', {
      'pagefind.js': 'js',
      'fragment/a.pf_fragment': 'aaa',
      'pagefind-entry.json': '{"v":1}',
      'index/x.pf_index': 'xx',
    });
    const next = tree('new', {
      'pagefind.js': 'js',
      'fragment/a.pf_fragment': 'aaa',
      'pagefind-entry.json': '{"v":2}',
      'index/x.pf_index': 'xxx',
      'fragment/b.pf_fragment': 'b',
    });
    const fresh = Object.fromEntries(
      ['pagefind-entry.json', 'index/x.pf_index', 'fragment/b.pf_fragment'].map((f) => [f, inode(path.join(next, f))]),
    );
    expect(await linkUnchangedFiles(previous, next)).toBe(2);
    expect(inode(path.join(next, 'pagefind.js'))).toBe(inode(path.join(previous, 'pagefind.js')));
    expect(inode(path.join(next, 'fragment/a.pf_fragment'))).toBe(inode(path.join(previous, 'fragment/a.pf_fragment')));
    for (const [file, ino] of Object.entries(fresh)) expect(inode(path.join(next, file))).toBe(ino);
    expect(readFileSync(path.join(next, 'pagefind-entry.json'), 'utf8')).toBe('{"v":2}');
  });

  it('does nothing without a previous folder', async () => {
    const next = tree('new', { 'a.txt': 'a' });
    expect(await linkUnchangedFiles(path.join(work, 'missing'), next)).toBe(0);
  });
});
