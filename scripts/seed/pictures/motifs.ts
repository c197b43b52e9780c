/**
 * The seed's pictures: every motif, its variants (a colourway, and for the
 * season the season itself) with the alt text a diary gives it, and the
 * frames pictures are drawn in: blog pictures at the editor's sizes (4:3
 * at 1200 × 900 or 1:1 at 1080 × 1080, within its 1600 px) and
 * store photos at the avatar's 512 px (AVATAR_MAX_SIDE).
 */
import { AVATAR_MAX_SIDE } from '../../../src/lib/avatar/limits';
import { aroma, cafe, candles, flowers, plant, stones, tea, towels } from './still-life';
import { reception, room, storefront } from './interiors';
import type { Draw } from './motif';
import type { ColourwayName } from './palette';
import { night, season, sky } from './scenes';

export interface MotifVariant {
  colourway: ColourwayName;
  /** What the picture shows, as her diary's `![…](image:N)` says it. */
  alt: string;
}

export interface Motif {
  /** The shape of its blog picture (store photos are always square). */
  aspect: '4:3' | '1:1';
  variants: readonly MotifVariant[];
  draw: Draw;
}

const both = (alt: string, colourways: readonly ColourwayName[]): MotifVariant[] => colourways.map((colourway) => ({ colourway, alt }));

export const MOTIFS = {
  aroma: { aspect: '4:3', variants: both('アロマオイルの小瓶とラベンダー', ['rose', 'lavender']), draw: aroma },
  candles: { aspect: '4:3', variants: both('キャンドルの灯り', ['evening', 'amber']), draw: candles },
  towels: { aspect: '1:1', variants: both('タオルとストーン', ['rose', 'sage']), draw: towels },
  stones: { aspect: '4:3', variants: both('水辺のストーン', ['sage', 'lavender']), draw: stones },
  tea: { aspect: '4:3', variants: both('温かいお茶と和菓子', ['rose', 'sage']), draw: tea },
  cafe: { aspect: '1:1', variants: both('カフェラテとケーキ', ['rose', 'amber']), draw: cafe },
  flowers: { aspect: '1:1', variants: both('お部屋に飾ったチューリップ', ['rose', 'amber']), draw: flowers },
  plant: { aspect: '1:1', variants: both('窓辺の観葉植物', ['amber', 'sage']), draw: plant },
  room: { aspect: '4:3', variants: both('施術ルーム', ['rose', 'lavender']), draw: room },
  night: { aspect: '4:3', variants: both('帰り道の夜景', ['evening']), draw: night },
  sky: { aspect: '4:3', variants: both('夕焼けの海', ['rose']), draw: sky },
  // Variant = season: spring, summer, autumn, winter (seasonOfMonth).
  season: {
    aspect: '4:3',
    variants: [
      { colourway: 'rose', alt: '満開の桜' },
      { colourway: 'sage', alt: '夏の海' },
      { colourway: 'amber', alt: '紅葉' },
      { colourway: 'evening', alt: '冬のイルミネーション' },
    ],
    draw: season,
  },
  storefront: {
    aspect: '1:1',
    variants: [
      { colourway: 'rose', alt: 'お店の外観' },
      { colourway: 'lavender', alt: '夜のお店の外観' },
    ],
    draw: storefront,
  },
  reception: { aspect: '1:1', variants: both('受付', ['amber', 'rose']), draw: reception },
} as const satisfies Record<string, Motif>;

export type MotifName = keyof typeof MOTIFS;
export const MOTIF_NAMES = Object.keys(MOTIFS) as MotifName[];

/** Where a picture is used: a blog's (the editor's sizes) or a store's photo (the avatar's). */
export type PictureUse = 'blog' | 'store';

/** One picture: a motif's variant drawn for a use. Same ref, same bytes. */
export interface PictureRef {
  motif: MotifName;
  variant: number;
  use: PictureUse;
}

/** The drawing's viewBox and the pixels it is encoded at. */
export interface Frame {
  viewBox: readonly [number, number];
  pixels: readonly [number, number];
}

/** The frame a picture is drawn in. */
export function frameOf(ref: PictureRef): Frame {
  if (ref.use === 'store') return { viewBox: [600, 600], pixels: [AVATAR_MAX_SIDE, AVATAR_MAX_SIDE] };
  return MOTIFS[ref.motif].aspect === '4:3'
    ? { viewBox: [800, 600], pixels: [BLOG_PICTURE_WIDTH, (BLOG_PICTURE_WIDTH * 3) / 4] }
    : { viewBox: [600, 600], pixels: [BLOG_PICTURE_SQUARE, BLOG_PICTURE_SQUARE] };
}

/** Blog pictures' sides: a phone photo as the editor would upload it, within CONTENT_IMAGE_MAX_SIDE (the unit tests hold it). */
const BLOG_PICTURE_WIDTH = 1200;
const BLOG_PICTURE_SQUARE = 1080;

/** The season's variant of the `season` motif for a month (0 = January): spring, summer, autumn, winter. */
export const seasonOfMonth = (month: number): number => Math.floor(((month + 10) % 12) / 3);

/** A stable key for a picture (its cache key and file name). */
export const pictureKey = (ref: PictureRef): string => `${ref.use}-${ref.motif}-${ref.variant}`;
