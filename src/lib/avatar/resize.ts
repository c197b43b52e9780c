/**
 * A picked file → the picture to upload: decoded by the browser with its
 * EXIF orientation applied, drawn at most `maxSide` px on its long side and
 * encoded as WebP (JPEG where the browser cannot encode WebP, when the
 * caller allows it) of less than `maxBytes`. The header is read first, as
 * the skin tool does, so the browser is asked for a small copy and a huge
 * image is refused before any pixel is allocated. Avatars use it at 512 px
 * (prepareAvatar); blog and timeline pictures at 1600 px, WebP only.
 */
import { HEADER_BYTES, readImageHeader } from '../skin/image-header';
import { MAX_PIXELS, orientedSize } from '../skin/size';
import { AVATAR_MAX_SIDE, AVATAR_MESSAGES, MAX_AVATAR_BYTES, fitWithin, type AvatarType, type Size } from './limits';

/** A refusal with its Japanese message, shown at the picture field. */
export class ImageError extends Error {}
/** The name the avatar field knows it by. */
export { ImageError as AvatarError };

export interface PreparedImage {
  blob: Blob;
  type: AvatarType;
  width: number;
  height: number;
}
export type PreparedAvatar = PreparedImage;

export interface PrepareOptions {
  /** Long side of the result, in pixels. */
  maxSide: number;
  /** The encoded file stays strictly under this many bytes (storage.rules refuse the size itself). */
  maxBytes: number;
  /** false: WebP or nothing (storage.rules for blog and post pictures take only image/webp). */
  allowJpeg: boolean;
}

/** Shown when WebP is required and this browser cannot encode it. */
export const NO_WEBP_MESSAGE = 'このブラウザでは画像を変換できませんでした。最新の Chrome・Safari・Firefox でお試しください。';

/** Qualities tried in turn until the encoded image is small enough. */
const QUALITIES = [0.85, 0.7, 0.5];

export async function prepareImage(file: Blob, options: PrepareOptions): Promise<PreparedImage> {
  const header = readImageHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  if (header.size && header.size.width * header.size.height > MAX_PIXELS) throw new ImageError(AVATAR_MESSAGES.tooManyPixels);
  const resize = header.size ? resizeOptions(orientedSize(header.size, header.orientation), options.maxSide) : {};
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', resizeQuality: 'high', ...resize });
  } catch {
    throw new ImageError(AVATAR_MESSAGES.unreadable);
  }
  try {
    // Browsers that ignore the resize options (and formats whose header is not read) arrive full size.
    const size = fitWithin(bitmap, options.maxSide);
    for (const quality of QUALITIES) {
      const webp = await encode(bitmap, size, 'image/webp', quality);
      const encoded = webp?.type === 'image/webp' ? webp : options.allowJpeg ? await encode(bitmap, size, 'image/jpeg', quality) : null;
      if (!encoded) throw new ImageError(options.allowJpeg || !webp ? AVATAR_MESSAGES.unreadable : NO_WEBP_MESSAGE);
      if (encoded.size < options.maxBytes) {
        return { blob: encoded, type: encoded.type === 'image/webp' ? 'image/webp' : 'image/jpeg', ...size };
      }
    }
    throw new ImageError(AVATAR_MESSAGES.encodeTooLarge);
  } finally {
    bitmap.close();
  }
}

/** The avatar: at most AVATAR_MAX_SIDE px and MAX_AVATAR_BYTES, WebP or JPEG. */
export function prepareAvatar(file: Blob): Promise<PreparedAvatar> {
  return prepareImage(file, { maxSide: AVATAR_MAX_SIDE, maxBytes: MAX_AVATAR_BYTES, allowJpeg: true });
}

/** Only the long side is given, so the browser keeps the ratio of the image as it finally decodes it. */
function resizeOptions(size: Size, maxSide: number): ImageBitmapOptions {
  const fit = fitWithin(size, maxSide);
  if (fit.width === size.width && fit.height === size.height) return {};
  return size.width >= size.height ? { resizeWidth: fit.width } : { resizeHeight: fit.height };
}

/** The bitmap drawn at `size` and encoded; null when the browser cannot encode at all. */
function encode(bitmap: ImageBitmap, size: Size, type: AvatarType, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  if (type === 'image/jpeg') {
    // JPEG has no transparency: a transparent PNG gets white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
