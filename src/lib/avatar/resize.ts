/**
 * The picked file → the avatar to upload: decoded by the browser with its
 * EXIF orientation applied, drawn at most AVATAR_MAX_SIDE px on its long
 * side, encoded as WebP (JPEG where the browser cannot encode WebP) of at
 * most MAX_AVATAR_BYTES. The header is read first, as the skin tool does,
 * so the browser is asked for a small copy and a huge image is refused
 * before any pixel is allocated.
 */
import { HEADER_BYTES, readImageHeader } from '../skin/image-header';
import { MAX_PIXELS, orientedSize } from '../skin/size';
import { AVATAR_MAX_SIDE, AVATAR_MESSAGES, MAX_AVATAR_BYTES, fitWithin, type AvatarType, type Size } from './limits';

/** A refusal with its Japanese message, shown at the avatar field. */
export class AvatarError extends Error {}

export interface PreparedAvatar {
  blob: Blob;
  type: AvatarType;
  width: number;
  height: number;
}

/** Qualities tried in turn until the encoded image is small enough. */
const QUALITIES = [0.85, 0.7, 0.5];

export async function prepareAvatar(file: Blob): Promise<PreparedAvatar> {
  const header = readImageHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  if (header.size && header.size.width * header.size.height > MAX_PIXELS) throw new AvatarError(AVATAR_MESSAGES.tooManyPixels);
  const resize = header.size ? resizeOptions(orientedSize(header.size, header.orientation)) : {};
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', resizeQuality: 'high', ...resize });
  } catch {
    throw new AvatarError(AVATAR_MESSAGES.unreadable);
  }
  try {
    // Browsers that ignore the resize options (and formats whose header is not read) arrive full size.
    const size = fitWithin(bitmap, AVATAR_MAX_SIDE);
    for (const quality of QUALITIES) {
      const webp = await encode(bitmap, size, 'image/webp', quality);
      const encoded = webp?.type === 'image/webp' ? webp : await encode(bitmap, size, 'image/jpeg', quality);
      if (!encoded) throw new AvatarError(AVATAR_MESSAGES.unreadable);
      // Strictly under: storage.rules refuse a file of 1 MB or more.
      if (encoded.size < MAX_AVATAR_BYTES) {
        return { blob: encoded, type: encoded.type === 'image/webp' ? 'image/webp' : 'image/jpeg', ...size };
      }
    }
    throw new AvatarError(AVATAR_MESSAGES.encodeTooLarge);
  } finally {
    bitmap.close();
  }
}

/** Only the long side is given, so the browser keeps the ratio of the image as it finally decodes it. */
function resizeOptions(size: Size): ImageBitmapOptions {
  const fit = fitWithin(size, AVATAR_MAX_SIDE);
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
