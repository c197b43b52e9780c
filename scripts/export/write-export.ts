/**
 * Writes the export folder all at once: files go to a sibling temporary
 * folder and only then replace the old export. A failure leaves the
 * previous export as it was.
 *
 * Every record is checked against its public schema first; one that does
 * not fit is left out and logged (with whatever names it: a dropped
 * profile takes its handles, shifts and redirects along, a dropped store
 * is no longer named by its members), never allowed to stop the export.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import { EXPORT_FILES, exportMeta, type ExportMeta } from '../../src/schema/public';
import { replaceDir } from '../lib/replace-dir';
import { keepPublicTherapists } from '../ranking/public';
import { problemsOf, SkipLog } from './report';

/** The records of a collection that fit its public schema (src/registry/public-collections.ts); the others are logged. */
function publicShaped<N extends PublicCollectionName>(name: N, records: ExportRecords[N], log: SkipLog): ExportRecords[N] {
  const { schema, key } = PUBLIC_COLLECTIONS[name] as PublicCollection<ExportRecords[N][number]>;
  return (records as ExportRecords[N][number][]).filter((record) => {
    const result = schema.safeParse(record);
    if (!result.success) log.skip(name, String(key(record)), problemsOf(result.error.issues), 'public');
    return result.success;
  }) as ExportRecords[N];
}

/** The export with every record that fails its public shape (and what depends on it) left out. */
export function checkPublicShapes(data: ExportRecords, log: SkipLog = new SkipLog()): ExportRecords {
  const stores = publicShaped('stores', data.stores, log);
  const storeIds = new Set(stores.map((s) => s.id));
  const therapists = publicShaped('therapists', data.therapists, log).map((t) =>
    t.storeId && !storeIds.has(t.storeId) ? { ...t, storeId: null } : t,
  );
  const therapistById = new Map(therapists.map((t) => [t.id, t]));
  const owners = new Set([...therapistById.keys(), ...storeIds]);
  const frozenAccounts = publicShaped('frozenAccounts', data.frozenAccounts, log).filter((f) => owners.has(f.userId));
  const shifts = publicShaped('shifts', data.shifts, log)
    .filter((s) => therapistById.has(s.userId))
    .map((s) => (s.storeId && therapistById.get(s.userId)!.storeId !== s.storeId ? { ...s, storeId: null } : s));
  const slugs = { therapist: new Set(therapists.map((t) => t.profileSlug)), store: new Set(stores.map((s) => s.profileSlug)) };
  const redirects = publicShaped('redirects', data.redirects, log).filter((r) => slugs[r.kind].has(r.to));
  const blogs = publicShaped('blogs', data.blogs, log).filter((b) => owners.has(b.userId));
  const posts = publicShaped('posts', data.posts, log).filter((p) => owners.has(p.userId));
  const rankings = keepPublicTherapists(publicShaped('rankings', data.rankings, log), (uid) => therapistById.get(uid)?.area);
  return { therapists, stores, frozenAccounts, shifts, redirects, blogs, posts, rankings };
}

export const countsOf = (data: ExportRecords): Record<string, number> =>
  Object.fromEntries(Object.entries(data).map(([name, records]) => [name, (records as unknown[]).length]));

/** The export's data files as written (meta.json aside), in one place so a run can tell whether anything changed. */
function dataFiles(checked: ExportRecords): [string, string][] {
  return PUBLIC_COLLECTION_NAMES.map((name) => [PUBLIC_COLLECTIONS[name].file, `${JSON.stringify(checked[name])}\n`]);
}

async function sameAsOnDisk(dir: string, files: [string, string][]): Promise<boolean> {
  try {
    await readFile(path.join(dir, EXPORT_FILES.meta));
    const onDisk = await Promise.all(files.map(([file]) => readFile(path.join(dir, file), 'utf8')));
    return files.every(([, text], i) => onDisk[i] === text);
  } catch {
    return false;
  }
}

/**
 * Checks `data` against the public shapes (leaving out, and logging, what
 * does not fit), then writes it and `meta` (counts filled in) into `dir`,
 * replacing it at once, unless every data file is already exactly so: then
 * nothing is written (`changed: false`) and whatever is built from the
 * export has nothing to do. Returns the records per file.
 */
export async function writeExport(
  dir: string,
  data: ExportRecords,
  meta: Omit<ExportMeta, 'counts'>,
  log: SkipLog = new SkipLog(),
): Promise<{ counts: Record<string, number>; changed: boolean }> {
  const checked = checkPublicShapes(data, log);
  const counts = countsOf(checked);
  const target = path.resolve(dir);
  const files = dataFiles(checked);
  if (await sameAsOnDisk(target, files)) return { counts, changed: false };
  const staging = `${target}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    for (const [file, text] of files) await writeFile(path.join(staging, file), text);
    await writeFile(path.join(staging, EXPORT_FILES.meta), `${JSON.stringify(exportMeta.parse({ ...meta, counts }))}\n`);
    await replaceDir(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { counts, changed: true };
}
