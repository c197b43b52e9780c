/**
 * Connected skin regions of a binary mask (4-connectivity: a pixel joins
 * its left, right, upper and lower neighbours, so diagonal specks of noise
 * do not bridge two regions).
 */

/** One connected region, in the analysed image's pixels and as fractions of it. */
export interface SkinRegion {
  /** Pixels in the region. */
  pixels: number;
  /** Pixels in the region ÷ pixels in the image. */
  share: number;
  /** Bounding box in pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** Centre of mass as fractions of the image's width and height (0 = left/top, 1 = right/bottom). */
  centre: { x: number; y: number };
}

/**
 * Labels the mask's connected regions (mask[i] ≠ 0 is skin, row-major) and
 * returns the `limit` largest, biggest first. Iterative flood fill with an
 * explicit stack, so a region as large as the image cannot overflow the call stack.
 */
export function largestRegions(mask: Uint8Array, width: number, height: number, limit = 3): SkinRegion[] {
  const total = width * height;
  const seen = new Uint8Array(total);
  const stack = new Int32Array(total);
  const regions: SkinRegion[] = [];

  for (let start = 0; start < total; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let pixels = 0,
      sumX = 0,
      sumY = 0;
    let minX = width,
      minY = height,
      maxX = 0,
      maxY = 0;
    const push = (j: number) => {
      if (mask[j] && !seen[j]) {
        seen[j] = 1;
        stack[top++] = j;
      }
    };
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      pixels++;
      sumX += x;
      sumY += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0) push(i - 1);
      if (x < width - 1) push(i + 1);
      if (y > 0) push(i - width);
      if (y < height - 1) push(i + width);
    }
    regions.push({
      pixels,
      share: pixels / total,
      box: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
      // +0.5: the centre of a pixel, so one pixel in a 1×1 image sits at the middle.
      centre: { x: (sumX / pixels + 0.5) / width, y: (sumY / pixels + 0.5) / height },
    });
  }
  return regions.sort((a, b) => b.pixels - a.pixels).slice(0, limit);
}
