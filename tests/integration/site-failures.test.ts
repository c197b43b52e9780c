/**
 * Builds that die leave the previous site serving, and the next build
 * repairs it (scripts/build-site.ts, scripts/lib/site-generations.ts): a
 * page that cannot be written, a process killed where it would point the
 * site at its new generation, and a spare that cannot be kept after a swap
 * (the builds after it in that process must still run). Each build runs in
 * a process of its own (support/build-child.ts), so the repair is a fresh
 * process as after a real crash; the repaired site must equal a full build
 * of the same export.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readlinkSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project';
import { filesUnder } from '../../scripts/lib/site-files';
import type { ExportRecords } from '../../src/registry/public-collections';
import { publicExport, writePublicExport } from '../factories/public-export';

const WORK = path.join(ROOT, '.build', 'site-failures-test');
const EXPORT = path.join(WORK, 'export');
const SITE = path.join(WORK, 'site');
const FRESH = path.join(WORK, 'fresh');
const STATE = `${SITE}.state`;
const CLOCK = '2026-11-22T03:00:00.000Z';
const CHILD = path.join(ROOT, 'tests/integration/support/build-child.ts');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const PROFILE = 'profile/therapist-02.html';

let records: ExportRecords;

/** Runs one build in a child process: its exit code and output. */
async function buildInChild(site: string, ...failure: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CHILD, EXPORT, site, CLOCK, ...failure], { cwd: ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const served = (file: string) => readFile(path.join(SITE, file), 'utf8');
const generations = async () => (await readdir(STATE)).filter((name) => name.startsWith('site-')).sort();
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
async function tree(site: string): Promise<Map<string, string>> {
  const files = (await filesUnder(site)).filter((file) => !file.startsWith('pagefind/'));
  return new Map(await Promise.all(files.map(async (file) => [file, sha(await readFile(path.join(site, file)))] as const)));
}

async function editBio(bio: string): Promise<void> {
  records.therapists[1] = { ...records.therapists[1]!, bio };
  await writePublicExport(EXPORT, records);
}

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  records = publicExport({ therapists: 20, today: CLOCK.slice(0, 10) });
  await writePublicExport(EXPORT, records);
  const first = await buildInChild(SITE);
  expect(first.code, first.output).toBe(0);
  // One incremental build, so the site has a spare generation as it does between cycles.
  await editBio('最初の自己紹介です。');
  expect((await buildInChild(SITE)).code).toBe(0);
}, 300_000);

afterAll(async () => {
  await rm(WORK, { recursive: true, force: true });
});

describe('a build that dies', () => {
  it('on one page it cannot write: the previous site stays, whole, and nothing is left behind', async () => {
    const live = readlinkSync(SITE);
    const before = await generations();
    await editBio('書けなかった自己紹介です。');
    const failed = await buildInChild(SITE, 'fail-writing', PROFILE);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('ENOSPC');
    expect(readlinkSync(SITE)).toBe(live);
    expect(await served(PROFILE)).toContain('最初の自己紹介です。');
    // It took the spare for its generation and removed it on failing: the next build copies instead.
    expect((await generations()).length).toBe(before.length - 1);
  }, 120_000);

  it('killed where it would swap: the previous site stays, and the next process repairs it', async () => {
    const live = readlinkSync(SITE);
    await editBio('強制終了の前の自己紹介です。');
    const killed = await buildInChild(SITE, 'crash-at-swap');
    expect(killed.code).toBe(137);
    expect(readlinkSync(SITE)).toBe(live);
    expect(await served(PROFILE)).toContain('最初の自己紹介です。');
    const leftover = (await generations()).filter((name) => name !== path.basename(live));
    expect(leftover.length).toBeGreaterThan(0);

    await editBio('直ったあとの自己紹介です。');
    const repaired = await buildInChild(SITE);
    expect(repaired.code, repaired.output).toBe(0);
    expect(JSON.parse(repaired.output.trim().split('\n').at(-1)!)).toMatchObject({ mode: 'incremental' });
    expect(await served(PROFILE)).toContain('直ったあとの自己紹介です。');
    // The killed build's generation goes (in the background); the site is the one a full build makes.
    await expect.poll(async () => leftover.filter((name) => existsSync(path.join(STATE, name))), { timeout: 20_000 }).toEqual([]);
    expect((await buildInChild(FRESH)).code).toBe(0);
    const [repairedTree, freshTree] = await Promise.all([tree(SITE), tree(FRESH)]);
    const names = [...new Set([...repairedTree.keys(), ...freshTree.keys()])].sort();
    const differing = names.find((file) => repairedTree.get(file) !== freshTree.get(file));
    expect(differing, `first differing file: ${differing}`).toBeUndefined();
  }, 180_000);

  it('after its swap, keeping the spare: the new site stays live, and the next build of that process copies the live one', async () => {
    await editBio('予備を残せなかった自己紹介です。');
    const result = await buildInChild(SITE, 'fail-keeping-spare');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('was not kept as the spare');
    const builds = result.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as unknown);
    expect(builds).toEqual([
      { mode: 'incremental', staged: 'spare' },
      { mode: 'incremental', staged: 'copy' },
    ]);
    expect(await served(PROFILE)).toContain('予備を残せなかった自己紹介です。');
  }, 120_000);
});
