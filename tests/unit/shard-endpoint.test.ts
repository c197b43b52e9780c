import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropEndpointDerivations } from '../../src/data/directory';
import { completionIndex, handleIndex } from '../../src/data/handle-index';
import { nameIndex } from '../../src/data/name-index';
import { peopleIndex } from '../../src/data/people-index';
import { setRenderContext } from '../../src/data/render-context';
import { SHARDS_ALONE, type ShardedIndex } from '../../src/data/shard-endpoint';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { frozenRecord, publicExport, writePublicExport } from '../factories/public-export';

const TODAY = '2026-11-22';
const INDEXES: [string, ShardedIndex<unknown>][] = [
  ['handles (/h)', handleIndex],
  ['completions (/hc)', completionIndex],
  ['names (/n)', nameIndex],
  ['people (/u)', peopleIndex],
];

/** Handles that repeat, share a prefix, or are too short to complete: what sorting and grouping must agree on. */
const sharedHandle = fc.constantFrom('miu', 'miu_', 'miu_0312', 'rin_0001', 'rin_0002', 'a', 'abcde', 'abcdef', '');
/** Names that fold together (width, case, spaces) or repeat. */
const sharedName = fc.constantFrom('みう', 'Miu', 'miu', 'ｍｉｕ', 'm iu', 'あおい', 'ＡＯＩ', 'aoi', '');

/** An export of the factory's shape, with handles and names shared between therapists, stores and owners that are gone. */
const exports = fc
  .record({
    therapists: fc.integer({ min: 1, max: 30 }),
    xHandles: fc.array(fc.tuple(fc.nat(), sharedHandle), { maxLength: 8 }),
    names: fc.array(fc.tuple(fc.nat(), sharedName), { maxLength: 8 }),
    formerHandles: fc.array(fc.tuple(fc.nat(), sharedHandle, fc.boolean()), { maxLength: 8 }),
    orphans: fc.array(sharedHandle, { maxLength: 3 }),
  })
  .map(({ therapists, xHandles, names, formerHandles, orphans }) => {
    const data = publicExport({ therapists, today: TODAY });
    const profiles = [...data.therapists, ...data.stores];
    for (const [at, handle] of xHandles) if (handle) profiles[at % profiles.length]!.channels.x = handle;
    for (const [at, name] of names) if (name) data.therapists[at % data.therapists.length]!.displayName = name;
    for (const [i, [at, handle, disputed]] of formerHandles.entries()) {
      const owner = profiles[at % profiles.length]!;
      const kind = data.stores.includes(owner as never) ? 'store' : 'therapist';
      if (handle) data.frozenAccounts.push({ ...frozenRecord(owner, handle, kind, { disputed }), id: `x_extra${i}` });
    }
    // Former handles of accounts no longer public: in no index.
    for (const [i, handle] of orphans.entries())
      if (handle) data.frozenAccounts.push({ ...frozenRecord({ id: `gone-${i}` }, handle, 'therapist'), id: `x_gone${i}` });
    data.frozenAccounts.sort((a, b) => (a.id < b.id ? -1 : 1));
    return data;
  });

describe('sharded indexes: a shard alone and the whole index agree', () => {
  let dir: string;
  let version = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shard-endpoint-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // The listing names the shards from keys alone, and a save's build derives only the shards it renders: both
  // must say what the whole index says, or an incremental build would differ from a full one.
  it("lists the whole index's shards in its order, and derives each shard alone with the same entries in the same order", async () => {
    await fc.assert(
      fc.asyncProperty(exports, async (data) => {
        await writePublicExport(dir, data);
        setRenderContext({ exportDir: dir, version: `shards-${++version}`, now: tokyoInstant(TODAY, '10:00') });
        for (const [, index] of INDEXES) {
          const whole = await index.whole();
          expect(await index.names()).toEqual([...whole.keys()]);
          for (const [name, entries] of whole) {
            // Dropped: the next shard is asked alone, not served from the whole index.
            await dropEndpointDerivations();
            expect(await index.shard(name)).toEqual(entries);
          }
          expect(await index.shard('no-such-shard')).toEqual([]);
        }
      }),
      { numRuns: 30 },
    );
  });

  it(`serves from the whole index, derived once, past ${SHARDS_ALONE} shards of one export`, async () => {
    await writePublicExport(dir, publicExport({ therapists: 40, today: TODAY }));
    setRenderContext({ exportDir: dir, version: `shards-${++version}`, now: tokyoInstant(TODAY, '10:00') });
    const names = await peopleIndex.names();
    expect(names.length).toBeGreaterThan(SHARDS_ALONE + 1);
    const alone = [];
    for (const name of names.slice(0, SHARDS_ALONE)) alone.push(await peopleIndex.shard(name));
    const next = names[SHARDS_ALONE]!;
    const served = await peopleIndex.shard(next);
    const whole = await peopleIndex.whole();
    expect(served).toBe(whole.get(next));
    // The shards asked alone were fresh arrays, equal to the whole index's.
    for (const [i, entries] of alone.entries()) {
      expect(entries).not.toBe(whole.get(names[i]!));
      expect(entries).toEqual(whole.get(names[i]!));
    }
  });
});
