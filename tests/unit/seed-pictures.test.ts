import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOTIFS, MOTIF_NAMES, frameOf, seasonOfMonth, type PictureRef } from '../../scripts/seed/pictures/motifs';
import { withReferences } from '../../scripts/seed/pictures/choose';
import { PictureSet, pictureSvg, renderPicture } from '../../scripts/seed/pictures/render';
import { pictureTarget } from '../../scripts/seed/pictures/upload';
import { AVATAR_MAX_SIDE, MAX_AVATAR_BYTES } from '../../src/lib/avatar/limits';
import { CONTENT_IMAGE_MAX_SIDE, MAX_CONTENT_IMAGE_BYTES } from '../../src/lib/blogs/limits';

/** Every variant of every motif as a blog picture, and the store motifs as store photos. */
const BLOG_REFS: PictureRef[] = MOTIF_NAMES.flatMap((motif) =>
  MOTIFS[motif].variants.map((_, variant) => ({ motif, variant, use: 'blog' as const })),
);
const STORE_REFS: PictureRef[] = (['storefront', 'reception', 'room'] as const).flatMap((motif) =>
  MOTIFS[motif].variants.map((_, variant) => ({ motif, variant, use: 'store' as const })),
);

describe('the seed’s drawn pictures', () => {
  // Drawn all at once (sharp works on several cores), then checked one by one.
  const rendered = new Map<PictureRef, Buffer>();
  beforeAll(async () => {
    const refs = [...BLOG_REFS, ...STORE_REFS];
    const files = await Promise.all(refs.map(renderPicture));
    refs.forEach((ref, i) => rendered.set(ref, files[i]!));
    // About 3 s of drawing on two free cores; a busy machine takes longer.
  }, 60_000);

  it.each([...BLOG_REFS, ...STORE_REFS].map((ref) => [`${ref.use} ${ref.motif} ${ref.variant}`, ref] as const))(
    'draws %s as a WebP of its frame’s size, within the editor’s limits',
    async (_, ref) => {
      const file = rendered.get(ref)!;
      const meta = await sharp(file).metadata();
      const [width, height] = frameOf(ref).pixels;
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height });
      const [maxSide, maxBytes] =
        ref.use === 'store' ? [AVATAR_MAX_SIDE, MAX_AVATAR_BYTES] : [CONTENT_IMAGE_MAX_SIDE, MAX_CONTENT_IMAGE_BYTES];
      expect(Math.max(width, height)).toBeLessThanOrEqual(maxSide);
      expect(file.length).toBeLessThan(maxBytes);
      // A picture, not a blank: its pixels vary.
      const stats = await sharp(file).stats();
      expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(10);
    },
  );

  it('draws blog pictures at 4:3 or 1:1 and store photos square', () => {
    for (const ref of BLOG_REFS) {
      const [width, height] = frameOf(ref).pixels;
      expect([4 / 3, 1]).toContain(width / height);
    }
    for (const ref of STORE_REFS) expect(frameOf(ref).pixels).toEqual([AVATAR_MAX_SIDE, AVATAR_MAX_SIDE]);
  });

  it('is deterministic: the same picture gives the same drawing and the same bytes', async () => {
    const ref: PictureRef = { motif: 'night', variant: 0, use: 'blog' };
    expect(pictureSvg(ref)).toBe(pictureSvg({ ...ref }));
    expect((await renderPicture(ref)).equals(await renderPicture({ ...ref }))).toBe(true);
  });

  it('draws every variant differently', () => {
    const drawings = [...BLOG_REFS, ...STORE_REFS].map(pictureSvg);
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it('refuses a variant a motif does not have', () => {
    expect(() => pictureSvg({ motif: 'sky', variant: MOTIFS.sky.variants.length, use: 'blog' })).toThrow(RangeError);
  });

  it('gives each month its season: spring from March, summer from June, autumn from September, winter from December', () => {
    expect(Array.from({ length: 12 }, (_, month) => seasonOfMonth(month))).toEqual([3, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3]);
  });
});

describe('PictureSet', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('draws a picture once however often it is asked for, and keeps it for the next run', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'seed-pictures-'));
    dirs.push(dir);
    const ref: PictureRef = { motif: 'tea', variant: 1, use: 'blog' };
    const first = new PictureSet(dir);
    const [a, b] = await Promise.all([first.get(ref), first.get({ ...ref })]);
    expect(a).toBe(b);
    expect(first.size).toBe(1);
    expect(await readdir(dir)).toHaveLength(1);
    const again = await new PictureSet(dir).get(ref);
    expect(again.equals(await renderPicture(ref))).toBe(true);
    expect(await readdir(dir)).toHaveLength(1);
  });
});

describe('withReferences', () => {
  it('puts each reference in a paragraph of its own, after the first and in order, keeping every paragraph (property)', () => {
    const paragraph = fc
      .string({ unit: fc.constantFrom('あ', 'a', ' ', '\n', '*'), minLength: 1, maxLength: 8 })
      // A paragraph: no blank line inside, no line break at either end.
      .filter((p) => !p.includes('\n\n') && !p.startsWith('\n') && !p.endsWith('\n'));
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 4 }), (paragraphs, count) => {
        const references = Array.from({ length: count }, (_, slot) => `![写真](image:${slot})`);
        const parts = withReferences(paragraphs.join('\n\n'), references).split('\n\n');
        expect(parts.filter((part) => !references.includes(part))).toEqual(paragraphs.join('\n\n').split('\n\n'));
        expect(parts.filter((part) => references.includes(part))).toEqual(references);
        if (count > 0) expect(references).not.toContain(parts[0]);
      }),
      { seed: 40, numRuns: 500 },
    );
  });
});

describe('pictureTarget', () => {
  it('uploads nothing to a real project: pictures only go into the Storage emulator', async () => {
    expect(await pictureTarget({ PUBLIC_FIREBASE_STORAGE_BUCKET: 'theralink-prod.appspot.com' })).toEqual({
      skipped: expect.stringContaining('real project'),
    });
  });

  it('skips the pictures, naming where it looked, when no Storage emulator answers', async () => {
    const env = { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:1' };
    expect(await pictureTarget(env)).toEqual({ skipped: 'no Storage emulator answers at 127.0.0.1:1' });
  });
});
