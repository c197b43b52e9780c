/**
 * The cycle fuzzer: the invariant "no document a client can write can stop
 * a cycle" (docs/decisions/quarantine.md), held to every field a client can
 * write (./hostile-accounts.ts). A fixed world (the seed's generator, a few
 * therapists and stores) is exported and built once; then each run of the
 * property writes a cycle's hostile accounts through firestore.rules, runs
 * the export and the build, incrementally on the live site and in full on
 * another, and checks:
 *  - the cycle completes (export, incremental build, full build);
 *  - the two sites are the same file for file (the incremental build is the
 *    full one's equal, hostile records and all);
 *  - no page of the fixed world changed (a hostile record is quarantined or
 *    published without touching anyone else's page);
 *  - no page carries a hostile value as markup: no script, event handler or
 *    javascript: link of its making.
 * Seeded and reproducible (fast-check); a failure shrinks to the smallest
 * cycle that fails.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import fc from 'fast-check';
import { setLogLevel } from 'firebase/firestore';
import { Parser } from 'htmlparser2';
import { indexExport } from '../../src/data/directory';
import { readExport } from '../../src/data/export-records';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollection } from '../../src/registry/public-collections';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { EMULATORS, ROOT } from '../../scripts/lib/project';
import { filesUnder, siteFileOf } from '../../scripts/lib/site-files';
import { ensureRenderer } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import { generateSeed } from '../../scripts/seed/generate';
import { hostileCycle, writeHostileCycle } from './hostile-accounts';

export interface FuzzOptions {
  /** A demo- project of its own (the fuzzer clears it). */
  project: string;
  /** Cycles (runs of the property) and hostile accounts per cycle. */
  cycles: number;
  accountsPerCycle: number;
  seed: number;
  log?: (line: string) => void;
}

