/**
 * `npm run bench:quarantine [-- --therapists N]`: what one quarantined
 * record adds to a cycle (docs/decisions/quarantine.md). On a hand-written
 * export of N therapists (default 200, about the demo's size), after a full
 * build, five incremental cycles each:
 *  - a new diary (the baseline);
 *  - a new diary and a new diary whose page cannot render (its body nested
 *    as deep as a body allows): the build fails, finds it, quarantines it,
 *    builds again;
 *  - a new diary while a quarantined one is still in the export (left out
 *    before rendering);
 * and one full build with and without a poisoned diary. Prints median and
 * worst seconds of each as `name: value` lines. A figure, not a test.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ExportRecords } from '../../src/registry/public-collections';
import { blogRecord, publicExport, writePublicExport } from '../../tests/factories/public-export';
import { buildSite } from '../build-site';
import { ROOT } from '../lib/project';
import { ensureRenderer } from '../renderer/bundle';
import { closeRenderers } from '../renderer/pool';

const { values } = parseArgs({ options: { therapists: { type: 'string', default: '200' }, runs: { type: 'string', default: '5' } } });
const therapists = Number(values.therapists);
const runs = Number(values.runs);
const WORK = path.join(ROOT, '.build', 'bench-quarantine');
const exportDir = path.join(WORK, 'export');
const now = new Date('2026-11-22T03:00:00.000Z');
const POISON = `${'>'.repeat(19_990)} こんにちは`;

const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);
const median = (seconds: number[]) => [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)]!;
const summary = (seconds: number[]) => `median ${median(seconds).toFixed(1)} s, worst ${Math.max(...seconds).toFixed(1)} s`;

await rm(WORK, { recursive: true, force: true });
const renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
const records: ExportRecords = publicExport({ therapists, today: '2026-11-22' });
const authors = records.therapists;
let diaries = 0;
/** A new diary of the next author (a fresh id each time); poisoned when asked. */
const newDiary = (poisoned: boolean) => {
  const author = authors[diaries % authors.length]!;
  const blog = blogRecord(author, 30 + Math.floor(diaries / authors.length), poisoned ? { body: POISON, teaser: 'こんにちは' } : {});
  diaries++;
  return blog;
};

async function cycle(site: string, options: { full?: boolean } = {}): Promise<{ seconds: number; rounds: number; leftOut: number }> {
  await writePublicExport(exportDir, records);
  const started = performance.now();
  const build = await buildSite({ exportDir, outDir: site, quiet: true, now, renderer, full: options.full });
  await build.searchIndexed;
  return { seconds: (performance.now() - started) / 1000, rounds: build.rounds, leftOut: build.leftOut.length };
}

const site = path.join(WORK, 'site');
report('therapists', therapists);
report('first full build', `${(await cycle(site, { full: true })).seconds.toFixed(1)} s`);

const normal: number[] = [];
const poisoned: number[] = [];
const held: number[] = [];
for (let run = 0; run < runs; run++) {
  records.blogs.push(newDiary(false));
  normal.push((await cycle(site)).seconds);
  records.blogs.push(newDiary(false), newDiary(true));
  const quarantining = await cycle(site);
  if (quarantining.rounds !== 2) throw new Error(`a poisoned diary took ${quarantining.rounds} rounds, not 2`);
  poisoned.push(quarantining.seconds);
  records.blogs.push(newDiary(false));
  held.push((await cycle(site)).seconds);
}
report('incremental cycle, a new diary', summary(normal));
report('incremental cycle, a new diary and a new poisoned one (found and quarantined)', summary(poisoned));
report('incremental cycle, a new diary with quarantined ones in the export', summary(held));
report('added by one quarantine (medians)', `${(median(poisoned) - median(normal)).toFixed(1)} s`);

const poisonedDiaries = records.blogs.filter((blog) => blog.body === POISON);
records.blogs = records.blogs.filter((blog) => blog.body !== POISON);
const fullClean = await cycle(path.join(WORK, 'site-full-clean'), { full: true });
records.blogs.push(...poisonedDiaries);
const fullPoisoned = await cycle(path.join(WORK, 'site-full-poisoned'), { full: true });
report('full build, clean', `${fullClean.seconds.toFixed(1)} s`);
report(
  `full build, ${fullPoisoned.leftOut} poisoned diaries (found and quarantined)`,
  `${fullPoisoned.seconds.toFixed(1)} s, ${fullPoisoned.rounds} rounds`,
);

await closeRenderers();
await rm(WORK, { recursive: true, force: true, maxRetries: 5 });
