import { describe, expect, it } from 'vitest';
import { largestRegions } from '../../src/lib/skin/regions';

/** A mask from rows of '#' (skin) and '.' (not skin). */
function mask(rows: string[]) {
  const width = rows[0]!.length;
  return { mask: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)), width, height: rows.length };
}

describe('largestRegions', () => {
  it('finds each 4-connected region with its size, share, box and centre, largest first', () => {
    const m = mask(['##....', '##..#.', '....##', '....##']);
    const regions = largestRegions(m.mask, m.width, m.height);
    expect(regions).toEqual([
      {
        pixels: 5,
        share: 5 / 24,
        box: { x: 4, y: 1, width: 2, height: 3 },
        // Pixel centres: x (4+4+5+4+5)/5 + 0.5 = 4.9, y (1+2+2+3+3)/5 + 0.5 = 2.7.
        centre: { x: 4.9 / 6, y: 2.7 / 4 },
      },
      { pixels: 4, share: 4 / 24, box: { x: 0, y: 0, width: 2, height: 2 }, centre: { x: 1 / 6, y: 1 / 4 } },
    ]);
  });

  it('does not join pixels that touch only at a corner', () => {
    const m = mask(['#.', '.#']);
    expect(largestRegions(m.mask, m.width, m.height).map((r) => r.pixels)).toEqual([1, 1]);
  });

  it('returns only the requested number of regions', () => {
    const m = mask(['#.#.#.#']);
    expect(largestRegions(m.mask, m.width, m.height, 3)).toHaveLength(3);
  });

  it('handles a region as large as the image without deep recursion', () => {
    const width = 2000;
    const height = 1000;
    const regions = largestRegions(new Uint8Array(width * height).fill(1), width, height);
    expect(regions).toHaveLength(1);
    expect(regions[0]).toMatchObject({ pixels: width * height, share: 1, centre: { x: 0.5, y: 0.5 } });
  });

  it('finds nothing in an empty mask', () => {
    expect(largestRegions(new Uint8Array(12), 4, 3)).toEqual([]);
  });
});
