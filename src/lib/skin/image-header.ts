/**
 * Reads an image file's format, stored dimensions and EXIF orientation from
 * its first bytes, without decoding it: the size of the downscaled copies
 * and the too-large check are decided before any pixel is allocated.
 */
import type { Size } from './size';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'avif' | 'unknown';

export interface ImageHeader {
  format: ImageFormat;
  /** Stored width × height (before EXIF orientation); absent when the header does not say. */
  size?: Size;
  /** EXIF orientation 1–8 (1 = as stored). Read from JPEG; other formats report 1. */
  orientation: number;
}

/** Bytes worth reading: JPEG's EXIF and frame header come before the image data, well within this. */
export const HEADER_BYTES = 512 * 1024;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** Format, size and orientation from the start of a file (HEADER_BYTES of it is enough). */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes, view);
    if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n' && ascii(bytes, 12, 4) === 'IHDR') {
      return { format: 'png', size: { width: view.getUint32(16), height: view.getUint32(20) }, orientation: 1 };
    }
    if (ascii(bytes, 0, 4) === 'GIF8') {
      return { format: 'gif', size: { width: view.getUint16(6, true), height: view.getUint16(8, true) }, orientation: 1 };
    }
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
      return { format: 'webp', size: webpSize(bytes, view), orientation: 1 };
    if (ascii(bytes, 4, 4) === 'ftyp') {
      const brand = ascii(bytes, 8, 4);
      if (AVIF_BRANDS.has(brand)) return { format: 'avif', orientation: 1 };
      if (HEIF_BRANDS.has(brand)) return { format: 'heic', orientation: 1 };
    }
  } catch (error) {
    // A header cut short reads past the end: the file is not an image we can size.
    if (!(error instanceof RangeError)) throw error;
  }
  return { format: 'unknown', orientation: 1 };
}

/** Walks the JPEG segments up to the frame header (SOFn), picking up EXIF orientation on the way. */
function readJpeg(bytes: Uint8Array, view: DataView): ImageHeader {
  let orientation = 1;
  let offset = 2;
  try {
    while (offset + 4 <= bytes.length) {
      if (bytes[offset] !== 0xff) break;
      const marker = bytes[offset + 1]!;
      if (marker === 0xff) {
        offset++; // fill byte
        continue;
      }
      const length = view.getUint16(offset + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) {
        const size = { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
        return { format: 'jpeg', size, orientation };
      }
      if (marker === 0xda) break; // start of scan: no frame header before it
      if (marker === 0xe1 && ascii(bytes, offset + 4, 6) === 'Exif\0\0') {
        orientation = exifOrientation(view, offset + 10) ?? orientation;
      }
      offset += 2 + length;
    }
  } catch (error) {
    // Cut short: still a JPEG, of unknown size.
    if (!(error instanceof RangeError)) throw error;
  }
  return { format: 'jpeg', orientation };
}

/** Orientation tag (0x0112) of IFD0 in the TIFF structure at `tiff`, if present and valid. */
function exifOrientation(view: DataView, tiff: number): number | undefined {
  try {
    const order = view.getUint16(tiff);
    if (order !== 0x4949 && order !== 0x4d4d) return undefined;
    const little = order === 0x4949;
    const ifd = tiff + view.getUint32(tiff + 4, little);
    const entries = view.getUint16(ifd, little);
    for (let i = 0; i < entries; i++) {
      const entry = ifd + 2 + i * 12;
      if (view.getUint16(entry, little) === 0x0112) {
        const value = view.getUint16(entry + 8, little);
        return value >= 1 && value <= 8 ? value : undefined;
      }
    }
  } catch (error) {
    // A broken EXIF block loses only the orientation, not the rest of the header.
    if (!(error instanceof RangeError)) throw error;
  }
  return undefined;
}

/** Canvas size of a WebP from its first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(bytes: Uint8Array, view: DataView): Size | undefined {
  switch (ascii(bytes, 12, 4)) {
    case 'VP8 ':
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    case 'VP8L': {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X': {
      const uint24 = (at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16);
      return { width: uint24(24) + 1, height: uint24(27) + 1 };
    }
    default:
      return undefined;
  }
}
