/**
 * What most pictures share, drawn the way a phone photo looks: a wall
 * and a surface meeting at a horizon, window light falling across, soft
 * out-of-focus lights behind, soft contact shadows and a slight vignette.
 * Soft edges come from radial gradients rather than blur filters, which
 * cost far more to render.
 */
import type { SeededRandom } from '../random';
import type { Colourway } from './palette';
import { INK } from './palette';
import { el, polyline, type Drawing } from './svg';

/** The wall, a beam of window light on it (of `beam` strength, 0..1) and the surface from `horizon` (0..1 of the height) down. */
export function tabletop(d: Drawing, c: Colourway, horizon: number, beam = 0.55): void {
  const { width: w, height: h } = d;
  const y = h * horizon;
  d.add(
    el('rect', {
      width: w,
      height: y + 2,
      fill: d.linear([
        [0, c.wall[0]],
        [1, c.wall[1]],
      ]),
    }),
    // Window light: a slanted, soft-edged beam across the wall.
    el('path', {
      d: polyline([
        [w * 0.52, 0],
        [w * 0.86, 0],
        [w * 0.7, y],
        [w * 0.3, y],
      ]),
      fill: d.linear(
        [
          [0, c.light, 0],
          [0.35, c.light, beam],
          [0.65, c.light, beam],
          [1, c.light, 0],
        ],
        [0, 0.5],
        [1, 0.5],
      ),
    }),
    el('rect', {
      y,
      width: w,
      height: h - y,
      fill: d.linear([
        [0, c.surface[0]],
        [1, c.surface[1]],
      ]),
    }),
    // The surface's front edge catches the light.
    el('rect', { y, width: w, height: h * 0.006, fill: INK.white, opacity: 0.45 }),
  );
}

/** A soft shadow where something stands: an ellipse fading out. */
export function contactShadow(d: Drawing, cx: number, cy: number, rx: number, ry: number, strength = 0.32): string {
  return el('ellipse', {
    cx,
    cy,
    rx,
    ry,
    fill: d.radial([
      [0, INK.shadow, strength],
      [0.6, INK.shadow, strength * 0.45],
      [1, INK.shadow, 0],
    ]),
  });
}

/** A soft light: a disc fading from `colour` to nothing. */
export function glow(d: Drawing, cx: number, cy: number, r: number, colour: string, strength = 0.8): string {
  return el('circle', {
    cx,
    cy,
    r,
    fill: d.radial([
      [0, colour, strength],
      [0.45, colour, strength * 0.45],
      [1, colour, 0],
    ]),
  });
}

/** Out-of-focus lights in a band of the picture (x, y, width, height in units), as a lens blurs them. */
export function bokeh(
  d: Drawing,
  random: SeededRandom,
  area: { x: number; y: number; width: number; height: number },
  colours: readonly string[],
  count: number,
  size: readonly [number, number],
): string {
  // One gradient per colour: every disc of a colour shares it.
  const fills = colours.map((colour) =>
    d.radial([
      [0, colour, 0.55],
      [0.75, colour, 0.4],
      [1, colour, 0],
    ]),
  );
  const discs: string[] = [];
  for (let i = 0; i < count; i++) {
    discs.push(
      el('circle', {
        cx: area.x + random.next() * area.width,
        cy: area.y + random.next() * area.height,
        r: random.int(size[0], size[1]),
        fill: random.pick(fills),
        opacity: 0.35 + random.next() * 0.5,
      }),
    );
  }
  return el('g', {}, discs);
}

/** Darker corners, as a lens gives them; `strength` 0..1. */
export function vignette(d: Drawing, strength = 0.22, colour: string = INK.shadow): string {
  return el('rect', {
    width: d.width,
    height: d.height,
    fill: d.radial(
      [
        [0, colour, 0],
        [0.62, colour, 0],
        [1, colour, strength],
      ],
      0.5,
      0.5,
      0.75,
    ),
  });
}

/** A sheen down the left of a rounded object, which makes it read as round. */
export function sheen(d: Drawing, x: number, y: number, width: number, height: number, strength = 0.5): string {
  return el('rect', {
    x,
    y,
    width,
    height,
    rx: width / 2,
    fill: d.linear(
      [
        [0, INK.white, 0],
        [0.5, INK.white, strength],
        [1, INK.white, 0],
      ],
      [0, 0.5],
      [1, 0.5],
    ),
  });
}
