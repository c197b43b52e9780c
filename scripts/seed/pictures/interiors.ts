/**
 * The salon: a treatment room, a shop front with a noren, and a reception
 * counter, as a store photographs itself. Empty rooms, no people.
 */
import type { Sketch } from './motif';
import { INK } from './palette';
import { bokeh, contactShadow, glow, sheen, vignette } from './setting';
import { el, n, polyline, type Drawing } from './svg';

/** A plant in a pot at (x, base): a round, leafy crown. */
function pottedPlant(d: Drawing, x: number, base: number, size: number, pot: string): string {
  const leaves = d.radial(
    [
      [0, INK.leaf[0]],
      [0.6, INK.leaf[1]],
      [1, INK.leaf[2]],
    ],
    0.4,
    0.35,
    0.7,
  );
  return el('g', {}, [
    contactShadow(d, x, base, size * 0.7, size * 0.12),
    el('circle', { cx: x - size * 0.28, cy: base - size * 1.15, r: size * 0.42, fill: leaves }),
    el('circle', { cx: x + size * 0.3, cy: base - size * 1.2, r: size * 0.4, fill: leaves }),
    el('circle', { cx: x, cy: base - size * 1.55, r: size * 0.45, fill: leaves }),
    el('path', {
      d: polyline([
        [x - size * 0.4, base - size * 0.75],
        [x + size * 0.4, base - size * 0.75],
        [x + size * 0.3, base],
        [x - size * 0.3, base],
      ]),
      fill: pot,
    }),
  ]);
}

