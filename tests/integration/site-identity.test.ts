/**
 * Which previous build a build may reuse (scripts/build-site.ts): the one
 * whose state names the generation the served path links to. A copy of the
 * site and its state put back in the same place (what an Actions cache
 * restore does: every folder a new inode) stays incremental; a folder
 * someone put in the site's place is built in full.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSite, buildsSettled } from '../../scripts/build-site';
import { ROOT } from '../../scripts/lib/project';
import { stateDirOf } from '../../scripts/lib/site-state';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import { publicExport, writePublicExport } from '../factories/public-export';

const WORK = path.join(ROOT, '.build', 'site-identity-test');
const EXPORT = path.join(WORK, 'export');
const SITE = path.join(WORK, 'site');
const now = new Date('2026-11-22T03:00:00.000Z');
let renderer: RendererBundle;

const build = (options: { full?: boolean } = {}) => buildSite({ exportDir: EXPORT, outDir: SITE, quiet: true, now, renderer, ...options });

/** Packs the site, its state and nothing else into a tar, removes them, and unpacks them where they were. */
async function restoreFromTar(): Promise<void> {
  await buildsSettled();
  const tar = path.join(ROOT, '.build', 'site-identity-test.tar');
  const entries = [path.basename(SITE), path.basename(stateDirOf(SITE))];
  execFileSync('tar', ['-cf', tar, '-C', WORK, ...entries]);
  for (const entry of entries) await rm(path.join(WORK, entry), { recursive: true, force: true });
  execFileSync('tar', ['-xf', tar, '-C', WORK]);
  await rm(tar, { force: true });
}

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  await writePublicExport(EXPORT, publicExport({ therapists: 12, today: '2026-11-22' }));
  expect((await build({ full: true })).mode).toBe('full');
}, 300_000);

afterAll(async () => {
  await buildsSettled();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

it('stays incremental after the site and its state are packed and put back (new inodes)', async () => {
  const inPlace = await build();
  expect(inPlace.mode).toBe('incremental');
  await restoreFromTar();
  const again = await build();
  expect(again).toMatchObject({ mode: 'incremental', rendered: inPlace.rendered, written: 0 });
});

it('builds in full when another folder stands where the site was', async () => {
  await buildsSettled();
  await rm(SITE, { recursive: true, force: true });
  await mkdir(SITE);
  expect((await build()).mode).toBe('full');
});
