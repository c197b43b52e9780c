/**
 * The whole pixel analysis of one (downscaled) image: the skin mask from
 * the combined rules, the share of skin pixels, the largest connected
 * regions, the heat-map and the verdict. Pure, so the worker and the unit
 * tests run the same code.
 */
import { largestRegions, type SkinRegion } from './regions';
import { isSkinPixel } from './rules';
import { judge, type Verdict } from './verdict';

/** Colour of a skin pixel in the heat-map overlay (RGBA): a translucent magenta-red that stands out on skin. */
export const HEAT_RGBA = [255, 0, 96, 160] as const;

/** Pixels more transparent than this are background, never skin. */
const OPAQUE_ENOUGH = 128;

export interface PixelAnalysis {
  skinPixels: number;
  skinShare: number;
  /** The three largest connected skin regions, largest first. */
  regions: SkinRegion[];
  verdict: Verdict;
  /** RGBA overlay the size of the input: HEAT_RGBA on skin, transparent elsewhere. */
  heatmap: Uint8ClampedArray<ArrayBuffer>;
}

/** Runs the skin rules over RGBA pixels (row-major, 4 bytes a pixel). */
export function analysePixels(rgba: Uint8ClampedArray, width: number, height: number): PixelAnalysis {
  const total = width * height;
  const mask = new Uint8Array(total);
  const heatmap = new Uint8ClampedArray(total * 4);
  let skinPixels = 0;
  for (let i = 0, p = 0; i < total; i++, p += 4) {
    if (rgba[p + 3]! < OPAQUE_ENOUGH || !isSkinPixel(rgba[p]!, rgba[p + 1]!, rgba[p + 2]!)) continue;
    mask[i] = 1;
    skinPixels++;
    heatmap.set(HEAT_RGBA, p);
  }
  const skinShare = total === 0 ? 0 : skinPixels / total;
  const regions = largestRegions(mask, width, height, 3);
  return { skinPixels, skinShare, regions, verdict: judge(skinShare, regions), heatmap };
}