/** The treatment room: a made-up bed, a window with a sheer curtain, a lamp, a plant, wooden floor. */
export function room({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  const floor = h * 0.7;
  d.add(
    el('rect', {
      width: w,
      height: floor + 2,
      fill: d.linear([
        [0, c.wall[0]],
        [1, c.wall[1]],
      ]),
    }),
    el('rect', {
      y: floor,
      width: w,
      height: h - floor,
      fill: d.linear([
        [0, INK.wood[0]],
        [1, INK.wood[1]],
      ]),
    }),
  );
  for (let i = 0; i < 14; i++) {
    const x = (i - 3) * (w / 8);
    d.add(el('line', { x1: w / 2 + (x - w / 2) * 0.35, y1: floor, x2: x, y2: h, stroke: INK.wood[2], 'stroke-width': 1.5, opacity: 0.3 }));
  }
  d.add(el('rect', { y: floor - 8, width: w, height: 10, fill: INK.cream[0] }));
  // The window with a sheer curtain, light spilling onto the floor.
  const wx = w * 0.06;
  const ww = w * 0.26;
  d.add(
    el('rect', { x: wx, y: h * 0.08, width: ww, height: h * 0.52, fill: c.light }),
    el('path', {
      d: polyline([
        [wx, floor],
        [wx + ww, floor],
        [wx + ww * 1.8, h],
        [wx + ww * 0.2, h],
      ]),
      fill: c.light,
      opacity: 0.35,
    }),
  );
  const folds: string[] = [];
  for (let i = 0; i < 8; i++)
    folds.push(el('rect', { x: wx - 10 + i * (ww / 7), y: h * 0.06, width: ww / 10, height: h * 0.58, fill: c.accent[0], opacity: 0.35 }));
  d.add(el('g', {}, folds), el('rect', { x: wx - 16, y: h * 0.05, width: ww + 32, height: 8, fill: INK.wood[1] }));
  // A landscape on the wall: a low sun over two hills, no text.
  const fx = w * 0.46;
  const fy = h * 0.14;
  const fw = w * 0.2;
  const fh = h * 0.2;
  d.add(
    el('rect', { x: fx, y: fy, width: fw, height: fh, fill: INK.cream[0], stroke: INK.wood[1], 'stroke-width': 6 }),
    el('circle', { cx: fx + fw * 0.72, cy: fy + fh * 0.38, r: fh * 0.14, fill: c.accent[0] }),
    el('path', {
      d: `M${n(fx)} ${n(fy + fh * 0.75)}Q${n(fx + fw * 0.3)} ${n(fy + fh * 0.45)} ${n(fx + fw * 0.6)} ${n(fy + fh * 0.72)}T${n(fx + fw)} ${n(fy + fh * 0.62)}V${n(fy + fh)}H${n(fx)}Z`,
      fill: c.accent[1],
      opacity: 0.55,
    }),
    el('path', {
      d: `M${n(fx)} ${n(fy + fh * 0.88)}Q${n(fx + fw * 0.5)} ${n(fy + fh * 0.7)} ${n(fx + fw)} ${n(fy + fh * 0.86)}V${n(fy + fh)}H${n(fx)}Z`,
      fill: INK.leaf[1],
      opacity: 0.5,
    }),
  );
  // The bed in perspective: top, front, legs, a towel and a rolled one at the head.
  const bx = w * 0.36;
  const by = h * 0.6;
  const bw = w * 0.46;
  d.add(
    contactShadow(d, bx + bw / 2, h * 0.86, bw * 0.62, 24, 0.4),
    el('rect', { x: bx + 14, y: by + 60, width: 12, height: h * 0.24, fill: INK.wood[2] }),
    el('rect', { x: bx + bw - 26, y: by + 60, width: 12, height: h * 0.24, fill: INK.wood[2] }),
    el('path', {
      d: polyline([
        [bx + 30, by - 40],
        [bx + bw + 10, by - 40],
        [bx + bw, by],
        [bx, by],
      ]),
      fill: INK.cream[0],
    }),
    el('rect', {
      x: bx,
      y: by,
      width: bw,
      height: 62,
      rx: 10,
      fill: d.linear([
        [0, INK.cream[1]],
        [1, INK.cream[2]],
      ]),
    }),
    el('path', {
      d: polyline([
        [bx + bw * 0.35, by - 40],
        [bx + bw * 0.95, by - 40],
        [bx + bw * 0.93, by + 40],
        [bx + bw * 0.3, by + 40],
      ]),
      fill: c.accent[0],
    }),
    el('ellipse', {
      cx: bx + 70,
      cy: by - 24,
      rx: 46,
      ry: 20,
      fill: d.linear([
        [0, INK.white],
        [1, INK.cream[1]],
      ]),
    }),
  );
  // A side table with a candle, and a floor lamp.
  const tx = w * 0.88;
  d.add(
    el('rect', { x: tx - 40, y: h * 0.6, width: 80, height: 12, fill: INK.wood[1] }),
    el('rect', { x: tx - 6, y: h * 0.6, width: 12, height: h * 0.24, fill: INK.wood[2] }),
    el('rect', { x: tx - 14, y: h * 0.6 - 34, width: 28, height: 34, fill: INK.cream[0] }),
    glow(d, tx, h * 0.6 - 44, 50, '#fde68a', 0.6),
    el('ellipse', { cx: tx, cy: h * 0.6 - 44, rx: 4, ry: 9, fill: '#fbbf24' }),
    glow(d, w * 0.3, h * 0.2, 160, '#fff3d6', 0.55),
    el('line', { x1: w * 0.3, y1: h * 0.24, x2: w * 0.3, y2: floor + 40, stroke: '#44403c', 'stroke-width': 4 }),
    el('ellipse', { cx: w * 0.3, cy: floor + 40, rx: 26, ry: 7, fill: '#44403c' }),
    el('path', {
      d: polyline([
        [w * 0.3 - 34, h * 0.24],
        [w * 0.3 + 34, h * 0.24],
        [w * 0.3 + 22, h * 0.14],
        [w * 0.3 - 22, h * 0.14],
      ]),
      fill: '#fff6e4',
    }),
    pottedPlant(d, w * 0.06, h * 0.96, 90, INK.cream[2]),
  );
  d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.3 }, [c.light], 5, [10, 26]), vignette(d, 0.28));
}

