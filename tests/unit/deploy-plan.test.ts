import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDeployState, saveDeployState, type DeployState } from '../../scripts/deploy/deploy-state';
import { ignoreMatcher } from '../../scripts/deploy/ignore-globs';
import { planDeploy, type DeployPlan } from '../../scripts/deploy/plan';

const SITE = 'demo-plan';
const ignored = ignoreMatcher(['firebase.json', '**/.*']);
/** A whole-millisecond time: utimes can set it back exactly (a fraction would round). */
const WHEN = new Date('2026-11-01T00:00:00.000Z');

let work: string;
let root: string;
let statePath: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'deploy-plan-'));
  root = path.join(work, 'site');
  statePath = path.join(work, 'state.gz');
  for (const [file, text] of Object.entries({
    'index.html': '<h1>セラリンク</h1>',
    'profile/miu.html': '<p>みう</p>'.repeat(50),
    'profile/rin.html': '<p>りん</p>'.repeat(50),
    '_astro/app.js': 'console.log(1)',
    '.headers.json': '[]',
  })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
    utimesSync(path.join(root, file), WHEN, WHEN);
  }
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Plans, then saves the plan as the deployed state (what a successful cycle does). */
async function deployed(dir = root, state?: DeployState): Promise<DeployPlan> {
  const plan = await planDeploy(dir, ignored, state ?? (await loadDeployState(statePath, SITE)));
  await saveDeployState(statePath, { site: SITE, version: `sites/${SITE}/versions/v`, configHash: 'c', dev: plan.dev, files: plan.files });
  return plan;
}

/** Replaces a file by a new one (a new inode), as a build writes a page. */
function rewrite(file: string, text: string, mtime?: Date) {
  const full = path.join(root, file);
  writeFileSync(`${full}.new`, text);
  renameSync(`${full}.new`, full);
  if (mtime) utimesSync(full, mtime, mtime);
}

const summary = (plan: DeployPlan) => ({
  added: plan.added,
  changed: plan.changed,
  removed: plan.removed,
  read: plan.read,
  hashed: plan.hashed,
});

