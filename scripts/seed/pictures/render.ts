/**
 * Draws and encodes the seed's pictures: a motif's variant as SVG (from its
 * own random stream, so the same picture every run), then WebP through
 * sharp, as the editors upload. A run draws each picture once however many
 * documents show it (PictureSet), and keeps the files in .cache/seed-pictures
 * under a hash of the drawing and the encoder, so later runs on the same
 * machine only read them.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../../lib/project';
import { SeededRandom } from '../random';
import { MOTIFS, frameOf, pictureKey, type PictureRef } from './motifs';
import { COLOURWAYS } from './palette';
import { Drawing } from './svg';

/** WebP quality: the first the editors try (src/lib/avatar/resize.ts). */
const WEBP_QUALITY = 85;

/** The picture as SVG text. Pure: the same ref gives the same text. */
export function pictureSvg(ref: PictureRef): string {
  const motif = MOTIFS[ref.motif];
  const variant = motif.variants[ref.variant];
  if (!variant) throw new RangeError(`Motif ${ref.motif} has no variant ${ref.variant}.`);
  const { viewBox, pixels } = frameOf(ref);
  const d = new Drawing(viewBox[0], viewBox[1]);
  motif.draw({
    d,
    c: COLOURWAYS[variant.colourway],
    random: new SeededRandom(`pictures/${ref.motif}/${ref.variant}/${ref.use}`),
    variant: ref.variant,
  });
  // Every other variant is seen from the other side, so two variants of a motif differ at a glance.
  return d.svg(pixels[0], pixels[1], ref.variant % 2 === 1);
}

/** The picture as a WebP file. */
export function renderPicture(ref: PictureRef): Promise<Buffer> {
  return encode(pictureSvg(ref));
}

function encode(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
}

/** Where drawn pictures are kept between runs (git-ignored). */
export const PICTURE_CACHE_DIR = path.join(ROOT, '.cache', 'seed-pictures');

/** The picture from the cache folder, drawn and stored there when it is not (yet) there. */
async function cachedPicture(ref: PictureRef, dir: string): Promise<Buffer> {
  const svg = pictureSvg(ref);
  // A changed drawing, encoder or quality is another file.
  const { sharp: version, rsvg, webp } = sharp.versions;
  const hash = createHash('sha256')
    .update(JSON.stringify([version, rsvg, webp, WEBP_QUALITY, svg]))
    .digest('hex');
  const file = path.join(dir, `${pictureKey(ref)}-${hash.slice(0, 16)}.webp`);
  try {
    return await readFile(file);
  } catch {
    const data = await encode(svg);
    await mkdir(dir, { recursive: true });
    // Written aside, then renamed: a run stopped midway never leaves half a picture under the final name.
    const aside = `${file}.${process.pid}.tmp`;
    await writeFile(aside, data);
    await rename(aside, file);
    return data;
  }
}

/** The pictures of one run: each drawn (or read from `cacheDir`) on first use, then shared; no cache when null. */
export class PictureSet {
  private readonly drawn = new Map<string, Promise<Buffer>>();

  constructor(private readonly cacheDir: string | null = PICTURE_CACHE_DIR) {}

  get(ref: PictureRef): Promise<Buffer> {
    const key = pictureKey(ref);
    let file = this.drawn.get(key);
    if (!file) {
      file = this.cacheDir ? cachedPicture(ref, this.cacheDir) : renderPicture(ref);
      this.drawn.set(key, file);
    }
    return file;
  }

  /** How many distinct pictures were drawn. */
  get size(): number {
    return this.drawn.size;
  }
}
