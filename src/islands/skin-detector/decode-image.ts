/**
 * Worker side: the file → an upright copy for the screen and a smaller one
 * for the rules, never holding the full-size pixels in script. The browser
 * decodes and applies EXIF orientation (`imageOrientation: 'from-image'`);
 * the header, read first, gives the size to ask it for and rejects files
 * too large to decode.
 */
import { HEADER_BYTES, readImageHeader } from '../../lib/skin/image-header';
import { ANALYSIS_MAX_SIDE, DISPLAY_MAX_SIDE, MAX_FILE_BYTES, MAX_PIXELS, fitWithin, orientedSize, type Size } from '../../lib/skin/size';
import { AnalyseError } from './protocol';

export interface DecodedImage {
  photo: ImageBitmap;
  pixels: ImageData;
}

/**
 * Resize options that bring the long side of `size` to `maxSide`. Only
 * one side is given, so the browser keeps the aspect ratio of the image as
 * it finally decodes it, even if its orientation differs from the header's.
 */
function resizeOptions(size: Size, maxSide: number): ImageBitmapOptions {
  const fit = fitWithin(size, maxSide);
  if (fit.width === size.width && fit.height === size.height) return {};
  return size.width >= size.height ? { resizeWidth: fit.width } : { resizeHeight: fit.height };
}

export async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (file.size === 0) throw new AnalyseError('unreadable');
  if (file.size > MAX_FILE_BYTES) throw new AnalyseError('file-too-large');
  const header = readImageHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  if (header.size && header.size.width * header.size.height > MAX_PIXELS) throw new AnalyseError('too-many-pixels');

  const resize = header.size ? resizeOptions(orientedSize(header.size, header.orientation), DISPLAY_MAX_SIDE) : {};
  let decoded: ImageBitmap;
  try {
    decoded = await createImageBitmap(file, { imageOrientation: 'from-image', resizeQuality: 'medium', ...resize });
  } catch {
    throw new AnalyseError(header.format === 'heic' ? 'heic-unsupported' : 'unreadable');
  }
  // Formats whose header is not read here (AVIF, BMP, HEIC where supported) arrive
  // full size, as does everything in browsers that ignore the resize options.
  const photo = shrink(decoded, DISPLAY_MAX_SIDE);
  const analysed = fitWithin(photo, ANALYSIS_MAX_SIDE);
  // The rules need colour, not sharpness: the cheaper filter does.
  const context = canvas2d(analysed, 'medium');
  context.drawImage(photo, 0, 0, analysed.width, analysed.height);
  return { photo, pixels: context.getImageData(0, 0, analysed.width, analysed.height) };
}

function canvas2d(size: Size, quality: ImageSmoothingQuality): OffscreenCanvasRenderingContext2D {
  const context = new OffscreenCanvas(size.width, size.height).getContext('2d', { willReadFrequently: true });
  if (!context) throw new AnalyseError('failed');
  context.imageSmoothingQuality = quality;
  return context;
}

/** The bitmap drawn down to `maxSide` on its long side (closing the original), or itself when small enough. */
function shrink(bitmap: ImageBitmap, maxSide: number): ImageBitmap {
  if (Math.max(bitmap.width, bitmap.height) <= maxSide) return bitmap;
  const context = canvas2d(fitWithin(bitmap, maxSide), 'high');
  context.drawImage(bitmap, 0, 0, context.canvas.width, context.canvas.height);
  bitmap.close();
  return context.canvas.transferToImageBitmap();
}
