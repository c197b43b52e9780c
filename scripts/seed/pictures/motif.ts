/** What a motif's drawing function is given. */
import type { SeededRandom } from '../random';
import type { Colourway } from './palette';
import type { Drawing } from './svg';

export interface Sketch {
  /** The drawing to paint into (its viewBox: 800 × 600 for 4:3, 600 × 600 for 1:1). */
  d: Drawing;
  /** The variant's colourway. */
  c: Colourway;
  /** The variant's own random stream: where the lights, petals and windows fall. */
  random: SeededRandom;
  /** Which variant (0-based): a motif may draw its variants differently, not only in other colours. */
  variant: number;
}

export type Draw = (sketch: Sketch) => void;
