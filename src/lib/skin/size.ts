/**
 * Size math for the downscaled copies: worked out from the header's
 * dimensions, so a huge photo is never held at full size in script.
 */

export interface Size {
  width: number;
  height: number;
}

/** Long side of the copy the pixel rules run on (≈ 200,000 pixels for a 4:3 photo). */
export const ANALYSIS_MAX_SIDE = 512;
/** Long side of the copy shown on screen: sharp on a phone at 3× density. */
export const DISPLAY_MAX_SIDE = 1280;

/** Files above this many bytes are refused before reading (no camera writes them). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Images above this many pixels are refused before decoding (a 12,000 × 9,000 photo has 108 million). */
export const MAX_PIXELS = 200_000_000;

/**
 * The size that fits `size` within `maxSide` on its long side, keeping the
 * aspect ratio, never enlarging, and never below 1 pixel.
 */
export function fitWithin(size: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * The size a viewer shows for stored dimensions and an EXIF orientation
 * (1–8): orientations 5–8 turn the picture a quarter, swapping the sides.
 */
export function orientedSize(size: Size, orientation: number): Size {
  return orientation >= 5 && orientation <= 8 ? { width: size.height, height: size.width } : size;
}
