import { cp, link, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropEndpointDerivations, loadDirectory, perExport, releaseLoadedExport } from '../../src/data/directory';
import { listExportFiles, readExportFile } from '../../src/data/export-records';
import { loadHandleIndex } from '../../src/data/handle-index';
import { loadNameIndex } from '../../src/data/name-index';
import { loadPeopleIndex } from '../../src/data/people-index';
import { setRenderContext, UNVERSIONED } from '../../src/data/render-context';
import { PUBLIC_COLLECTIONS } from '../../src/registry/public-collections';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { publicExport, writePublicExport } from '../factories/public-export';

const TODAY = '2026-11-22';
const MORNING = tokyoInstant(TODAY, '09:00');

describe('loadDirectory', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'load-directory-'));
    await writePublicExport(dir, publicExport({ therapists: 3, today: TODAY }));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // Each page of a build asks for it: read and indexed once per export, not once per page.
  it('indexes an export version once, however many pages ask at once or later', async () => {
    setRenderContext({ exportDir: dir, version: `v1-${Date.now()}`, now: MORNING });
    const [first, ...others] = await Promise.all(Array.from({ length: 8 }, () => loadDirectory()));
    for (const other of others) expect(other).toBe(first);
    expect(await loadDirectory()).toBe(first);
  });

  it('reads the export again for a new version and on a new Tokyo day', async () => {
    const version = `v2-${Date.now()}`;
    setRenderContext({ exportDir: dir, version, now: MORNING });
    const before = await loadDirectory();
    expect(before.therapists).toHaveLength(3);

    await writePublicExport(dir, publicExport({ therapists: 5, today: TODAY }));
    setRenderContext({ exportDir: dir, version, now: tokyoInstant(TODAY, '23:59') });
    expect(await loadDirectory()).toBe(before);
    setRenderContext({ exportDir: dir, version, now: tokyoInstant('2026-11-23', '00:00') });
    const nextDay = await loadDirectory();
    expect(nextDay).not.toBe(before);
    expect(nextDay.therapists).toHaveLength(5);
    setRenderContext({ exportDir: dir, version: `${version}-b`, now: tokyoInstant('2026-11-23', '00:00') });
    expect(await loadDirectory()).not.toBe(nextDay);
  });

  // `astro dev` reads EXPORT_DIR without a version: an edited export shows on the next request.
  it('without a version, keeps the directory until a file of the export changes', async () => {
    setRenderContext({ exportDir: dir, version: UNVERSIONED, now: MORNING });
    const first = await loadDirectory();
    expect(await loadDirectory()).toBe(first);

    const data = publicExport({ therapists: 4, today: TODAY });
    await writeFile(path.join(dir, PUBLIC_COLLECTIONS.therapists.file), `${JSON.stringify(data.therapists)}\n`);
    const edited = await loadDirectory();
    expect(edited).not.toBe(first);
    expect(edited.therapists).toHaveLength(4);
    expect(await loadDirectory()).toBe(edited);
  });

  // A full build renders the JSON endpoints first, then drops their indexes for the rest of its pages.
  it('drops what only the JSON endpoints read, and derives it again when asked, keeping the rest', async () => {
    setRenderContext({ exportDir: dir, version: `v3-${Date.now()}`, now: MORNING });
    const pageData = perExport((site) => ({ therapists: site.therapists.length }));
    const loaders = [loadHandleIndex, loadNameIndex, loadPeopleIndex];
    const before = await Promise.all(loaders.map((load) => load()));
    const kept = await pageData();
    for (const [i, load] of loaders.entries()) expect(await load()).toBe(before[i]);

    await dropEndpointDerivations();
    const after = await Promise.all(loaders.map((load) => load()));
    for (const [i, index] of after.entries()) {
      expect(index).not.toBe(before[i]);
      expect(index).toEqual(before[i]);
    }
    expect(await pageData()).toBe(kept);
  });

  // A full build's worker goes from the whole export to a slice that links some of its files (src/data/owner-slices.ts).
  it('lets go of the loaded export, keeping parsed only the files the next export shares with it', async () => {
    setRenderContext({ exportDir: dir, version: `v4-${Date.now()}`, now: MORNING });
    const whole = await loadDirectory();
    const slice = await mkdtemp(path.join(tmpdir(), 'load-directory-slice-'));
    try {
      await cp(dir, slice, { recursive: true });
      const shared = PUBLIC_COLLECTIONS.therapists.file;
      await rm(path.join(slice, shared));
      await link(path.join(dir, shared), path.join(slice, shared));

      await releaseLoadedExport(slice);
      // What the slice does not share is forgotten before the slice is read: the whole export's stores parse again.
      const stores = (await listExportFiles(dir)).find((entry) => entry.name === 'stores')!;
      const storesAgain = await readExportFile(dir, stores, { check: false });
      expect(storesAgain.records).not.toBe(whole.stores);
      expect(storesAgain.records).toEqual(whole.stores);
      setRenderContext({ exportDir: slice, version: `v4-slice-${Date.now()}`, now: MORNING });
      const next = await loadDirectory();
      expect(next).not.toBe(whole);
      // The linked file's records are the ones parsed before.
      expect(next.therapists).toBe(whole.therapists);

      // Released without a next export, nothing stays parsed.
      await releaseLoadedExport();
      setRenderContext({ exportDir: slice, version: `v4-again-${Date.now()}`, now: MORNING });
      expect((await loadDirectory()).therapists).not.toBe(next.therapists);
    } finally {
      await rm(slice, { recursive: true, force: true });
    }
  });
});
