/**
 * Where a build's threads spend their CPU, from V8's CPU profiles: each
 * thread's busy time cut by where its functions live (Astro's runtime, the
 * request and response around a page, garbage collection, the project's
 * own code, libraries), and its costliest functions. The shares in
 * docs/performance.md ("Full build, 10,000 therapists: CPU") come from it.
 *
 *   MALLOC_MMAP_THRESHOLD_=131072 node --cpu-prof --cpu-prof-dir=<dir> --import tsx \
 *     scripts/bench/full-build.ts <exportDir> <outDir>
 *   npx tsx scripts/bench/cpu-profile.ts <dir> [--top 15]
 *
 * The profiler slows the build by about a third: its shares are the
 * figure, not its seconds. The categories are cut for a render worker: on
 * the main thread, `request and response` is mostly its Buffer work
 * (reading the pages' bytes as text).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isMain } from '../lib/cli';

/** The parts of a .cpuprofile this reads (V8's Profiler.Profile). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  /** Microseconds before each sample. */
  timeDeltas: number[];
}

export const CATEGORIES = [
  'astro',
  'request and response',
  'garbage collection',
  'project',
  'libraries',
  'handing over',
  'files',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

const NATIVE_FILE_CALLS = new Set([
  'open',
  'close',
  'read',
  'writeBuffer',
  'writeString',
  'openFileHandle',
  'readFileUtf8',
  'stat',
  'lstat',
  'fstat',
  'link',
  'mkdir',
  'rename',
  'unlink',
]);

/** Which part of a render a function belongs to, by its name and the file it lives in. */
export function categoryOf({ functionName, url }: CpuProfile['nodes'][number]['callFrame']): Category | 'idle' {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  // Astro's server runtime and its adapter, bundled as chunks of the renderer (scripts/renderer/bundle.ts).
  if (/astro\/server_|astrojs-ssr-adapter|\/manifest_|noop-middleware/.test(url)) return 'astro';
  if (/undici|webstreams|internal\/url|abort_controller|internal\/encoding|node:buffer|internal\/buffer/.test(url))
    return 'request and response';
  if (functionName === 'encodeUtf8String') return 'request and response';
  if (functionName === 'postMessage' || /js_transferable/.test(url)) return 'handing over';
  // Node's file-system bindings, called synchronously: the kernel's time creating, writing and reading files
  // (not writeUtf8String: a stream's write, to Pagefind's pipe, say).
  if (url === '' && NATIVE_FILE_CALLS.has(functionName)) return 'files';
  if (url.includes('node_modules/')) return 'libraries';
  if (url.includes('/.build/renderer/') || url.includes('/src/') || url.includes('/scripts/')) return 'project';
  return 'other';
}

export interface ProfileSummary {
  /** Seconds the thread was not idle. */
  busySeconds: number;
  /** Each category's share of the busy time (0–1). */
  shares: Record<Category, number>;
  /** The functions with the most self time, costliest first: `name file:line` and seconds. */
  top: { name: string; seconds: number }[];
}

export function summariseProfile(profile: CpuProfile, topCount = 15): ProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byCategory = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (!frame) return;
    const category = categoryOf(frame);
    if (category === 'idle') return;
    busy += micros;
    byCategory.set(category, byCategory.get(category)! + micros);
    const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url) || '(native)'}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const shares = Object.fromEntries(CATEGORIES.map((category) => [category, busy > 0 ? byCategory.get(category)! / busy : 0]));
  const top = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topCount)
    .map(([name, micros]) => ({ name, seconds: micros / 1e6 }));
  return { busySeconds: busy / 1e6, shares: shares as Record<Category, number>, top };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

if (isMain(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '15' } }, allowPositionals: true });
  if (positionals.length === 0) {
    console.error('usage: tsx scripts/bench/cpu-profile.ts <dir or .cpuprofile files> [--top N]');
    process.exit(2);
  }
  const files = positionals.flatMap((given) =>
    statSync(given).isDirectory()
      ? readdirSync(given)
          .filter((name) => name.endsWith('.cpuprofile'))
          .sort()
          .map((name) => path.join(given, name))
      : [given],
  );
  for (const file of files) {
    const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(values.top));
    // Threads that did next to nothing (a file remover, a module loader) say nothing.
    if (summary.busySeconds < 1) continue;
    console.log(`${path.basename(file)}: busy ${summary.busySeconds.toFixed(1)} s`);
    for (const category of CATEGORIES) console.log(`  ${category}: ${percent(summary.shares[category])}`);
    for (const { name, seconds } of summary.top) console.log(`    ${seconds.toFixed(2).padStart(7)} s  ${name}`);
  }
}
