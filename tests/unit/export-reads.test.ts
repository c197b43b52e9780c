import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetParsedFiles, listExportFiles, readExportFiles } from '../../src/data/export-records';
import { publicExport, writePublicExport } from '../factories/public-export';

/** The reads of export files in flight, and the most there were at once. */
const reads = vi.hoisted(() => ({ inFlight: 0, most: 0, files: 0 }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const readFile = (async (...args: Parameters<typeof fs.readFile>) => {
    if (!String(args[0]).endsWith('.json')) return fs.readFile(...args);
    reads.files++;
    reads.most = Math.max(reads.most, ++reads.inFlight);
    try {
      // A read that takes a while, as a large file's does: reads started together would all be in flight here.
      await new Promise((resolve) => setTimeout(resolve, 2));
      return await fs.readFile(...args);
    } finally {
      reads.inFlight--;
    }
  }) as typeof fs.readFile;
  return { ...fs, readFile, default: { ...fs, readFile } };
});

describe('readExportFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'export-reads-'));
    await writePublicExport(dir, publicExport({ therapists: 40 }));
    forgetParsedFiles();
    Object.assign(reads, { inFlight: 0, most: 0, files: 0 });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // Read all at once, a 100,000-therapist export's files (1.2 GB) waited in a render worker's memory to be parsed.
  it('reads two files at a time, every file once, and keeps the records in the files’ order', async () => {
    const entries = await listExportFiles(dir);
    expect(entries.length).toBeGreaterThan(10);
    const { files, records } = await readExportFiles(dir, { check: true });
    expect(reads.files).toBe(entries.length);
    expect(reads.most).toBe(2);
    expect(files.map((file) => file.file)).toEqual(entries.map((entry) => entry.file));
    expect(records.therapists).toHaveLength(40);
  });
});
