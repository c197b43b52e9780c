/**
 * A synthetic built site of the 10,000 therapists × 20 diaries shape for
 * the deploy bench, when no real build of that size is at hand (a real one
 * takes the better part of an hour and 8 GB here): 274,291 files of the
 * kinds and (estimated) sizes the build writes, pages as HTML-like text
 * (gzip 3–5×), pictures and Pagefind's index as incompressible bytes.
 *
 * A one-profile edit changes what the real pipeline changed for one on the
 * fixture export (scripts/bench/deploy-real-site.ts, measured): her profile
 * and schedule pages, /today and her store's page, written as new files
 * renamed in (new inodes; every other file keeps its inode, as the build's
 * generations hard-link them); in the index, its entry file rewritten and
 * her fragment, two word-index chunks, the three filter files and the meta
 * file replaced by files of new names (Pagefind names them by content).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Kind {
  /** File path of the i-th file. */
  file: (i: number) => string;
  count: number;
  /** Size range in bytes. */
  size: [number, number];
  /** Incompressible (pictures, Pagefind's own gzip). */
  binary?: boolean;
}

const hex = (n: number, width = 7) => n.toString(16).padStart(width, '0');
const THERAPISTS = 10_000;
const STORES = 1_000;

/** The site's files by kind; `listPages` fills the count up to `total`. */
function kinds(total: number): Kind[] {
  const fixed: Kind[] = [
    { file: (i) => `blog/b${i}.html`, count: 181_820, size: [13_000, 19_000] },
    { file: (i) => `profile/t${i}.html`, count: THERAPISTS, size: [22_000, 30_000] },
    { file: (i) => `schedule/t${i}.html`, count: THERAPISTS, size: [15_000, 19_000] },
    { file: (i) => `schedule/t${i}.ics`, count: THERAPISTS, size: [800, 3_000] },
    { file: (i) => `og/p/t${i}.png`, count: THERAPISTS, size: [20_000, 30_000], binary: true },
    { file: (i) => `blogs/page/${i + 1}.html`, count: 9_091, size: [25_000, 35_000] },
    { file: (i) => `store/s${i}.html`, count: STORES, size: [18_000, 26_000] },
    { file: (i) => `h/${hex(i, 2)}.json`, count: 256, size: [3_000, 8_000] },
    { file: (i) => `sitemap-${i}.xml`, count: 6, size: [4_000_000, 5_000_000] },
    { file: (i) => `_astro/chunk.${hex(i, 8)}.js`, count: 80, size: [1_000, 60_000] },
    {
      file: (i) => ['index.html', 'today.html', 'stores.html', 'search.html', 'blogs.html', '404.html', 'sitemap.xml', 'robots.txt'][i]!,
      count: 8,
      size: [1_000, 30_000],
    },
    ...pagefindPart('pagefind', 11_000, 400, [400, 1_500]),
    ...pagefindPart('pagefind/blogs', 9_091, 600, [3_000, 6_000]),
  ];
  const listPages = total - fixed.reduce((sum, kind) => sum + kind.count, 0);
  if (listPages < 0) throw new Error(`A synthetic site needs at least ${total - listPages} files.`);
  return [...fixed, { file: (i) => `list/p${i}.html`, count: listPages, size: [10_000, 20_000] }];
}

function pagefindPart(dir: string, fragments: number, chunks: number, fragmentSize: [number, number]): Kind[] {
  const statics = [
    'pagefind.js',
    'pagefind-ui.js',
    'pagefind-ui.css',
    'pagefind-worker.js',
    'pagefind-highlight.js',
    'wasm.unknown.pagefind',
  ];
  return [
    { file: (i) => `${dir}/fragment/ja_${hex(i)}.pf_fragment`, count: fragments, size: fragmentSize, binary: true },
    { file: (i) => `${dir}/index/ja_${hex(i)}.pf_index`, count: chunks, size: [10_000, 30_000], binary: true },
    { file: (i) => `${dir}/filter/ja_${hex(i)}.pf_filter`, count: 3, size: [8_000, 16_000], binary: true },
    { file: () => `${dir}/pagefind.ja_${hex(0, 10)}.pf_meta`, count: 1, size: [20_000, 40_000], binary: true },
    { file: () => `${dir}/pagefind-entry.json`, count: 1, size: [300, 400] },
    { file: (i) => `${dir}/${statics[i]}`, count: statics.length, size: [7_000, 180_000] },
  ];
}

