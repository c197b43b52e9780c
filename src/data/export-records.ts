/**
 * Reads the public export (scripts/export.ts writes it) at render time: one
 * JSON array per collection of src/registry/public-collections.ts, every
 * record checked against that collection's public schema. The pages used to
 * read it through astro:content collections, which a server build would
 * freeze into its bundle; reading the files lets one renderer serve every
 * export (scripts/renderer).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type ExportRecords, type PublicCollectionName } from '../registry/public-collections';

export interface ParseOptions {
  /** Check every record against its schema (false for a copy the build has checked already). */
  check?: boolean;
}

/** One collection's records from its file's text; throws naming the first record that does not fit. */
export function parseCollection<N extends PublicCollectionName>(
  name: N,
  text: string,
  { check = true }: ParseOptions = {},
): ExportRecords[N] {
  const collection = PUBLIC_COLLECTIONS[name];
  const source = collection.file;
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) throw new Error(`${source}: not a JSON array`);
  if (!check) return rows as ExportRecords[N];
  return rows.map((row, index) => {
    const result = collection.schema.safeParse(row);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.join('.') || '(record)';
      throw new Error(`${source}[${index}]: ${where}: ${issue?.message ?? 'invalid'}`);
    }
    return result.data;
  }) as ExportRecords[N];
}

/** The text of every collection file of an export folder, by collection. */
export async function readExportTexts(dir: string): Promise<Record<PublicCollectionName, string>> {
  const entries = await Promise.all(
    PUBLIC_COLLECTION_NAMES.map(async (name) => {
      const file = path.join(dir, PUBLIC_COLLECTIONS[name].file);
      try {
        return [name, await readFile(file, 'utf8')] as const;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`The export has no ${file} (run npm run export).`);
        throw error;
      }
    }),
  );
  return Object.fromEntries(entries) as Record<PublicCollectionName, string>;
}

/** Every collection's records from the files' text. */
export function parseExport(texts: Record<PublicCollectionName, string>, options: ParseOptions = {}): ExportRecords {
  return Object.fromEntries(
    PUBLIC_COLLECTION_NAMES.map((name) => [name, parseCollection(name, texts[name], options)]),
  ) as unknown as ExportRecords;
}

/** The export in `dir` (checked unless told otherwise). */
export async function readExport(dir: string, options: ParseOptions = {}): Promise<ExportRecords> {
  return parseExport(await readExportTexts(dir), options);
}
