import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { globRegExp, ignoreMatcher } from '../../scripts/deploy/ignore-globs';
import { walkSite } from '../../scripts/deploy/site-walk';

/** firebase-tools' own file listing (what `firebase deploy` uploads). */
const { listFiles } = createRequire(import.meta.url)('firebase-tools/lib/listFiles') as {
  listFiles(cwd: string, ignore?: string[]): string[];
};

const root = mkdtempSync(path.join(tmpdir(), 'deploy-ignore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES = [
  'index.html',
  'firebase.json',
  'sub/firebase.json',
  '.headers.json',
  'a/.hidden',
  'a/b/c.html',
  '.well-known/assetlinks.json',
  'firebase-debug.log',
  'sub/firebase-debug.2.log',
  '.firebase/hosting.cache',
  'sub/.firebase/x',
  'drafts/one.html',
  'drafts/deep/two.html',
  'x.tmp',
  'a/y.tmp',
  'a/b/z.bak',
  'a/q/b.txt',
  'a/b.txt',
  '1.txt',
  '12.txt',
  'プロフィール/みう.html',
  'a b/c d.html',
];

describe('the files a deploy uploads', () => {
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), file);
  }
  symlinkSync(path.join(root, 'a/b'), path.join(root, 'linked-dir'));
  symlinkSync(path.join(root, 'index.html'), path.join(root, 'linked.html'));

  const cases: [string, string[]][] = [
    ["firebase.json's ignore", ['firebase.json', '**/.*']],
    ['folders, extensions, single characters and inner globstars', ['drafts/**', '*.tmp', '**/*.bak', 'a/**/b.txt', '?.txt']],
    ['nothing but firebase-tools’ own', []],
  ];
  it.each(cases)('are the files firebase-tools lists with %s', (_name, ignore) => {
    const ours = [...walkSite(root, ignoreMatcher(ignore)).keys()].sort();
    expect(ours).toEqual([...listFiles(root, ignore)].sort());
  });

  it('fails on a link to nothing (firebase-tools lists it, then cannot read it)', () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'deploy-dangling-'));
    try {
      symlinkSync(path.join(broken, 'nowhere'), path.join(broken, 'dangling.html'));
      expect(listFiles(broken, [])).toEqual(['dangling.html']);
      expect(() => walkSite(broken, ignoreMatcher([]))).toThrow(/dangling\.html is a link to nothing/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('refuses glob syntax it does not read as firebase-tools does', () => {
    for (const glob of ['{a,b}.html', '[ab].html', '!x', '+(a)', '/abs', 'a\\*']) expect(() => globRegExp(glob)).toThrow(/not supported/);
  });
});