describe('the deploy plan', () => {
  it('reads and hashes every file on a first deploy, dot files and firebase.json left out', async () => {
    writeFileSync(path.join(root, 'firebase.json'), '{}');
    const plan = await deployed();
    expect(summary(plan)).toEqual({
      added: ['_astro/app.js', 'index.html', 'profile/miu.html', 'profile/rin.html'],
      changed: [],
      removed: [],
      read: 4,
      hashed: 4,
    });
    expect([...plan.gzipped.keys()].sort()).toEqual([...plan.files.values()].map((f) => f.hash).sort());
  });

  it('does not open a file whose identity is unchanged: bytes swapped in place behind the same size and mtime go unseen', async () => {
    const first = await deployed();
    const miu = path.join(root, 'profile/miu.html');
    const inode = statSync(miu).ino;
    writeFileSync(miu, '<p>XX</p>'.repeat(50), { flag: 'r+' });
    utimesSync(miu, WHEN, WHEN);
    expect(statSync(miu).ino).toBe(inode);
    const plan = await deployed();
    expect(summary(plan)).toEqual({ added: [], changed: [], removed: [], read: 0, hashed: 0 });
    expect(plan.files.get('profile/miu.html')!.hash).toBe(first.files.get('profile/miu.html')!.hash);
  });

  it('hashes only what changed, was added or went: a changed page, a new one, a removed one', async () => {
    await deployed();
    rewrite('profile/miu.html', '<p>みう（更新）</p>');
    writeFileSync(path.join(root, 'profile/sara.html'), '<p>さら</p>');
    rmSync(path.join(root, 'profile/rin.html'));
    const plan = await deployed();
    expect(summary(plan)).toEqual({
      added: ['profile/sara.html'],
      changed: ['profile/miu.html'],
      removed: ['profile/rin.html'],
      read: 2,
      hashed: 2,
    });
    expect(plan.files.has('profile/rin.html')).toBe(false);
    expect(summary(await deployed())).toEqual({ added: [], changed: [], removed: [], read: 0, hashed: 0 });
  });

  it('reads but does not hash a page rewritten with the same bytes, and remembers its new inode', async () => {
    const first = await deployed();
    rewrite('index.html', '<h1>セラリンク</h1>');
    const touched = path.join(root, '_astro/app.js');
    utimesSync(touched, new Date(), new Date());
    const plan = await deployed();
    expect(summary(plan)).toEqual({ added: [], changed: [], removed: [], read: 2, hashed: 0 });
    expect(plan.files.get('index.html')!.hash).toBe(first.files.get('index.html')!.hash);
    expect(plan.files.get('index.html')!.ino).toBe(statSync(path.join(root, 'index.html')).ino);
    expect(summary(await deployed())).toEqual({ added: [], changed: [], removed: [], read: 0, hashed: 0 });
  });

  it('sees a new file of the same size written within the same clock tick: the inode differs', async () => {
    await deployed();
    rewrite('profile/miu.html', '<p>ミウ</p>'.repeat(50), WHEN);
    const after = statSync(path.join(root, 'profile/miu.html'));
    expect(after.mtimeMs).toBe(WHEN.getTime());
    expect(summary(await deployed())).toEqual({ added: [], changed: ['profile/miu.html'], removed: [], read: 1, hashed: 1 });
  });

  it('trusts size and mtime after a restore of the site with its state (new inodes, same nanosecond mtimes)', async () => {
    await deployed();
    const restored = path.join(work, 'restored');
    // As the workflow's cache restore does (tar keeps nanosecond mtimes, not inodes).
    execFileSync('cp', ['-a', root, restored]);
    execFileSync('cp', ['-a', statePath, `${statePath}.restored`]);
    const state = await loadDeployState(`${statePath}.restored`, SITE);
    expect(state?.restored).toBe(true);
    const plan = await planDeploy(restored, ignored, state);
    expect(summary(plan)).toEqual({ added: [], changed: [], removed: [], read: 0, hashed: 0 });
    expect(plan.files.get('index.html')!.ino).toBe(statSync(path.join(restored, 'index.html')).ino);
  });

  it('reads (and does not hash) every copied file when only the site was copied: its own state still names the old inodes', async () => {
    await deployed();
    const copy = path.join(work, 'copy');
    execFileSync('cp', ['-a', root, copy]);
    const state = await loadDeployState(statePath, SITE);
    expect(state?.restored).toBe(false);
    expect(summary(await planDeploy(copy, ignored, state))).toEqual({ added: [], changed: [], removed: [], read: 4, hashed: 0 });
  });

  it('looks only at the paths it is given as changed: the plan equals a walk of the whole site, with only those statted', async () => {
    const first = await deployed();
    rewrite('profile/miu.html', '<p>みう（更新）</p>');
    writeFileSync(path.join(root, 'profile/sara.html'), '<p>さら</p>');
    rmSync(path.join(root, 'profile/rin.html'));
    // A build's changedFiles: what it wrote (one with the same bytes again), removed, and a dot file the deploy ignores.
    rewrite('index.html', '<h1>セラリンク</h1>');
    const only = new Set(['profile/miu.html', 'profile/sara.html', 'profile/rin.html', 'index.html', '.headers.json']);
    const state = await loadDeployState(statePath, SITE);
    const targeted = await planDeploy(root, ignored, state, { only });
    const walked = await planDeploy(root, ignored, state);
    expect(summary(targeted)).toEqual(summary(walked));
    expect(summary(targeted)).toEqual({
      added: ['profile/sara.html'],
      changed: ['profile/miu.html'],
      removed: ['profile/rin.html'],
      read: 3,
      hashed: 2,
    });
    expect(targeted.looked).toBe(only.size);
    expect(walked.looked).toBe(first.files.size);
    expect(new Map(targeted.files)).toEqual(new Map(walked.files));
  });

  it('keeps the released record of a path it is not given, whatever the file now is (the builds name every path they change)', async () => {
    await deployed();
    rewrite('profile/miu.html', '<p>みう（更新）</p>');
    const state = await loadDeployState(statePath, SITE);
    const plan = await planDeploy(root, ignored, state, { only: new Set() });
    expect(summary(plan)).toEqual({ added: [], changed: [], removed: [], read: 0, hashed: 0 });
    expect(plan.files.get('profile/miu.html')).toEqual(state!.files.get('profile/miu.html'));
    // Without a state there is nothing to keep: every file is walked and sent.
    expect((await planDeploy(root, ignored, undefined, { only: new Set() })).added).toHaveLength(4);
  });

  it('keeps no state of another site, nor an unreadable or torn file', async () => {
    await deployed();
    expect(await loadDeployState(statePath, 'demo-other')).toBeUndefined();
    const whole = readFileSync(statePath);
    writeFileSync(statePath, whole.subarray(0, whole.length - 8));
    expect(await loadDeployState(statePath, SITE)).toBeUndefined();
    writeFileSync(statePath, 'not gzip');
    expect(await loadDeployState(statePath, SITE)).toBeUndefined();
  });
});
