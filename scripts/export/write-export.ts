/**
 * Writes the export folder all at once: files go to a sibling temporary
 * folder, are checked against the public schemas, and only then replace
 * the old export. A failure leaves the previous export as it was.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodTypeAny } from 'zod';
import {
  EXPORT_FILES,
  exportMeta,
  publicFrozenAccount,
  publicShift,
  publicStore,
  publicTherapist,
  type ExportMeta,
} from '../../src/schema/public';
import { replaceDir } from '../lib/replace-dir';
import type { PublicExport } from './public-records';

function checked(name: string, records: unknown[], schema: ZodTypeAny) {
  records.forEach((record, index) => {
    const result = schema.safeParse(record);
    if (!result.success) throw new Error(`Export record ${name}[${index}] is not public-shaped: ${result.error.message}`);
  });
  return records;
}

export async function writeExport(dir: string, data: PublicExport, meta: ExportMeta): Promise<void> {
  const target = path.resolve(dir);
  const staging = `${target}.tmp-${process.pid}`;
  const files: [string, unknown][] = [
    [EXPORT_FILES.therapists, checked('therapists', data.therapists, publicTherapist)],
    [EXPORT_FILES.stores, checked('stores', data.stores, publicStore)],
    [EXPORT_FILES.frozenAccounts, checked('frozenAccounts', data.frozenAccounts, publicFrozenAccount)],
    [EXPORT_FILES.shifts, checked('shifts', data.shifts, publicShift)],
    [EXPORT_FILES.meta, exportMeta.parse(meta)],
  ];
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    for (const [file, content] of files) await writeFile(path.join(staging, file), `${JSON.stringify(content)}\n`);
    await replaceDir(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
