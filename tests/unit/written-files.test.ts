import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WrittenFiles } from '../../scripts/lib/written-files';

const dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-written-files-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('WrittenFiles', () => {
  it('gives back what was written while the file is that write, once', async () => {
    const kept = new WrittenFiles<{ n: number }>();
    const file = path.join(dir, 'state.json');
    await writeFile(file, '{"n":1}');
    const value = { n: 1 };
    await kept.keep(file, value);
    expect(await kept.take(file)).toBe(value);
    // Taken out: a build that fails after changing it must read the file again.
    expect(await kept.take(file)).toBeUndefined();
  });

  it('gives nothing once someone else has written the file', async () => {
    const kept = new WrittenFiles<string>();
    const file = path.join(dir, 'mirror.json');
    await writeFile(file, 'a');
    await kept.keep(file, 'a');
    await writeFile(file, 'bb');
    expect(await kept.take(file)).toBeUndefined();
  });
});
