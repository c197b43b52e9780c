import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../../src/lib/skin/image-header';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const u16be = (n: number) => [n >> 8, n & 255];
const u16le = (n: number) => [n & 255, n >> 8];
const u32be = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const u24le = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];

/** APP1 Exif segment with one IFD0 entry: Orientation (0x0112, SHORT). */
function exifSegment(orientation: number, littleEndian: boolean): number[] {
  const u16 = littleEndian ? u16le : u16be;
  const u32 = (n: number) => (littleEndian ? u32be(n).reverse() : u32be(n));
  const tiff = [
    ...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42),
    ...u32(8),
    ...u16(1),
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ];
  const payload = [...bytes('Exif\0\0'), ...tiff];
  return [0xff, 0xe1, ...u16be(payload.length + 2), ...payload];
}

/** SOI, optional segments, a baseline frame header (SOF0) of width × height. */
function jpeg(width: number, height: number, ...segments: number[][]): Uint8Array {
  const sof = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, ...Array(9).fill(0)];
  const app0 = [0xff, 0xe0, ...u16be(16), ...bytes('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...segments.flat(), ...sof, 0xff, 0xda, 0, 2]);
}

describe('readImageHeader', () => {
  it('reads a JPEG frame size and no orientation', () => {
    expect(readImageHeader(jpeg(4000, 3000))).toEqual({ format: 'jpeg', size: { width: 4000, height: 3000 }, orientation: 1 });
  });

  it.each([true, false])('reads the EXIF orientation of a JPEG (little endian: %s)', (little) => {
    expect(readImageHeader(jpeg(12000, 9000, exifSegment(6, little)))).toEqual({
      format: 'jpeg',
      size: { width: 12000, height: 9000 },
      orientation: 6,
    });
  });

  it('ignores an out-of-range orientation', () => {
    expect(readImageHeader(jpeg(10, 10, exifSegment(9, true))).orientation).toBe(1);
  });

  it('still reads the size when the EXIF block points past its end', () => {
    const broken = [0xff, 0xe1, ...u16be(16), ...bytes('Exif\0\0'), 0x4d, 0x4d, 0, 42, 0x7f, 0xff, 0xff, 0xff];
    expect(readImageHeader(jpeg(640, 480, broken))).toEqual({ format: 'jpeg', size: { width: 640, height: 480 }, orientation: 1 });
  });

  it('says a JPEG cut before its frame header has no size', () => {
    expect(readImageHeader(jpeg(10, 10).subarray(0, 25))).toEqual({ format: 'jpeg', orientation: 1 });
  });

  it('reads PNG, GIF and the three WebP kinds', () => {
    const png = bytes('\x89PNG\r\n\x1a\n', u32be(13), 'IHDR', u32be(12000), u32be(9000));
    expect(readImageHeader(png)).toMatchObject({ format: 'png', size: { width: 12000, height: 9000 } });
    expect(readImageHeader(bytes('GIF89a', u16le(640), u16le(480)))).toMatchObject({ format: 'gif', size: { width: 640, height: 480 } });

    const riff = (chunk: string, data: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], data);
    const vp8 = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(4000), ...u16le(3000)]);
    expect(readImageHeader(vp8)).toMatchObject({ format: 'webp', size: { width: 4000, height: 3000 } });
    // VP8L: 0x2f, then 14 bits width − 1 and 14 bits height − 1, little endian.
    const bits = (400 - 1) | ((300 - 1) << 14);
    const vp8l = riff('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255]);
    expect(readImageHeader(vp8l)).toMatchObject({ format: 'webp', size: { width: 400, height: 300 } });
    const vp8x = riff('VP8X', [0, 0, 0, 0, ...u24le(16000 - 1), ...u24le(9000 - 1)]);
    expect(readImageHeader(vp8x)).toMatchObject({ format: 'webp', size: { width: 16000, height: 9000 } });
  });

  it('recognises HEIC and AVIF by their brand, without a size', () => {
    expect(readImageHeader(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toEqual({ format: 'heic', orientation: 1 });
    expect(readImageHeader(bytes([0, 0, 0, 24], 'ftypavif', [0, 0, 0, 0], 'mif1avif'))).toEqual({ format: 'avif', orientation: 1 });
  });

  it('calls text and empty files unknown', () => {
    expect(readImageHeader(bytes('これは画像ではありません'))).toEqual({ format: 'unknown', orientation: 1 });
    expect(readImageHeader(new Uint8Array(0))).toEqual({ format: 'unknown', orientation: 1 });
    expect(readImageHeader(bytes('\x89PNG\r\n\x1a\n'))).toEqual({ format: 'unknown', orientation: 1 });
  });
});
