import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenExport } from '../../scripts/lib/screen-export';
import { bytesHash, checkExportFiles, hashExportFiles, readExportFiles } from '../../src/data/export-records';
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

  it('checks a file again unless the screen judged exactly its bytes', async () => {
    const file = path.join(dir, PUBLIC_COLLECTIONS.therapists.file);
    const judgedBefore = new Map([[PUBLIC_COLLECTIONS.therapists.file, bytesHash(await readFile(file))]]);
    const therapists = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    therapists[2] = { ...therapists[2], profileSlug: 42 };
    await writeFile(file, JSON.stringify(therapists));
    // Judged before it changed: checked, and refused.
    await expect(checkExportFiles(dir, judgedBefore)).rejects.toThrow(`${PUBLIC_COLLECTIONS.therapists.file}[2]: profileSlug:`);
    // These very bytes named as judged (by the screen, under its path): not parsed a second time.
    const judgedNow = new Map([[PUBLIC_COLLECTIONS.therapists.file, bytesHash(await readFile(file))]]);
    expect((await checkExportFiles(dir, judgedNow)).map((checked) => checked.file)).toContain(PUBLIC_COLLECTIONS.therapists.file);
    // The same bytes judged under another file's path prove nothing about this one.
    const elsewhere = new Map([[PUBLIC_COLLECTIONS.stores.file, judgedNow.get(PUBLIC_COLLECTIONS.therapists.file)!]]);
    await expect(checkExportFiles(dir, elsewhere)).rejects.toThrow(`${PUBLIC_COLLECTIONS.therapists.file}[2]:`);
  });

  it("an incremental build's read takes the same word: checked files by path and bytes", async () => {
    const file = path.join(dir, PUBLIC_COLLECTIONS.therapists.file);
    const therapists = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    therapists[2] = { ...therapists[2], profileSlug: 43 };
    await writeFile(file, JSON.stringify(therapists));
    const hash = bytesHash(await readFile(file));
    // Named under another path: checked, and refused.
    await expect(readExportFiles(dir, { check: true, checked: new Map([[PUBLIC_COLLECTIONS.stores.file, hash]]) })).rejects.toThrow(
      `${PUBLIC_COLLECTIONS.therapists.file}[2]: profileSlug:`,
    );
    // Named under its own path: read without a second check.
    const read = await readExportFiles(dir, { check: true, checked: new Map([[PUBLIC_COLLECTIONS.therapists.file, hash]]) });
    expect(read.records.therapists[2]!.profileSlug).toBe(43);
  });
});

// What a build reads before anything renders (docs/decisions/quarantine.md): each file judged once per version and code.
describe('screenExport', () => {
  let dir: string;
  let stateDir: string;
  const therapistsFile = PUBLIC_COLLECTIONS.therapists.file;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'screen-export-'));
    stateDir = path.join(dir, 'state');
    await writePublicExport(path.join(dir, 'export'), publicExport({ therapists: 4 }));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function breakTherapist(): Promise<string> {
    const file = path.join(dir, 'export', therapistsFile);
    const therapists = JSON.parse(await readFile(file, 'utf8')) as { id: string; profileSlug: unknown }[];
    therapists[1]!.profileSlug = 42;
    await writeFile(file, JSON.stringify(therapists));
    return therapists[1]!.id;
  }

  it('names each wholly valid file with the hash of the bytes it judged, and not a file it left a record of out', async () => {
    const exportDir = path.join(dir, 'export');
    const whole = await screenExport(exportDir, stateDir, [], 'code-1');
    expect(whole.dir).toBe(exportDir);
    const hashed = await hashExportFiles(exportDir);
    expect(whole.judged).toEqual(new Map(hashed.map((file) => [file.file, file.hash])));

    const broken = await breakTherapist();
    const screened = await screenExport(exportDir, stateDir, [], 'code-1');
    expect(screened.leftOut.map((out) => out.key)).toEqual([broken]);
    expect(screened.dir).not.toBe(exportDir);
    expect(screened.judged.has(therapistsFile)).toBe(false);
    expect(screened.judged.size).toBe(hashed.length - 1);
  });

  it("keeps a file's verdict for the code that gave it: other code judges the file again", async () => {
    const exportDir = path.join(dir, 'export');
    const broken = await breakTherapist();
    await screenExport(exportDir, stateDir, [], 'old-code');
    // Older code whose schema let the record through would have kept this verdict: nothing rejected.
    const verdictsFile = path.join(stateDir, 'screen-verdicts.json');
    const saved = JSON.parse(await readFile(verdictsFile, 'utf8')) as { files: Record<string, { rejected: unknown[] }> };
    saved.files[therapistsFile]!.rejected = [];
    await writeFile(verdictsFile, JSON.stringify(saved));
    expect((await screenExport(exportDir, stateDir, [], 'old-code')).leftOut).toEqual([]);
    // The code of this build judges it itself.
    expect((await screenExport(exportDir, stateDir, [], 'new-code')).leftOut.map((out) => out.key)).toEqual([broken]);
  });
});
