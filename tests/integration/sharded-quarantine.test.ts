/**
 * No record stops a full build across machines (scripts/lib/merge-or-build.ts,
 * docs/decisions/sharded-builds.md): a diary whose page cannot render is
 * quarantined by the one shard that renders that page, while the others
 * render the pages that list it. The merge refuses such shards; given the
 * export, `build --merge` builds the whole site on its machine instead,
 * which leaves the record out everywhere: the site of a one-machine build.
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildsSettled, type SiteBuild } from '../../scripts/build-site';
import { mergeOrBuild } from '../../scripts/lib/merge-or-build';
import { mergeShards } from '../../scripts/lib/merge-shards';
import { ROOT } from '../../scripts/lib/project';
import { readShardManifest, ShardsLeftOutDifferentRecords } from '../../scripts/lib/shard-manifest';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import { blogRecord, publicExport, writePublicExport } from '../factories/public-export';
import { firstDifference, siteTree } from './support/site-tree';

const WORK = path.join(ROOT, '.build', 'sharded-quarantine-test');
const EXPORT = path.join(WORK, 'export');
const ONE_MACHINE = path.join(WORK, 'one-machine');
const N = 3;
const SHARDS = Array.from({ length: N }, (_, i) => path.join(WORK, `shard-${i + 1}`));
const now = new Date('2026-11-22T03:00:00.000Z');

let renderer: RendererBundle;
let oneMachine: SiteBuild;
let poisonedKey: string;

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  const records = publicExport({ therapists: 24, today: '2026-11-22' });
  // Nested quotes as deep as a body allows: its page fails to render (tests/integration/build-quarantine.test.ts).
  const poisoned = blogRecord(records.therapists[3]!, 9, { body: `${'>'.repeat(19_990)} こんにちは`, teaser: 'こんにちは' });
  records.blogs.push(poisoned);
  poisonedKey = `blogs/${poisoned.id}`;
  await writePublicExport(EXPORT, records);
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  oneMachine = await buildSite({ exportDir: EXPORT, outDir: ONE_MACHINE, quiet: true, now, full: true, renderer });
  for (const [i, outDir] of SHARDS.entries())
    await buildSite({ exportDir: EXPORT, outDir, quiet: true, now, renderer, shard: { index: i + 1, count: N } });
}, 600_000);

afterAll(async () => {
  await buildsSettled();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

describe('a record whose page fails in one shard', () => {
  it('is left out by that shard only, and the merge refuses the shards, naming it', async () => {
    expect(oneMachine.leftOut.map((out) => `${out.collection}/${out.key}`)).toEqual([poisonedKey]);
    const leftOut = await Promise.all(SHARDS.map(async (dir) => (await readShardManifest(dir)).leftOut));
    expect(leftOut.filter((keys) => keys.includes(poisonedKey))).toHaveLength(1);
    const refusal = await mergeShards({ shardDirs: SHARDS, outDir: path.join(WORK, 'merged') }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ShardsLeftOutDifferentRecords);
    expect((refusal as ShardsLeftOutDifferentRecords).records).toEqual([poisonedKey]);
    // Without the export there is nothing else to do: the refusal stands.
    await expect(mergeOrBuild({ shardDirs: SHARDS, outDir: path.join(WORK, 'no-export') })).rejects.toThrow(poisonedKey);
  });

  it('with the export at hand, gives way to a build of the whole site: the one-machine site, the record left out', async () => {
    const outDir = path.join(WORK, 'merged-or-built');
    const site = await mergeOrBuild({ shardDirs: SHARDS, outDir, exportDir: EXPORT, renderer, quiet: true });
    expect(site.how).toBe('built');
    if (site.how !== 'built') return;
    expect(site.disagreeing).toEqual([poisonedKey]);
    expect(site.leftOut.map((out) => `${out.collection}/${out.key}`)).toEqual([poisonedKey]);
    expect(site.pages).toBe(oneMachine.pages);
    expect(firstDifference(await siteTree(outDir), await siteTree(ONE_MACHINE))).toBeUndefined();
  });
});
