import { describe, expect, it } from 'vitest';
import { HEAT_RGBA, analysePixels } from '../../src/lib/skin/analyse-pixels';

const SKIN = [224, 172, 140, 255];
const BLUE = [30, 80, 200, 255];

/** width × height RGBA with a skin rectangle [x0, x1) × [y0, y1) on blue. */
function picture(width: number, height: number, x0: number, x1: number, y0: number, y1: number) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgba.set(x >= x0 && x < x1 && y >= y0 && y < y1 ? SKIN : BLUE, (y * width + x) * 4);
  }
  return rgba;
}

describe('analysePixels', () => {
  it('measures a skin rectangle on blue: share, region, heat-map and verdict', () => {
    const result = analysePixels(picture(40, 30, 10, 30, 5, 20), 40, 30); // 20 × 15 of 40 × 30 = 25 %
    expect(result.skinPixels).toBe(300);
    expect(result.skinShare).toBe(0.25);
    expect(result.regions).toHaveLength(1);
    expect(result.regions[0]!.box).toEqual({ x: 10, y: 5, width: 20, height: 15 });
    expect(result.verdict.level).toBe('danger'); // a central region of 25 %
    expect([...result.heatmap.subarray((12 * 40 + 15) * 4, (12 * 40 + 15) * 4 + 4)]).toEqual([...HEAT_RGBA]);
    expect([...result.heatmap.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('does not count transparent pixels as skin', () => {
    const rgba = picture(4, 4, 0, 4, 0, 4);
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 0;
    expect(analysePixels(rgba, 4, 4).skinPixels).toBe(0);
  });

  it('finds a blue picture safe', () => {
    const result = analysePixels(picture(8, 8, 0, 0, 0, 0), 8, 8);
    expect(result.skinShare).toBe(0);
    expect(result.regions).toEqual([]);
    expect(result.verdict.level).toBe('safe');
  });
});
