/**
 * The export's data files: every record checked against its public schema
 * first, one that does not fit left out and logged (with what depends on
 * it: each registry entry's `keep`), never allowed to stop the export; then
 * the collections kept whole, one file each. The diaries and posts are
 * files per author shard (./content-shards.ts); ./export-writer.ts writes
 * them all.
 */
import { authorShard, shardFileName } from '../../src/lib/export-shards';
import { profilesOf, type Profiles } from '../../src/registry/derive';
import {
  PROFILE_COLLECTIONS,
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import { digestOf } from './export-writer';
import { problemsOf, SkipLog, type Problem } from './report';

/**
 * Each collection's last verdicts by the digest of a record's text: a cycle
 * re-checks only the records that changed (a schema check of 60,000 records
 * costs more than serialising them). Replaced on every call, so it holds
 * one export's worth of digests (the texts themselves were 140 MB of JSON
 * at 100,000 therapists).
 */
const verdicts = new Map<PublicCollectionName, Map<string, Problem[] | null>>();

/** The records of a collection that fit its public schema (src/registry/public-collections.ts); the others are logged. */
function publicShaped<N extends PublicCollectionName>(name: N, records: ExportRecords[N], log: SkipLog): ExportRecords[N] {
  const { schema, key } = PUBLIC_COLLECTIONS[name] as PublicCollection<ExportRecords[N][number]>;
  const known = verdicts.get(name);
  const now = new Map<string, Problem[] | null>();
  const kept = (records as ExportRecords[N][number][]).filter((record) => {
    const digest = digestOf(JSON.stringify(record));
    let problems = known?.get(digest);
    if (problems === undefined) {
      const result = schema.safeParse(record);
      problems = result.success ? null : problemsOf(result.error.issues);
    }
    now.set(digest, problems);
    if (problems) log.skip(name, String(key(record)), problems, 'public');
    return problems === null;
  }) as ExportRecords[N];
  verdicts.set(name, now);
  return kept;
}

/** The records that stay of a collection whose shape passed, given the profiles that passed (its entry's `keep`). */
function keptOf(name: PublicCollectionName, records: readonly unknown[], kept: Profiles): unknown[] {
  const { keep } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  return keep ? records.flatMap((record) => keep(record, kept) ?? []) : [...records];
}

/**
 * The export with every record that fails its public shape left out, and
 * what depends on it (each entry's `keep`: a dropped profile takes its
 * handles, shifts, diaries and redirects along, a dropped store is no
 * longer named by its members). The profiles go first, stores then
 * therapists, each kept against those before it.
 */
export function checkPublicShapes(data: ExportRecords, log: SkipLog = new SkipLog()): ExportRecords {
  const checked: Partial<Record<PublicCollectionName, unknown[]>> = {};
  const profiles = () => profilesOf(checked as Partial<ExportRecords>);
  for (const name of PROFILE_COLLECTIONS) checked[name] = keptOf(name, publicShaped(name, data[name], log), profiles());
  const kept = profiles();
  for (const name of PUBLIC_COLLECTION_NAMES) checked[name] ??= keptOf(name, publicShaped(name, data[name], log), kept);
  return Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, checked[name]])) as unknown as ExportRecords;
}

export const countsOf = (data: ExportRecords): Record<string, number> =>
  Object.fromEntries(Object.entries(data).map(([name, records]) => [name, (records as unknown[]).length]));

/** A data file of the export: its path in the folder and its text. */
export interface DataFile {
  file: string;
  text: string;
}

/** The files of the collections kept whole, one at a time (the sharded ones come from ./content-shards.ts). */
export function* wholeFiles(checked: ExportRecords): Generator<DataFile> {
  for (const name of PUBLIC_COLLECTION_NAMES) {
    if (PUBLIC_COLLECTIONS[name].shardBy) continue;
    yield { file: PUBLIC_COLLECTIONS[name].file, text: `${JSON.stringify(checked[name])}\n` };
  }
}

/** Every data file of an export holding `records` (sharded collections grouped by author shard, in the given order). */
export function exportDataFiles(records: ExportRecords): DataFile[] {
  const shards: DataFile[] = [];
  for (const name of PUBLIC_COLLECTION_NAMES) {
    const { file, shardBy } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
    if (!shardBy) continue;
    const groups = new Map<string, unknown[]>();
    for (const record of records[name] as unknown[]) {
      const shard = authorShard(shardBy(record));
      if (!groups.has(shard)) groups.set(shard, []);
      groups.get(shard)!.push(record);
    }
    for (const [shard, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1)))
      shards.push({ file: `${file}/${shardFileName(shard)}`, text: `${JSON.stringify(group)}\n` });
  }
  return [...wholeFiles(records), ...shards];
}
