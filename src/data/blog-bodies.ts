/**
 * Diary bodies, read from the export when a page shows one. The pages'
 * directory lists every diary without its body (ListedBlog,
 * src/data/export-records.ts): at 100,000 therapists the bodies are most of
 * the export's 0.9 GB, and each render worker held them all for the one
 * page per diary that shows it. A body is read from its author's shard file
 * of the render context's export (src/lib/export-shards.ts); the few
 * shards read last are kept parsed, and a full build renders the diaries in
 * shard order (the export's), so each shard is parsed about once per worker.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { authorShard, shardFileName } from '../lib/export-shards';
import { PUBLIC_COLLECTIONS } from '../registry/public-collections';
import type { ListedBlog, PublicBlog } from '../schema/public';
import { fileVersion } from './export-records';
import { renderContext, UNVERSIONED } from './render-context';

/** Shards kept parsed (by export or file version, bodiesOf): two workers each render diaries of one shard at a time, a few at the seams. */
const KEPT = 4;
const shards = new Map<string, Promise<Map<string, string>>>();

/**
 * A shard's bodies. The renderer names its export by version, so a shard is
 * known by that and its path without a stat per page; outside it (`astro
 * dev`) the file's own version tells an edited export.
 */
async function bodiesOf(file: string): Promise<Map<string, string>> {
  const { version } = renderContext();
  const key = `${file}\n${version === UNVERSIONED ? fileVersion(await stat(file)) : version}`;
  let bodies = shards.get(key);
  if (!bodies) {
    bodies = readFile(file, 'utf8').then((text) => new Map((JSON.parse(text) as PublicBlog[]).map((blog) => [blog.id, blog.body])));
    shards.set(key, bodies);
    // A failed read is not kept: the next page tries again.
    bodies.catch(() => shards.delete(key));
    for (const old of shards.keys()) if (shards.size > KEPT) shards.delete(old);
  }
  return bodies;
}

/** The Markdown body of a listed blog, from the export the pages are rendered from. */
export async function blogBody(blog: ListedBlog): Promise<string> {
  const file = path.join(renderContext().exportDir, PUBLIC_COLLECTIONS.blogs.file, shardFileName(authorShard(blog.userId)));
  const body = (await bodiesOf(file)).get(blog.id);
  if (body === undefined) throw new Error(`The export has no body for blog ${blog.id} in ${file}.`);
  return body;
}
