/**
 * Which records to blame when pages of a build fail (docs/decisions/quarantine.md).
 * The build collects its failures (a URL that is no site path, a page that
 * answers an error, a listing that throws) instead of stopping at the first,
 * and throws them together as PageFailures before anything goes live. The
 * records to blame are then found by leaving records out and asking the
 * renderer again (scripts/lib/find-culprits.ts): first the records whose
 * pages failed (src/registry/public-collections.ts `pages`), most specific
 * first, then by halving. They go into quarantine (./quarantine.ts) and
 * the build runs again without them.
 */
import path from 'node:path';
import { indexExport, type Directory } from '../../src/data/directory';
import { readExportFiles } from '../../src/data/export-records';
import {
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import { findCulprits } from './find-culprits';
import { recordFingerprint, writeExportWithout, type Exclusion } from './screen-export';

/** What failed in a build: URL (or `(listing)` when listing the URLs threw) → why. */
export type FailedPages = ReadonlyMap<string, string>;

/** A build's failed pages, thrown together before the swap (the live site stays as it was). */
export class PageFailures extends Error {
  constructor(readonly failures: FailedPages) {
    super(`Pages failed: ${summaryOf(failures)}`);
  }
}

/** The failures as one line, in URL order: two probes failing the same way give the same line. */
export function summaryOf(failures: FailedPages): string {
  return [...failures]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([url, message]) => `${url}: ${message}`)
    .join('; ');
}

/** Runs the renderer on the export in `dir`: what fails among `urls` (and in the listing). */
export type PageProbe = (dir: string, urls: readonly string[]) => Promise<FailedPages>;

type RecordKey = `${PublicCollectionName}/${string}`;

/**
 * The quarantine entries of the records to blame for `failed`, in the
 * export in `exportDir` (the screened one the build read). `scratch`: a
 * folder for the probes' exports.
 */
export async function pageCulprits(failed: PageFailures, exportDir: string, scratch: string, probe: PageProbe): Promise<Exclusion[]> {
  const { files, records: exported } = await readExportFiles(exportDir, { check: false });
  const records = new Map<RecordKey, { collection: PublicCollectionName; key: string; file: string; record: unknown }>();
  for (const file of files) {
    const { key } = PUBLIC_COLLECTIONS[file.name] as PublicCollection<unknown>;
    for (const record of file.records)
      records.set(`${file.name}/${key(record)}`, { collection: file.name, key: key(record), file: file.file, record });
  }
  const urls = [...failed.failures.keys()].filter((url) => url !== '(listing)');
  const guesses = urls.length > 0 ? pageOwners(new Set(urls), indexExport(exported)) : [];

  let probes = 0;
  const culprits = await findCulprits<RecordKey>(
    {
      candidates: [...records.keys()],
      guesses,
      fails: async (without) => {
        const dir = path.join(scratch, `probe-${++probes}`);
        await writeExportWithout(
          exportDir,
          dir,
          [...without].map((key) => records.get(key)!),
        );
        const failures = await probe(dir, urls);
        return failures.size > 0 ? summaryOf(failures) : null;
      },
    },
    summaryOf(failed.failures),
  );
  return culprits.map(({ item, message }) => {
    const { collection, key, file, record } = records.get(item)!;
    return {
      collection,
      key,
      file,
      fingerprint: recordFingerprint(record),
      problems: [{ path: '(page)', message: message.slice(0, 300) }],
    };
  });
}

/** The records whose own pages include one of `urls`, those with the fewest pages (the most specific) first. */
function pageOwners(urls: ReadonlySet<string>, site: Directory): RecordKey[] {
  const owners: { key: RecordKey; pages: number }[] = [];
  for (const name of PUBLIC_COLLECTION_NAMES) {
    const collection = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
    for (const record of site[name] as unknown[]) {
      const pages = collection.pages(record, site);
      if (pages.some((url) => urls.has(url))) owners.push({ key: `${name}/${collection.key(record)}`, pages: pages.length });
    }
  }
  return owners.sort((a, b) => a.pages - b.pages).map((owner) => owner.key);
}