/** The shop front: plaster and wood, a lit window, a noren over the door, plants, a lamp; evening for variant 1. */
export function storefront({ d, c, variant }: Sketch): void {
  const { width: w, height: h } = d;
  const evening = variant === 1;
  const ground = h * 0.86;
  d.add(
    el('rect', {
      width: w,
      height: ground,
      fill: d.linear(
        evening
          ? [
              [0, '#3a3466'],
              [1, '#6d5c8c'],
            ]
          : [
              [0, '#f3ece2'],
              [1, '#e6dccd'],
            ],
      ),
    }),
    // Wooden slats on the left half.
    el('rect', { x: 0, y: h * 0.12, width: w * 0.46, height: ground - h * 0.12, fill: evening ? '#5c4033' : INK.wood[0] }),
  );
  for (let x = 8; x < w * 0.46; x += 18)
    d.add(el('rect', { x, y: h * 0.12, width: 4, height: ground - h * 0.12, fill: INK.wood[2], opacity: 0.45 }));
  // The eave.
  d.add(
    el('rect', { x: -10, y: h * 0.06, width: w + 20, height: h * 0.07, fill: '#3f2d24' }),
    el('rect', { x: -10, y: h * 0.13, width: w + 20, height: 8, fill: '#2a1e18', opacity: 0.6 }),
  );
  // The lit window with a plant and lamp inside.
  // Kept to the middle: a store's photo is shown in a circle.
  const wx = w * 0.1;
  const wy = h * 0.24;
  const ww = w * 0.32;
  const wh = h * 0.38;
  d.add(
    el('rect', { x: wx - 8, y: wy - 8, width: ww + 16, height: wh + 16, fill: '#3f2d24' }),
    el('rect', {
      x: wx,
      y: wy,
      width: ww,
      height: wh,
      fill: d.radial(
        [
          [0, '#fff3d0'],
          [0.7, '#f8d9a0'],
          [1, '#d9a86b'],
        ],
        0.5,
        0.4,
        0.8,
      ),
    }),
    glow(d, wx + ww * 0.7, wy + wh * 0.3, 70, '#fffbeb', 0.8),
    el('path', {
      d: polyline([
        [wx + ww * 0.62, wy + wh * 0.2],
        [wx + ww * 0.78, wy + wh * 0.2],
        [wx + ww * 0.74, wy + wh * 0.08],
        [wx + ww * 0.66, wy + wh * 0.08],
      ]),
      fill: '#fff',
    }),
    el('line', { x1: wx + ww * 0.7, y1: wy + wh * 0.2, x2: wx + ww * 0.7, y2: wy + wh, stroke: '#6b5344', 'stroke-width': 3 }),
    el('circle', { cx: wx + ww * 0.25, cy: wy + wh * 0.62, r: ww * 0.16, fill: INK.leaf[1], opacity: 0.85 }),
    el('rect', { x: wx + ww * 0.17, y: wy + wh * 0.72, width: ww * 0.16, height: wh * 0.28, fill: INK.cream[2] }),
    el('line', { x1: wx + ww / 2, y1: wy, x2: wx + ww / 2, y2: wy + wh, stroke: '#3f2d24', 'stroke-width': 5 }),
    sheen(d, wx + ww * 0.05, wy + wh * 0.05, ww * 0.1, wh * 0.9, 0.3),
  );
  // The door and its noren: three panels with a soft pattern.
  const dx = w * 0.56;
  const dw = w * 0.28;
  const dy = h * 0.22;
  d.add(
    el('rect', { x: dx - 8, y: dy - 8, width: dw + 16, height: ground - dy + 8, fill: '#3f2d24' }),
    el('rect', {
      x: dx,
      y: dy,
      width: dw,
      height: ground - dy,
      fill: d.linear([
        [0, '#e9c99a'],
        [1, '#b98a5a'],
      ]),
    }),
    glow(d, dx + dw / 2, dy + (ground - dy) * 0.55, dw * 0.6, '#fff3d0', 0.5),
    el('rect', { x: dx - 14, y: dy - 10, width: dw + 28, height: 8, fill: INK.wood[2] }),
  );
  const panel = dw / 3;
  for (let i = 0; i < 3; i++) {
    const px = dx + i * panel + 2;
    d.add(
      el('rect', {
        x: px,
        y: dy - 4,
        width: panel - 4,
        height: (ground - dy) * 0.42,
        fill: d.linear([
          [0, c.accent[2]],
          [1, c.accent[1]],
        ]),
      }),
      el('circle', {
        cx: px + panel / 2 - 2,
        cy: dy + (ground - dy) * 0.2,
        r: panel * 0.2,
        fill: 'none',
        stroke: '#fff',
        'stroke-width': 3,
        opacity: 0.75,
      }),
    );
  }
  // A round lamp by the door, a blank sign plate, plants and the step.
  d.add(
    glow(d, dx - 40, h * 0.32, 70, '#fde68a', evening ? 0.8 : 0.4),
    el('circle', { cx: dx - 40, cy: h * 0.32, r: 18, fill: '#fff7e0' }),
    el('rect', { x: dx - 56, y: h * 0.45, width: 32, height: 70, rx: 4, fill: INK.cream[0], stroke: '#3f2d24', 'stroke-width': 3 }),
    el('rect', {
      x: 0,
      y: ground,
      width: w,
      height: h - ground,
      fill: d.linear(
        evening
          ? [
              [0, '#4a4458'],
              [1, '#2f2b3a'],
            ]
          : [
              [0, '#cfc6b8'],
              [1, '#b3a998'],
            ],
      ),
    }),
    el('rect', { x: dx - 20, y: ground, width: dw + 40, height: 14, fill: evening ? '#6b6478' : '#e2dbd0' }),
    pottedPlant(d, w * 0.485, ground + 10, 46, '#57534e'),
    pottedPlant(d, w * 0.9, ground + 10, 54, '#57534e'),
  );
  if (evening) d.add(glow(d, wx + ww / 2, ground + 20, ww * 0.7, '#fde68a', 0.25));
  d.add(vignette(d, evening ? 0.35 : 0.18));
}

