import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blogBody } from '../../src/data/blog-bodies';
import { readListedExport } from '../../src/data/export-records';
import { setRenderContext, UNVERSIONED } from '../../src/data/render-context';
import type { ExportRecords } from '../../src/registry/public-collections';
import { publicExport, writePublicExport } from '../factories/public-export';

// The pages' directory lists every diary without its body (most of the export at scale); its page reads the body.
describe('listed blogs and their bodies', () => {
  let dir: string;
  let records: ExportRecords;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'blog-bodies-'));
    records = publicExport({ therapists: 12 });
    await writePublicExport(dir, records);
    setRenderContext({ exportDir: dir, version: UNVERSIONED, now: new Date('2026-11-22T03:00:00Z') });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lists each blog without its body, with the teaser the export worked out for its cards', async () => {
    const listed = await readListedExport(dir, { check: true });
    expect(listed.blogs.length).toBeGreaterThan(3);
    const full = new Map(records.blogs.map((blog) => [blog.id, blog]));
    for (const blog of listed.blogs) {
      expect(blog).not.toHaveProperty('body');
      expect(blog.teaser).toBe(full.get(blog.id)!.teaser);
      expect(blog.teaser.length).toBeGreaterThan(0);
    }
  });

  it("reads a blog's body from its author's shard of the export, and again once that file changes", async () => {
    const [first, second] = (await readListedExport(dir)).blogs;
    const body = (id: string) => records.blogs.find((blog) => blog.id === id)!.body;
    expect(await blogBody(first!)).toBe(body(first!.id));
    expect(await blogBody(second!)).toBe(body(second!.id));

    records.blogs = records.blogs.map((blog) => (blog.id === first!.id ? { ...blog, body: '書き直した本文です。' } : blog));
    await writePublicExport(dir, records);
    expect(await blogBody(first!)).toBe('書き直した本文です。');
  });

  it("under the renderer's export version, reads a shard again when the version changes", async () => {
    const [first] = (await readListedExport(dir)).blogs;
    setRenderContext({ exportDir: dir, version: 'v1', now: new Date('2026-11-22T03:00:00Z') });
    expect(await blogBody(first!)).toBe(records.blogs.find((blog) => blog.id === first!.id)!.body);

    records.blogs = records.blogs.map((blog) => (blog.id === first!.id ? { ...blog, body: '新しい版の本文です。' } : blog));
    await writePublicExport(dir, records);
    setRenderContext({ exportDir: dir, version: 'v2', now: new Date('2026-11-22T03:00:00Z') });
    expect(await blogBody(first!)).toBe('新しい版の本文です。');
  });

  it('fails loudly for a blog the export does not hold, rather than render an empty page', async () => {
    const [blog] = (await readListedExport(dir)).blogs;
    await expect(blogBody({ ...blog!, id: `${blog!.id}-gone` })).rejects.toThrow(/no body for blog/);
  });
});
