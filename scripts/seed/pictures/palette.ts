/**
 * The colourways the seed's pictures are drawn in: the site's raspberry
 * (src/styles/global.css, Tailwind's pink scale) and the hero's amber, with
 * a calm lavender and sage beside them, on warm whites and light wood, and
 * one evening colourway. Hex, as librsvg reads them.
 */

export interface Colourway {
  /** The wall behind: top, bottom. */
  wall: readonly [string, string];
  /** The surface things stand on: far edge, near edge. */
  surface: readonly [string, string];
  /** The colour things are made of: light, middle, deep. */
  accent: readonly [string, string, string];
  /** Light falling in (a window, a lamp). */
  light: string;
}

export const COLOURWAYS = {
  rose: {
    wall: ['#fdf4f7', '#f7e4ea'],
    surface: ['#efe0d2', '#e2cbb6'],
    accent: ['#fbcfe8', '#f472b6', '#be185d'],
    light: '#fffaf3',
  },
  amber: {
    wall: ['#fdf7ee', '#f4e6d2'],
    surface: ['#e6cba8', '#cfa880'],
    accent: ['#fde68a', '#f59e0b', '#b45309'],
    light: '#fffbeb',
  },
  lavender: {
    wall: ['#f7f5fc', '#ebe6f5'],
    surface: ['#ece5ee', '#d9cddd'],
    accent: ['#ddd6fe', '#a78bfa', '#6d28d9'],
    light: '#fdfbff',
  },
  sage: {
    wall: ['#f5f7f2', '#e5ebe0'],
    surface: ['#e8e0d2', '#d3c5ae'],
    accent: ['#cfe0c6', '#86a87f', '#4b6b48'],
    light: '#fcfdf9',
  },
  evening: {
    wall: ['#231c45', '#3d2f5e'],
    surface: ['#3a2a35', '#21171f'],
    accent: ['#fbcfe8', '#ec4899', '#9d174d'],
    light: '#fde68a',
  },
} as const satisfies Record<string, Colourway>;

export type ColourwayName = keyof typeof COLOURWAYS;

/** Neutrals the drawings share. */
export const INK = {
  wood: ['#c89b72', '#a8774f', '#7a5236'],
  glassAmber: ['#e9a15a', '#b8692b', '#6e3a14'],
  stone: ['#6b6661', '#3f3b38', '#23201e'],
  leaf: ['#a7c79a', '#6f9a63', '#3f6b3a'],
  cream: ['#fffdf8', '#f6ecdf', '#e3d2bf'],
  white: '#ffffff',
  shadow: '#3b2a22',
} as const;