/** A small seeded generator (mulberry32): the same tree every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'セラピスト 新宿 池袋 渋谷 出勤 予約 癒し 丁寧 リラックス アロマ 施術 お店 今日 明日 ブログ 写メ日記 ありがとう よろしく お願いします 週末 平日 夜 朝 指名 口コミ 凍結 アカウント プロフィール ストレッチ ヘッドスパ 足 肩 背中 オイル 笑顔 会いに 来て ください 楽しみ 待って います class="text-sm" class="mt-4 flex" href="/profile/'.split(
    ' ',
  );
/** Paragraphs pages are made of, chosen at random: text that gzips as pages do. */
const PARAGRAPHS = (() => {
  const next = random(1);
  return Array.from({ length: 4096 }, (_, i) => {
    const words = Array.from({ length: 12 + Math.floor(next() * 20) }, () => WORDS[Math.floor(next() * WORDS.length)]);
    return Buffer.from(`<p data-i="${i}">${words.join(' ')}</p>\n`);
  });
})();

function pageBytes(name: string, size: number, seed: number): Buffer {
  const next = random(seed);
  const parts = [Buffer.from(`<!doctype html><html lang="ja"><head><title>${name}</title></head><body><main id="main">\n`)];
  let length = parts[0]!.length;
  while (length < size) {
    const paragraph = PARAGRAPHS[Math.floor(next() * PARAGRAPHS.length)]!;
    parts.push(paragraph);
    length += paragraph.length;
  }
  return Buffer.concat(parts).subarray(0, size);
}

function fileBytes(kind: Kind, file: string, seed: number): Buffer {
  const size = kind.size[0] + Math.floor(random(seed * 7 + 3)() * (kind.size[1] - kind.size[0]));
  return kind.binary ? randomBytes(size) : pageBytes(file, size, seed);
}

/** Lays the synthetic site down in `root` (emptied first); returns its file count. */
export function writeSyntheticSite(root: string, total: number): number {
  rmSync(root, { recursive: true, force: true });
  const folders = new Set<string>();
  let seed = 0;
  let written = 0;
  for (const kind of kinds(total)) {
    for (let i = 0; i < kind.count; i++) {
      const file = kind.file(i);
      const folder = path.dirname(path.join(root, file));
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      writeFileSync(path.join(root, file), fileBytes(kind, file, ++seed));
      written++;
    }
  }
  return written;
}

/** What one edit did to the tree. */
export interface SyntheticEdit {
  rewritten: string[];
  replaced: string[];
}

/** Replaces a file by a new one (a new inode), as the build writes a changed file. */
function replaceFile(root: string, file: string, bytes: Buffer) {
  const full = path.join(root, file);
  writeFileSync(`${full}.new`, bytes);
  renameSync(`${full}.new`, full);
}

/** One therapist's profile edit, as the build and the background index leave the site (see the file's comment). */
export function editOneProfile(root: string, cycle: number): SyntheticEdit {
  const therapist = (cycle * 7919) % THERAPISTS;
  const seed = 1_000_000 + cycle;
  const rewritten = [`profile/t${therapist}.html`, `schedule/t${therapist}.html`, 'today.html', `store/s${therapist % STORES}.html`];
  for (const file of rewritten) replaceFile(root, file, pageBytes(`${file} ${cycle}`, 16_000 + (cycle % 7) * 1_000, seed + file.length));
  replaceFile(root, 'pagefind/pagefind-entry.json', pageBytes(`entry ${cycle}`, 350, seed));
  const replaced: string[] = [];
  const swap = (folder: string, pattern: RegExp, pick: number[], size: number) => {
    const names = readdirSync(path.join(root, folder))
      .filter((name) => pattern.test(name))
      .sort();
    for (const index of pick) {
      const old = names[index % names.length]!;
      rmSync(path.join(root, folder, old));
      const fresh = old.replace(/_[0-9a-f]+\./, `_${randomBytes(5).toString('hex')}.`);
      writeFileSync(path.join(root, folder, fresh), randomBytes(size));
      replaced.push(`${folder}/${old} → ${fresh}`);
    }
  };
  swap('pagefind/fragment', /\.pf_fragment$/, [therapist], 900);
  swap('pagefind/index', /\.pf_index$/, [therapist, therapist + 131], 20_000);
  swap('pagefind/filter', /\.pf_filter$/, [0, 1, 2], 12_000);
  swap('pagefind', /\.pf_meta$/, [0], 30_000);
  return { rewritten: [...rewritten, 'pagefind/pagefind-entry.json'], replaced };
}