/** The reception: a wooden counter with flowers, pendant lamps, shelves of bottles, a plant. */
export function reception({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  const floor = h * 0.82;
  d.add(
    el('rect', {
      width: w,
      height: floor,
      fill: d.linear([
        [0, c.wall[0]],
        [1, c.wall[1]],
      ]),
    }),
    el('rect', {
      y: floor,
      width: w,
      height: h - floor,
      fill: d.linear([
        [0, INK.wood[1]],
        [1, INK.wood[2]],
      ]),
    }),
  );
  // Shelves with bottles and folded towels.
  for (const y of [h * 0.36, h * 0.52]) {
    d.add(el('rect', { x: w * 0.1, y, width: w * 0.8, height: 8, fill: INK.wood[1] }));
    let x = w * 0.13;
    while (x < w * 0.86) {
      if (random.chance(0.35)) {
        d.add(el('rect', { x, y: y - 22, width: 46, height: 22, rx: 5, fill: random.pick([INK.cream[0], c.accent[0]]) }));
        x += 56;
      } else {
        const height = 30 + random.int(0, 24);
        d.add(
          el('rect', { x, y: y - height, width: 18, height, rx: 4, fill: random.pick([INK.glassAmber[1], INK.glassAmber[0], '#8a9a7b']) }),
          el('rect', { x: x + 5, y: y - height - 8, width: 8, height: 9, fill: '#292524' }),
        );
        x += 28;
      }
    }
  }
  // Pendant lamps.
  for (const x of [w * 0.3, w * 0.7]) {
    d.add(
      el('line', { x1: x, y1: 0, x2: x, y2: h * 0.12, stroke: '#44403c', 'stroke-width': 2 }),
      glow(d, x, h * 0.18, 120, '#fff1cc', 0.55),
      el('path', {
        d: `M${n(x - 36)} ${n(h * 0.18)}Q${n(x - 34)} ${n(h * 0.12)} ${n(x)} ${n(h * 0.12)}Q${n(x + 34)} ${n(h * 0.12)} ${n(x + 36)} ${n(h * 0.18)}Z`,
        fill: INK.wood[0],
      }),
    );
  }
  // The counter.
  const top = h * 0.64;
  d.add(
    contactShadow(d, w * 0.5, floor + 10, w * 0.45, 20, 0.35),
    el('rect', {
      x: w * 0.12,
      y: top,
      width: w * 0.76,
      height: floor - top + 6,
      fill: d.linear([
        [0, INK.wood[0]],
        [1, INK.wood[1]],
      ]),
    }),
  );
  for (let x = w * 0.14; x < w * 0.87; x += 22)
    d.add(el('rect', { x, y: top + 16, width: 5, height: floor - top - 12, fill: INK.wood[2], opacity: 0.35 }));
  d.add(el('rect', { x: w * 0.1, y: top - 10, width: w * 0.8, height: 16, rx: 3, fill: INK.cream[0] }));
  // Flowers on the counter.
  const vx = w * 0.72;
  for (let i = 0; i < 7; i++) {
    const x = vx - 40 + i * 13;
    const y = top - 80 - random.int(0, 40);
    d.add(
      el('line', { x1: vx, y1: top - 30, x2: x, y2: y, stroke: INK.leaf[1], 'stroke-width': 3 }),
      el('circle', { cx: x, cy: y, r: 12, fill: random.pick([c.accent[0], c.accent[1], INK.white]) }),
    );
  }
  d.add(
    el('rect', { x: vx - 18, y: top - 44, width: 36, height: 36, rx: 8, fill: INK.cream[1] }),
    el('rect', { x: w * 0.25, y: top - 26, width: 60, height: 16, rx: 3, fill: '#44403c' }),
    pottedPlant(d, w * 0.05, floor + 12, 70, INK.cream[2]),
    vignette(d, 0.22),
  );
}
