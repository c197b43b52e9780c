import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkExportFiles, hashExportFiles, readExportFiles } from '../../src/data/export-records';
import { PUBLIC_COLLECTIONS } from '../../src/registry/public-collections';
import { publicExport, writePublicExport } from '../factories/public-export';

// A full build's main thread checks the export this way and keeps no records (its render workers read them).
describe('checkExportFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'check-export-'));
    await writePublicExport(dir, publicExport({ therapists: 4 }));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lists the same files with the same hashes as a full read', async () => {
    const checked = await checkExportFiles(dir);
    const read = await readExportFiles(dir, { check: true });
    expect(checked).toEqual(read.files.map(({ name, file, version, hash }) => ({ name, file, version, hash })));
    expect(checked.every((file) => !('records' in file))).toBe(true);
    // What a full build names its export by before it checks the copy.
    expect(await hashExportFiles(dir)).toEqual(checked);
  });

  it('fails on a record that does not fit its public schema, naming the file and the field', async () => {
    const file = path.join(dir, PUBLIC_COLLECTIONS.therapists.file);
    const therapists = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    therapists[2] = { ...therapists[2], profileSlug: 42 };
    await writeFile(file, JSON.stringify(therapists));
    await expect(checkExportFiles(dir)).rejects.toThrow(`${PUBLIC_COLLECTIONS.therapists.file}[2]: profileSlug:`);
  });
});
