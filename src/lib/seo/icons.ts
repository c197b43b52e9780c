/**
 * The site's icons, drawn at build time from the same two-ring mark as
 * public/favicon.svg: favicon.ico (a 32 px PNG inside an ICO container,
 * which every browser since 2007 reads), the 180 px apple-touch-icon and
 * the web manifest's 192 / 512 px icons (white background, the mark inset
 * so a maskable crop keeps it whole). Node only.
 */
import sharp from 'sharp';

/** The theme colour (the brand raspberry, Tailwind pink-700), shared by the manifest and <meta name="theme-color">. */
export const THEME_COLOR = '#be185d';
export const MANIFEST_ICON_SIZES = [192, 512] as const;

const RINGS = `<g fill="none" stroke="${THEME_COLOR}" stroke-width="3"><circle cx="10" cy="14" r="7"/><circle cx="18" cy="14" r="7"/></g>`;

/** The mark as SVG, `size` pixels square: transparent for the favicon, on white with a margin for app icons. */
function iconSvg(size: number, background: boolean): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"`;
  return background
    ? `${svg} viewBox="-7 -7 42 42"><rect x="-7" y="-7" width="42" height="42" fill="#ffffff"/>${RINGS}</svg>`
    : `${svg} viewBox="0 0 28 28">${RINGS}</svg>`;
}

/** A square PNG of the mark. */
export function iconPng(size: number, { background = true } = {}): Promise<Buffer> {
  return sharp(Buffer.from(iconSvg(size, background)))
    .png()
    .toBuffer();
}

/** An .ico file holding one PNG image (ICONDIR + one ICONDIRENTRY + the PNG). */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 = 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(6 + 16, 18); // image offset
  return Buffer.concat([header, png]);
}