export interface FuzzReport {
  cycles: number;
  cyclesFailed: number;
  accounts: number;
  /** Documents written (attempted), and of those refused by the rules. */
  documents: number;
  refused: number;
  /** Field values the written documents carried. */
  values: number;
  /** Records left out of the site after the last cycle, by stage (scripts/export/report.ts). */
  leftOut: Record<string, number>;
  /** The failure fast-check reports (shrunk), when a cycle failed. */
  failure: string | null;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file of a site outside the Pagefind folder, with a hash of its bytes. */
async function siteTree(site: string): Promise<Map<string, string>> {
  const files = (await filesUnder(site)).filter((file) => !file.startsWith('pagefind/'));
  return new Map(await Promise.all(files.map(async (file) => [file, sha(await readFile(path.join(site, file)))] as const)));
}

/** The files of the pages that show the records of an export (per record; the shared index shards aside). */
async function recordPages(exportDir: string): Promise<string[]> {
  const records = await readExport(exportDir, { check: false });
  const site = indexExport(records);
  const files = new Set<string>();
  for (const name of PUBLIC_COLLECTION_NAMES) {
    const collection = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
    for (const record of records[name] as unknown[])
      for (const url of collection.pages(record, site)) {
        // The handle, name and people indexes are shards that many records share: a hostile one may share one.
        if (/^\/(h|hc|n|u)\//.test(url)) continue;
        files.add(siteFileOf(url, /\.(ics|png)$/.test(url) ? 'endpoint' : 'page'));
      }
  }
  return [...files].sort();
}

/**
 * What a hostile value (./hostile-values.ts) would have become on a page
 * that did not escape it, as a browser parses the page: a script element
 * running it, an event handler attribute, or a javascript: link. (Text in
 * an attribute value is not markup: `content="<script>"` is harmless.) The
 * XSS suite (tests/fixtures/xss-vectors.ts) goes further.
 */
export function hostileMarkup(html: string): string | null {
  let found: string | null = null;
  let inScript = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      // A JSON-LD block is data, not code; text breaking out of it would open an element of its own, seen here.
      inScript = name === 'script' && !/json/i.test(attributes.type ?? '');
      for (const [attribute, value] of Object.entries(attributes)) {
        if (/^on/i.test(attribute)) found ??= `<${name} ${attribute}=…>`;
        if (/^(href|src|action|formaction)$/i.test(attribute) && /^\s*javascript:/i.test(value))
          found ??= `<${name} ${attribute}="${value.slice(0, 40)}">`;
      }
    },
    ontext(text) {
      if (inScript && text.includes('alert(1)')) found ??= `<script>${text.slice(0, 60)}`;
    },
    onclosetag() {
      inScript = false;
    },
  });
  parser.end(html);
  return found;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const work = path.join(ROOT, '.build', `fuzz-${options.project}`);
  const exportDir = path.join(work, 'export');
  const live = path.join(work, 'site-live');
  const full = path.join(work, 'site-full');
  process.env.FIREBASE_PROJECT_ID = options.project;
  const { adminDb } = await import('../../scripts/lib/admin');
  const { runExport } = await import('../../scripts/export');
  const { buildSite } = await import('../../scripts/build-site');
  const { writeSeed } = await import('../../scripts/seed/write');

  await rm(work, { recursive: true, force: true });
  await clearFirestoreEmulator(options.project);
  setLogLevel('silent');
  const env = await initializeTestEnvironment({
    projectId: options.project,
    firestore: {
      rules: readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8'),
      host: EMULATORS.firestore.host,
      port: EMULATORS.firestore.port,
    },
  });
  const report: FuzzReport = { cycles: 0, cyclesFailed: 0, accounts: 0, documents: 0, refused: 0, values: 0, leftOut: {}, failure: null };
  try {
    const today = tokyoDateKey();
    await writeSeed(adminDb(), generateSeed({ therapists: 12, today }));
    const renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
    const exportOptions = { mode: 'incremental' as const, warn: () => {} };
    await runExport(exportDir, today, exportOptions);
    // One clock for every build (a schedule's feed is stamped with it); the exports and the rules keep the real one.
    const now = new Date();
    await buildSite({ exportDir, outDir: live, quiet: true, full: true, renderer, now });
    const fixed = await recordPages(exportDir);
    const before = new Map(await Promise.all(fixed.map(async (file) => [file, sha(await readFile(path.join(live, file)))] as const)));
    log(`[fuzz] fixed world: ${fixed.length} pages of its records`);

    let cycleError: Error | undefined;
    const property = fc.asyncProperty(hostileCycle(options.accountsPerCycle), async (accounts) => {
      const cycle = ++report.cycles;
      const written = await writeHostileCycle(env, `fuzz${cycle}`, accounts);
      report.accounts += accounts.length;
      report.documents += written.documents;
      report.refused += written.refused;
      report.values += written.values;
      try {
        const exported = await runExport(exportDir, today, exportOptions);
        const incremental = await buildSite({ exportDir, outDir: live, quiet: true, now, renderer });
        await incremental.searchIndexed;
        const whole = await buildSite({ exportDir, outDir: full, quiet: true, now, full: true, renderer });
        // What stands left out now (the report and the quarantine hold every cycle's so far).
        report.leftOut = {};
        for (const entry of [...exported.report.skipped, ...whole.leftOut])
          report.leftOut[entry.stage] = (report.leftOut[entry.stage] ?? 0) + 1;
        const [liveTree, fullTree] = await Promise.all([siteTree(live), siteTree(full)]);
        const differing = [...new Set([...liveTree.keys(), ...fullTree.keys()])].filter(
          (file) => liveTree.get(file) !== fullTree.get(file),
        );
        if (differing.length > 0) throw new Error(`the incremental and the full build differ in ${differing.slice(0, 5).join(', ')}`);
        const changed = fixed.filter((file) => liveTree.get(file) !== before.get(file));
        if (changed.length > 0) throw new Error(`pages of the fixed world changed: ${changed.slice(0, 5).join(', ')}`);
        for (const file of liveTree.keys()) {
          // Pages only: the JSON shards carry text as data, which the islands that show it escape.
          if (!file.endsWith('.html')) continue;
          const found = hostileMarkup(await readFile(path.join(live, file), 'utf8'));
          if (found) throw new Error(`${file} carries ${JSON.stringify(found)} as markup`);
        }
        for (const entry of [...exported.report.skipped, ...whole.leftOut].slice(0, 8))
          log(
            `[fuzz]   left out: ${'id' in entry ? `${entry.collection}/${entry.id}` : `${entry.collection}/${entry.key}`} (${entry.stage}): ${entry.problems
              .map((p) => `${p.path}: ${p.message}`)
              .join('; ')
              .slice(0, 200)}`,
          );
        log(
          `[fuzz] cycle ${cycle}: ${accounts.length} accounts, ${written.documents} documents (${written.refused} refused by the rules), ` +
            `${written.values} values; ${whole.leftOut.length + exported.report.skipped.length} left out; ${liveTree.size} files`,
        );
      } catch (error) {
        report.cyclesFailed++;
        cycleError = error as Error;
        throw error;
      }
    });
    try {
      await fc.assert(property, { seed: options.seed, numRuns: options.cycles, endOnFailure: true });
    } catch (error) {
      // fast-check's first two lines say how to replay it (seed and path); the cycle's own error says what failed.
      const replay = (error as Error).message.split('\n').slice(0, 2).join(' ');
      report.failure = `${cycleError?.stack ?? (error as Error).message.slice(0, 2000)}\n${replay}`;
    }
    return report;
  } finally {
    await env.cleanup();
    await closeRenderers();
    await rm(work, { recursive: true, force: true, maxRetries: 5 });
  }
}
