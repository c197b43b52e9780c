/**
 * The deploy's hash cache on disk (scripts/deploy/deploy-state.ts): after
 * any sequence of saves, whole or appended to the journal, a reader that
 * did not save it (another process; here, a copy of its files) reads the
 * state saved last. An entry a crash cut short leaves the state before it,
 * and a journal that is not the state's own is not read.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalOf, loadDeployState, saveDeployState, type DeployedFile, type DeployState } from '../../scripts/deploy/deploy-state';

const SITE = 'demo-state';
type Saved = Omit<DeployState, 'restored'>;

let work: string;
let copies = 0;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'deploy-state-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** The state as a process that did not save it reads it: from a copy of the state file and its journal. */
async function readElsewhere(file: string): Promise<Saved | undefined> {
  const copy = path.join(work, `copy-${++copies}.gz`);
  copyFileSync(file, copy);
  if (existsSync(journalOf(file))) copyFileSync(journalOf(file), journalOf(copy));
  const state = await loadDeployState(copy, SITE);
  return state && { site: state.site, version: state.version, configHash: state.configHash, dev: state.dev, files: new Map(state.files) };
}

const record = (n: number): DeployedFile => ({
  ino: n,
  size: n * 7,
  mtimeMs: 1_700_000_000_000 + n,
  digest: `d${n}`,
  hash: `h${n}`.padEnd(64, '0'),
});
const PATHS = ['index.html', 'profile/みう.html', 'store-profile/a b.html', 'pagefind/part 1/x.pf_meta', '_astro/app.js'];
const first = (): Saved => ({
  site: SITE,
  version: `sites/${SITE}/versions/v0`,
  configHash: 'c0',
  dev: 1,
  files: new Map([[PATHS[0]!, record(1)]]),
});

describe('the deploy state on disk', () => {
  it('reads back the state saved last, whatever the saves before it, whole or journalled', async () => {
    const change = fc.record({
      edits: fc.array(fc.tuple(fc.constantFrom(...PATHS), fc.option(fc.nat({ max: 1000 }), { nil: undefined })), { maxLength: 6 }),
      journal: fc.boolean(),
      dev: fc.constantFrom(1, 2),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        const file = path.join(work, `state-${++run}.gz`);
        let state = first();
        await saveDeployState(file, state);
        for (const [i, { edits, journal, dev }] of changes.entries()) {
          const files = new Map(state.files);
          for (const [relativePath, n] of edits) {
            if (n === undefined) files.delete(relativePath);
            else files.set(relativePath, record(n));
          }
          state = { ...state, version: `sites/${SITE}/versions/v${i + 1}`, configHash: `c${i % 2}`, dev, files };
          const before = readFileSync(file);
          await saveDeployState(file, state, journal ? edits.map(([relativePath]) => relativePath) : undefined);
          // A journalled save leaves the state file as it was: it grows with the change.
          if (journal) expect(readFileSync(file).equals(before)).toBe(true);
          expect(await readElsewhere(file)).toEqual(state);
          expect(await loadDeployState(file, SITE)).toMatchObject(state);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('leaves out an entry a crash cut short: the state is the one before it', async () => {
    const file = path.join(work, 'state.gz');
    const before = first();
    await saveDeployState(file, before);
    await saveDeployState(file, { ...before, version: `sites/${SITE}/versions/v1` }, []);
    const journalled = { ...before, version: `sites/${SITE}/versions/v2`, files: new Map([[PATHS[1]!, record(2)]]) };
    await saveDeployState(file, journalled, [PATHS[0]!, PATHS[1]!]);
    expect(await readElsewhere(file)).toEqual(journalled);
    // The last entry's commit line lost (its two path lines kept).
    const text = readFileSync(journalOf(file), 'utf8');
    truncateSync(journalOf(file), Buffer.byteLength(text.slice(0, text.lastIndexOf('C\t'))));
    expect(await readElsewhere(file)).toEqual({ ...before, version: `sites/${SITE}/versions/v1` });
  });

  it('reads no journal but its own: a whole save starts another', async () => {
    const file = path.join(work, 'state.gz');
    const before = first();
    await saveDeployState(file, before);
    await saveDeployState(file, { ...before, version: `sites/${SITE}/versions/v1`, files: new Map() }, [PATHS[0]!]);
    const oldJournal = readFileSync(journalOf(file));
    const whole = { ...before, version: `sites/${SITE}/versions/v2` };
    await saveDeployState(file, whole);
    // As a crash between the whole save's two renames would leave the older journal beside the newer state.
    writeFileSync(journalOf(file), oldJournal);
    expect(await readElsewhere(file)).toEqual(whole);
  });
});
