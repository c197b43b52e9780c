/**
 * What a new export changes on the site: the records that differ from the
 * export the served site was rendered from, and the URLs of the pages that
 * show them (src/registry/public-collections.ts for pages of one record,
 * src/data/site-pages.ts for lists and the pages that show the clock).
 * Pure: scripts/build-site.ts renders what this names.
 */
import type { Directory } from '../../src/data/directory';
import {
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import { CLOCK_PAGES, LIST_PAGES, type ListPages } from '../../src/data/site-pages';
import { jsonDigest } from './json-digest';

/** Records of one collection whose version differs: the old versions (changed or removed) and the new (changed or added). */
export interface CollectionChange {
  before: unknown[];
  after: unknown[];
}

export type ExportChanges = Partial<Record<PublicCollectionName, CollectionChange>>;

const collectionOf = (name: PublicCollectionName) => PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;

/** The records that differ between two exports, by collection (collections without a difference are absent). */
export function diffExports(before: ExportRecords, after: ExportRecords): ExportChanges {
  const changes: ExportChanges = {};
  for (const name of PUBLIC_COLLECTION_NAMES) {
    // The build hands over a collection whose file did not change as the same array.
    if (before[name] === after[name]) continue;
    const { key } = collectionOf(name);
    const old = new Map<string, string>((before[name] as unknown[]).map((record) => [key(record), JSON.stringify(record)]));
    const change: CollectionChange = { before: [], after: [] };
    const seen = new Set<string>();
    for (const record of after[name] as unknown[]) {
      const id = key(record);
      seen.add(id);
      const previous = old.get(id);
      if (previous === JSON.stringify(record)) continue;
      change.after.push(record);
      if (previous !== undefined) change.before.push(JSON.parse(previous));
    }
    for (const record of before[name] as unknown[]) if (!seen.has(key(record))) change.before.push(record);
    if (change.before.length > 0 || change.after.length > 0) changes[name] = change;
  }
  return changes;
}

/**
 * The URLs whose pages may differ between the two exports: the pages of
 * every changed record in both versions, the list pages whose input
 * changed, and the pages that show the clock. Some may no longer exist in
 * the new export (the build removes those); pages that are new to the site
 * are rendered regardless.
 */
export function affectedUrls(before: Directory, after: Directory, changes: ExportChanges): Set<string> {
  const urls = new Set<string>(CLOCK_PAGES);
  for (const name of Object.keys(changes) as PublicCollectionName[]) {
    const { pages } = collectionOf(name);
    for (const record of changes[name]!.before) for (const url of pages(record, before)) urls.add(url);
    for (const record of changes[name]!.after) for (const url of pages(record, after)) urls.add(url);
  }
  for (const list of LIST_PAGES) {
    if (!list.shows.some((name) => changes[name])) continue;
    if ('changedPages' in list) {
      for (const url of list.changedPages(before, after)) urls.add(url);
      continue;
    }
    const old = listInputs(list, before);
    for (const [url, input] of listInputs(list, after)) if (old.get(url) !== input) urls.add(url);
  }
  return urls;
}

/**
 * Works out ahead of a diff what affectedUrls compares of `before`, the export the live site was rendered from:
 * its list pages' input digests (a read-ahead after a full build, scripts/build-site.ts; 0.6 s of the first
 * save's build at 10,000 therapists, a slow hour). A cycle's "after" holds only the lists its change touched.
 */
export function prepareDiffFrom(before: Directory): void {
  for (const list of LIST_PAGES) if (!('changedPages' in list)) listInputs(list, before);
}

type InputPages = Extract<ListPages, { pages: unknown }>;
/**
 * Each list's pages and the digests of their inputs per export: this cycle's "after" is the next one's
 * "before". Digests, not the inputs' JSON: a publisher keeps them from one cycle to the next, and the JSON of
 * every list page of an export is about 14 MB at 10,000 therapists (the frozen-account lists' chiefly).
 */
const inputsOf = new WeakMap<Directory, Map<InputPages, Map<string, string>>>();
function listInputs(list: InputPages, site: Directory): Map<string, string> {
  let lists = inputsOf.get(site);
  if (!lists) inputsOf.set(site, (lists = new Map()));
  let inputs = lists.get(list);
  if (!inputs) lists.set(list, (inputs = new Map(list.pages(site).map((page) => [page.url, jsonDigest(page.input)]))));
  return inputs;
}
