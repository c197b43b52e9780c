/**
 * The export's derivation step: every public collection's records made
 * from the validated source documents, each by its registry entry's
 * `derive` (src/registry/public-collections.ts; the allow-list itself is
 * src/registry/derive.ts). The profiles come first, since every other
 * record is owned by one; then each collection, its records in key order.
 */
import type { PhotoUrlBase } from '../../src/lib/photo-url';
import { profilesOf, type Derivation, type LeftOutLog } from '../../src/registry/derive';
import {
  PROFILE_COLLECTIONS,
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import type { SourceDocs } from '../../src/registry/source-collections';

export interface PublicExportOptions {
  /** Where picture URLs point (the project's bucket, or the Storage emulator). */
  photoBase: PhotoUrlBase;
  /** The export's clock, for the slug hold and scheduled diaries. */
  now?: Date;
  /** Receives documents left out for a reason found only here (a duplicate slug). */
  log?: LeftOutLog;
}

/** One collection's records, by its entry's derivation, in key order. */
function deriveCollection(name: PublicCollectionName, derivation: Derivation): unknown[] {
  const { derive, key } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  const records =
    typeof derive === 'function'
      ? derive(derivation)
      : [...(derivation.source[derive.from] as Map<string, never>)].flatMap(([id, doc]) => derive.record(id, doc, derivation) ?? []);
  const keyed = records.map((record) => [key(record), record] as const);
  return keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, record]) => record);
}

/** The public export of `source`: shifts from `firstShiftDate` on. */
export function toPublicExport(source: SourceDocs, firstShiftDate: string, options: PublicExportOptions): ExportRecords {
  const made: Partial<Record<PublicCollectionName, unknown[]>> = {};
  const now = options.now ?? new Date();
  /** What a derivation reads, with the profiles made so far. */
  const derivation = (): Derivation => {
    const profiles = profilesOf(made as Partial<ExportRecords>);
    return { source, profiles, ownerKindOf: profiles.ownerKindOf, firstShiftDate, now, photoBase: options.photoBase, log: options.log };
  };
  for (const name of PROFILE_COLLECTIONS) made[name] = deriveCollection(name, derivation());
  const withProfiles = derivation();
  for (const name of PUBLIC_COLLECTION_NAMES) made[name] ??= deriveCollection(name, withProfiles);
  return Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, made[name]])) as unknown as ExportRecords;
}
