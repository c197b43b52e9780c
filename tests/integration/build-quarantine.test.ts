/**
 * No record stops a build (scripts/build-site.ts, docs/decisions/quarantine.md):
 * an export holding one hostile record (outside its public shape, a page
 * that cannot render, a URL the site cannot serve) builds, in full and
 * incrementally, into exactly the site of the same export without it, and
 * the record is named in the export's report. Exports are written by hand
 * here: they stand for an export of older code, or one the export's own
 * checks let through by mistake.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildsSettled, type SiteBuild } from '../../scripts/build-site';
import { readReport, reportPathFor } from '../../scripts/export/report';
import { ROOT } from '../../scripts/lib/project';
import { filesUnder } from '../../scripts/lib/site-files';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import type { ExportRecords } from '../../src/registry/public-collections';
import type { PublicTherapist } from '../../src/schema/public';
import { blogRecord, publicExport, therapistRecord, writePublicExport } from '../factories/public-export';

const WORK = path.join(ROOT, '.build', 'quarantine-test');
const CLEAN_EXPORT = path.join(WORK, 'export-clean');
const CLEAN_SITE = path.join(WORK, 'site-clean');
const now = new Date('2026-11-22T03:00:00.000Z');

let records: ExportRecords;
let renderer: RendererBundle;
let clean: Map<string, string>;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file of a site outside the Pagefind folder and the headers file, with a hash of its bytes. */
async function siteTree(site: string): Promise<Map<string, string>> {
  const files = (await filesUnder(site)).filter((file) => !file.startsWith('pagefind/'));
  return new Map(await Promise.all(files.map(async (file) => [file, sha(await readFile(path.join(site, file)))] as const)));
}

/** Builds `exportRecords` into a new site (full), and returns the build. */
async function buildFrom(name: string, exportRecords: ExportRecords, options: { full?: boolean; outDir?: string } = {}) {
  const exportDir = path.join(WORK, `export-${name}`);
  await writePublicExport(exportDir, exportRecords);
  const outDir = options.outDir ?? path.join(WORK, `site-${name}`);
  const build = await buildSite({ exportDir, outDir, quiet: true, now, full: options.full ?? true, renderer });
  return { build, exportDir, outDir };
}

/** The left-out records of a build and of its report, as `collection/id (stage)`. */
async function namedLeftOut(build: SiteBuild, exportDir: string): Promise<{ build: string[]; report: string[] }> {
  const report = await readReport(reportPathFor(exportDir));
  return {
    build: build.leftOut.map((out) => `${out.collection}/${out.key}`),
    report: (report?.quarantined ?? []).map((entry) => `${entry.collection}/${entry.id}`),
  };
}

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  records = publicExport({ therapists: 24, today: '2026-11-22' });
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  await writePublicExport(CLEAN_EXPORT, records);
  await buildSite({ exportDir: CLEAN_EXPORT, outDir: CLEAN_SITE, quiet: true, now, full: true, renderer });
  clean = await siteTree(CLEAN_SITE);
}, 300_000);

afterAll(async () => {
  // A full build copies its spare generation after the swap: removed only once that is done.
  await buildsSettled();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

describe('a hostile record in the export', () => {
  it('outside its public shape: left out (with what it named), named in the report, the rest built as without it', async () => {
    const hostile = structuredClone(records);
    const impostor = therapistRecord(90, records.stores[0]!.id, { profileSlug: 'x' });
    (impostor as unknown as Record<string, unknown>).profileSlug = 42;
    hostile.therapists.push(impostor);
    hostile.blogs.push(blogRecord(impostor, 1));
    const { build, exportDir, outDir } = await buildFrom('shape', hostile);
    expect(build.rounds).toBe(1);
    expect(await namedLeftOut(build, exportDir)).toEqual({ build: [`therapists/${impostor.id}`], report: [`therapists/${impostor.id}`] });
    expect(build.leftOut[0]!.problems[0]!.path).toBe('profileSlug');
    expect(await siteTree(outDir)).toEqual(clean);
  });

  it('whose page cannot render: found, quarantined, the rest built as without it; the next build skips it at once', async () => {
    const hostile = structuredClone(records);
    const author = records.therapists[3]!;
    // Nested quotes as deep as a body allows: the Markdown work recursed past the stack before bodies were bounded.
    const poisoned = blogRecord(author, 9, { body: `${'>'.repeat(19_990)} こんにちは`, teaser: 'こんにちは' });
    hostile.blogs.push(poisoned);
    const exportDir = path.join(WORK, 'export-page');
    await writePublicExport(exportDir, hostile);
    const outDir = path.join(WORK, 'site-page');
    const first = await buildSite({ exportDir, outDir, quiet: true, now, full: true, renderer });
    expect(first.rounds).toBe(2);
    expect(await namedLeftOut(first, exportDir)).toEqual({ build: [`blogs/${poisoned.id}`], report: [`blogs/${poisoned.id}`] });
    expect(first.leftOut[0]).toMatchObject({
      stage: 'page',
      problems: [{ path: '(page)', message: expect.stringContaining(`/blog/${poisoned.id}`) }],
    });
    expect(await siteTree(outDir)).toEqual(clean);

    // Quarantined: the next cycle leaves it out before rendering (one round), until it changes.
    const again = await buildSite({ exportDir, outDir, quiet: true, now, renderer });
    expect(again.rounds).toBe(1);
    expect(again.leftOut.map((out) => out.key)).toEqual([poisoned.id]);
    const edited = structuredClone(hostile);
    edited.blogs = edited.blogs.map((blog) => (blog.id === poisoned.id ? { ...blog, body: `${'>'.repeat(19_991)} こんにちは` } : blog));
    await writePublicExport(exportDir, edited);
    const retried = await buildSite({ exportDir, outDir, quiet: true, now, renderer });
    expect(retried.mode).toBe('incremental');
    expect(retried.rounds).toBe(2);
    expect(retried.leftOut.map((out) => out.key)).toEqual([poisoned.id]);
    expect(await siteTree(outDir)).toEqual(clean);
  });

  it('arriving in an incremental build: the live site stays, then the build without it goes live', async () => {
    const { outDir } = await buildFrom('incremental', records);
    const hostile = structuredClone(records);
    const author = records.therapists[6]!;
    hostile.blogs.push(blogRecord(author, 8, { body: `${'- '.repeat(9_990)}x`, teaser: 'x' }));
    const exportDir = path.join(WORK, 'export-incremental');
    await writePublicExport(exportDir, hostile);
    const build = await buildSite({ exportDir, outDir, quiet: true, now, renderer });
    expect(build.mode).toBe('incremental');
    expect(build.leftOut).toHaveLength(1);
    expect(await siteTree(outDir)).toEqual(clean);
  });

  it('whose URL the site cannot serve: left out, the rest built as without it', async () => {
    const hostile = structuredClone(records);
    // An area from before the vocabulary (src/lib/areas.ts): free text, which became a URL segment.
    const author = therapistRecord(91, null, { area: 'a/b' as PublicTherapist['area'], profileSlug: 'area-test' });
    hostile.therapists.push(author);
    hostile.blogs.push(blogRecord(author, 2));
    const { build, exportDir, outDir } = await buildFrom('url', hostile);
    expect((await namedLeftOut(build, exportDir)).build).toContain(`therapists/${author.id}`);
    expect(await siteTree(outDir)).toEqual(clean);
  });
});
