/**
 * Scenes out of doors and through the window: the city at night, a sunset
 * over the sea, and the season (cherry blossom, the summer sea, maple
 * leaves, winter lights), the way a diary shows the walk home or the day
 * off. No people.
 */
import type { SeededRandom } from '../random';
import type { Sketch } from './motif';
import { INK } from './palette';
import { bokeh, glow, vignette } from './setting';
import { el, n, polyline, type Drawing } from './svg';

/** A row of buildings along `ground`: heights in `range`, some windows lit; returns the skyline's group. */
function skyline(
  d: Drawing,
  random: SeededRandom,
  ground: number,
  range: readonly [number, number],
  body: string,
  windows: readonly string[],
  litShare: number,
): string {
  const parts: string[] = [];
  let x = -20;
  while (x < d.width) {
    const width = random.int(50, 110);
    const height = random.int(range[0], range[1]);
    const top = ground - height;
    parts.push(el('rect', { x, y: top, width: width - 4, height: height + 2, fill: body }));
    for (let wy = top + 12; wy < ground - 14; wy += 18) {
      for (let wx = x + 8; wx < x + width - 14; wx += 14) {
        if (random.chance(litShare))
          parts.push(el('rect', { x: wx, y: wy, width: 7, height: 9, fill: random.pick(windows), opacity: 0.6 + random.next() * 0.4 }));
      }
    }
    x += width;
  }
  return el('g', {}, parts);
}

/** The city at night through a window: lit buildings, a tower, the moon, lights blurred on the glass. */
export function night({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  d.add(
    el('rect', {
      width: w,
      height: h,
      fill: d.linear([
        [0, '#0f0c29'],
        [0.55, '#2e1f4f'],
        [0.85, '#6b3a6b'],
        [1, '#a8557a'],
      ]),
    }),
  );
  for (let i = 0; i < 40; i++)
    d.add(
      el('circle', {
        cx: random.next() * w,
        cy: random.next() * h * 0.4,
        r: random.chance(0.2) ? 1.6 : 1,
        fill: INK.white,
        opacity: 0.4 + random.next() * 0.5,
      }),
    );
  d.add(glow(d, w * 0.8, h * 0.17, 90, '#fef3c7', 0.35), el('circle', { cx: w * 0.8, cy: h * 0.17, r: 26, fill: '#fff7e0' }));
  const ground = h * 0.98;
  d.add(skyline(d, random, ground, [150, 260], '#3a2d5c', ['#fcd34d', '#fde68a'], 0.18));
  // A lattice tower with its lights.
  const tx = w * 0.3;
  d.add(
    el('path', {
      d: polyline([
        [tx - 60, ground - 150],
        [tx - 6, h * 0.14],
        [tx + 6, h * 0.14],
        [tx + 60, ground - 150],
      ]),
      fill: '#c2410c',
    }),
    el('path', {
      d: polyline([
        [tx - 40, ground - 200],
        [tx - 6, h * 0.14],
        [tx + 6, h * 0.14],
        [tx + 40, ground - 200],
      ]),
      fill: '#fb923c',
      opacity: 0.6,
    }),
    el('rect', { x: tx - 26, y: h * 0.4, width: 52, height: 12, fill: '#fdba74' }),
    el('rect', { x: tx - 14, y: h * 0.24, width: 28, height: 8, fill: '#fdba74' }),
    el('line', { x1: tx, y1: h * 0.14, x2: tx, y2: h * 0.05, stroke: '#fdba74', 'stroke-width': 3 }),
    glow(d, tx, h * 0.4, 120, '#fb923c', 0.35),
  );
  // Its lattice: crossing braces between the two legs, narrowing upwards.
  const top = h * 0.14;
  const foot = ground - 150;
  const halfAt = (y: number) => 6 + ((y - top) / (foot - top)) * 54;
  const braces: string[] = [];
  for (let y = h * 0.44; y < foot; y += 28) {
    const next = Math.min(y + 28, foot);
    braces.push(
      `M${n(tx - halfAt(y))} ${n(y)}L${n(tx + halfAt(next))} ${n(next)}M${n(tx + halfAt(y))} ${n(y)}L${n(tx - halfAt(next))} ${n(next)}`,
    );
  }
  d.add(el('path', { d: braces.join(''), stroke: '#7c2d12', 'stroke-width': 2, fill: 'none', opacity: 0.7 }));
  d.add(skyline(d, random, ground, [70, 170], '#1b1433', [c.light, '#fde68a', c.accent[0]], 0.3));
  d.add(bokeh(d, random, { x: 0, y: h * 0.55, width: w, height: h * 0.45 }, [c.light, c.accent[1], '#fb923c'], 16, [20, 48]));
  // The window frame and sill, dark in front.
  d.add(
    el('rect', { width: 26, height: h, fill: '#120d20' }),
    el('rect', { y: h * 0.93, width: w, height: h * 0.07, fill: '#120d20' }),
    vignette(d, 0.45, '#05030d'),
  );
}

/** The sun going down over a calm sea, an island far off, its light on the water. */
export function sky({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  const horizon = h * 0.62;
  d.add(
    el('rect', {
      width: w,
      height: horizon + 2,
      fill: d.linear([
        [0, '#8f86c9'],
        [0.45, '#e3a3c3'],
        [0.8, '#fbc9a8'],
        [1, '#fde2b8'],
      ]),
    }),
  );
  const sunX = w * (0.4 + random.next() * 0.2);
  d.add(glow(d, sunX, horizon - 40, 260, '#fff1c7', 0.7), el('circle', { cx: sunX, cy: horizon - 40, r: 38, fill: '#fff6dc' }));
  // Clouds: soft lit bands.
  const soft = d.blur(6);
  const clouds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const y = h * 0.12 + i * 34 + random.int(-10, 10);
    clouds.push(
      el('ellipse', {
        cx: random.next() * w,
        cy: y,
        rx: 120 + random.int(0, 140),
        ry: 12 + random.int(0, 8),
        fill: i % 2 ? c.accent[0] : '#f6d2de',
        opacity: 0.75,
      }),
    );
  }
  d.add(el('g', { filter: soft }, clouds));
  // A far island and headland.
  d.add(
    el('path', {
      d: `M${n(w * 0.62)} ${n(horizon)}Q${n(w * 0.72)} ${n(horizon - 46)} ${n(w * 0.8)} ${n(horizon - 30)}T${n(w * 0.98)} ${n(horizon)}Z`,
      fill: '#6d5a8c',
      opacity: 0.8,
    }),
    el('path', { d: `M0 ${n(horizon - 70)}Q${n(w * 0.12)} ${n(horizon - 80)} ${n(w * 0.22)} ${n(horizon)}H0Z`, fill: '#4c3f6b' }),
  );
  d.add(
    el('rect', {
      y: horizon,
      width: w,
      height: h - horizon,
      fill: d.linear([
        [0, '#d89ab3'],
        [0.4, '#9f87b8'],
        [1, '#5b4a86'],
      ]),
    }),
  );
  // The sun's path on the water.
  for (let i = 0; i < 26; i++) {
    const y = horizon + 6 + i * ((h - horizon) / 26);
    const spread = 20 + i * 6;
    d.add(
      el('rect', {
        x: sunX - spread / 2 + random.int(-10, 10),
        y,
        width: spread * (0.4 + random.next() * 0.6),
        height: 3,
        rx: 1.5,
        fill: '#fff1c7',
        opacity: 0.8 - i * 0.022,
      }),
    );
  }
  d.add(vignette(d, 0.25, '#2b1d3f'));
}

/** A cherry blossom: five notched petals round a deeper heart. */
function blossom(d: Drawing, x: number, y: number, size: number, turn: number, fill: string, heart: string): string {
  const petals = Array.from({ length: 5 }, (_, i) =>
    el('path', {
      d: `M${n(x)} ${n(y)}C${n(x - size * 0.55)} ${n(y - size * 0.5)} ${n(x - size * 0.35)} ${n(y - size)} ${n(x - size * 0.08)} ${n(y - size * 0.98)}L${n(x)} ${n(y - size * 0.86)}L${n(x + size * 0.08)} ${n(y - size * 0.98)}C${n(x + size * 0.35)} ${n(y - size)} ${n(x + size * 0.55)} ${n(y - size * 0.5)} ${n(x)} ${n(y)}Z`,
      fill,
      transform: `rotate(${n(turn + i * 72)} ${n(x)} ${n(y)})`,
    }),
  );
  return el('g', {}, [...petals, el('circle', { cx: x, cy: y, r: size * 0.2, fill: heart })]);
}

/** A maple leaf: seven pointed lobes. */
function mapleLeaf(x: number, y: number, size: number, turn: number, fill: string): string {
  const points: [number, number][] = [];
  const lobes = [-90, -45, -15, 15, 45, 90];
  points.push([0, 0.35]);
  for (const lobe of [-135, ...lobes.slice(0, 3), 0, ...lobes.slice(3), 135]) {
    const a = ((lobe - 90) * Math.PI) / 180;
    const length = lobe === 0 ? 1 : Math.abs(lobe) > 100 ? 0.55 : 0.85;
    const b = ((lobe - 90 - 12) * Math.PI) / 180;
    points.push([Math.cos(b) * 0.35, Math.sin(b) * 0.35], [Math.cos(a) * length, Math.sin(a) * length]);
  }
  const path = polyline(points.map(([px, py]) => [x + px * size, y + py * size] as const));
  return el('path', { d: path, fill, transform: `rotate(${n(turn)} ${n(x)} ${n(y)})` });
}

/** The season of the diary: spring blossom, the summer sea, autumn maples, winter lights (variant 0..3). */
export function season({ d, c, random, variant }: Sketch): void {
  const { width: w, height: h } = d;
  if (variant === 0) {
    // Spring: a branch of cherry blossom against a pale sky, petals falling.
    d.add(
      el('rect', {
        width: w,
        height: h,
        fill: d.linear([
          [0, '#cfe3f3'],
          [0.7, '#f3f0f6'],
          [1, '#fbe9f0'],
        ]),
      }),
    );
    d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h }, ['#fbcfe8', '#fce7f3', INK.white], 22, [20, 60]));
    const bark = '#5b4036';
    d.add(
      el('path', {
        d: `M-20 ${n(h * 0.2)}C${n(w * 0.3)} ${n(h * 0.25)} ${n(w * 0.55)} ${n(h * 0.45)} ${n(w * 0.95)} ${n(h * 0.5)}`,
        stroke: bark,
        'stroke-width': 16,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
      el('path', {
        d: `M${n(w * 0.35)} ${n(h * 0.3)}C${n(w * 0.45)} ${n(h * 0.15)} ${n(w * 0.55)} ${n(h * 0.1)} ${n(w * 0.7)} ${n(h * 0.08)}`,
        stroke: bark,
        'stroke-width': 8,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
      el('path', {
        d: `M${n(w * 0.55)} ${n(h * 0.43)}C${n(w * 0.6)} ${n(h * 0.6)} ${n(w * 0.66)} ${n(h * 0.7)} ${n(w * 0.62)} ${n(h * 0.82)}`,
        stroke: bark,
        'stroke-width': 7,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
    );
    const along = (t: number): [number, number] => {
      const x = -20 + (w * 0.95 + 20) * t;
      return [x, h * 0.2 + h * 0.3 * t * t * (3 - 2 * t)];
    };
    const clusters: [number, number][] = [
      ...[0.12, 0.25, 0.4, 0.55, 0.7, 0.85, 0.97].map(along),
      [w * 0.45, h * 0.18],
      [w * 0.6, h * 0.1],
      [w * 0.68, h * 0.07],
      [w * 0.6, h * 0.62],
      [w * 0.63, h * 0.78],
    ];
    for (const [x, y] of clusters) {
      for (let k = 0; k < 5; k++) {
        d.add(
          blossom(
            d,
            x + random.int(-34, 34),
            y + random.int(-30, 26),
            20 + random.int(0, 8),
            random.int(0, 72),
            random.pick(['#fce7f3', '#fbcfe8', '#fdf2f8']),
            '#db2777',
          ),
        );
      }
    }
    for (let i = 0; i < 16; i++) {
      const x = random.next() * w;
      const y = h * 0.5 + random.next() * h * 0.5;
      d.add(
        el('ellipse', {
          cx: x,
          cy: y,
          rx: 8,
          ry: 5,
          fill: '#f9a8d4',
          opacity: 0.8,
          transform: `rotate(${random.int(0, 180)} ${n(x)} ${n(y)})`,
        }),
      );
    }
    d.add(vignette(d, 0.12));
  } else if (variant === 1) {
    // Summer: the sea under a high sky, a white beach, shells.
    const horizon = h * 0.48;
    d.add(
      el('rect', {
        width: w,
        height: horizon + 2,
        fill: d.linear([
          [0, '#5fa8e0'],
          [1, '#cfe9f7'],
        ]),
      }),
      el('g', { filter: d.blur(8) }, [
        el('ellipse', { cx: w * 0.25, cy: h * 0.2, rx: 130, ry: 30, fill: INK.white, opacity: 0.85 }),
        el('ellipse', { cx: w * 0.7, cy: h * 0.3, rx: 160, ry: 26, fill: INK.white, opacity: 0.7 }),
      ]),
      el('rect', {
        y: horizon,
        width: w,
        height: h * 0.24,
        fill: d.linear([
          [0, '#2a8fb8'],
          [1, '#5cc6cf'],
        ]),
      }),
    );
    for (let i = 0; i < 50; i++)
      d.add(
        el('rect', {
          x: random.next() * w,
          y: horizon + 6 + random.next() * h * 0.2,
          width: 14 + random.int(0, 24),
          height: 2.5,
          fill: INK.white,
          opacity: 0.55,
        }),
      );
    const shore = h * 0.72;
    d.add(
      el('path', {
        d: `M0 ${n(shore)}Q${n(w * 0.3)} ${n(shore - 20)} ${n(w * 0.6)} ${n(shore + 6)}T${n(w)} ${n(shore - 4)}V${n(h)}H0Z`,
        fill: d.linear([
          [0, '#f6ead4'],
          [1, '#e8d3b0'],
        ]),
      }),
      el('path', {
        d: `M0 ${n(shore)}Q${n(w * 0.3)} ${n(shore - 20)} ${n(w * 0.6)} ${n(shore + 6)}T${n(w)} ${n(shore - 4)}`,
        stroke: INK.white,
        'stroke-width': 8,
        fill: 'none',
        opacity: 0.85,
      }),
    );
    for (const [x, y, size] of [
      [0.3, 0.86, 26],
      [0.62, 0.9, 20],
      [0.75, 0.82, 16],
    ] as const) {
      const sx = w * x;
      const sy = h * y;
      d.add(
        el('path', {
          d: `M${n(sx)} ${n(sy + size * 0.5)}L${n(sx - size)} ${n(sy - size * 0.4)}Q${n(sx)} ${n(sy - size * 1.3)} ${n(sx + size)} ${n(sy - size * 0.4)}Z`,
          fill: d.linear([
            [0, '#fde2e4'],
            [1, '#f4b8c1'],
          ]),
        }),
      );
      for (let k = -2; k <= 2; k++)
        d.add(
          el('line', { x1: sx, y1: sy + size * 0.5, x2: sx + k * size * 0.4, y2: sy - size * 0.7, stroke: '#e59aa7', 'stroke-width': 1.5 }),
        );
    }
    d.add(vignette(d, 0.15));
  } else if (variant === 2) {
    // Autumn: maple leaves against warm blurred light, fallen ones on the deck.
    d.add(
      el('rect', {
        width: w,
        height: h,
        fill: d.linear([
          [0, '#f7d9a8'],
          [0.6, '#e9a36b'],
          [1, '#8a4b2f'],
        ]),
      }),
    );
    d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.7 }, ['#fde68a', '#fb923c', '#fff7ed'], 20, [24, 64]));
    const deck = h * 0.74;
    d.add(
      el('rect', {
        y: deck,
        width: w,
        height: h - deck,
        fill: d.linear([
          [0, INK.wood[1]],
          [1, INK.wood[2]],
        ]),
      }),
    );
    for (let i = 1; i < 5; i++)
      d.add(el('line', { x1: 0, y1: deck + i * 34, x2: w, y2: deck + i * 34, stroke: '#5c3a24', 'stroke-width': 2, opacity: 0.5 }));
    d.add(
      el('path', {
        d: `M${n(w * 1.05)} ${n(h * 0.05)}C${n(w * 0.7)} ${n(h * 0.1)} ${n(w * 0.45)} ${n(h * 0.22)} ${n(w * 0.15)} ${n(h * 0.18)}`,
        stroke: '#4a2f22',
        'stroke-width': 7,
        fill: 'none',
      }),
    );
    const reds = ['#dc2626', '#ea580c', '#f59e0b', '#b91c1c'];
    for (let i = 0; i < 16; i++) {
      const t = i / 15;
      const x = w * 1.05 - w * 0.9 * t + random.int(-20, 20);
      const y = h * 0.05 + h * 0.17 * Math.sin(t * Math.PI) + random.int(10, 90);
      d.add(mapleLeaf(x, y, 30 + random.int(0, 14), random.int(-40, 40), random.pick(reds)));
    }
    for (let i = 0; i < 9; i++)
      d.add(
        mapleLeaf(
          random.next() * w,
          deck + 20 + random.next() * (h - deck - 30),
          26 + random.int(0, 10),
          random.int(0, 360),
          random.pick(reds),
        ),
      );
    d.add(vignette(d, 0.25));
  } else {
    // Winter: trees wrapped in lights on a snowy night.
    d.add(
      el('rect', {
        width: w,
        height: h,
        fill: d.linear([
          [0, '#0b1030'],
          [0.7, '#23285a'],
          [1, '#3b3f7a'],
        ]),
      }),
    );
    d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.8 }, [c.light, '#fef3c7', c.accent[0]], 26, [14, 44]));
    const ground = h * 0.8;
    d.add(
      el('rect', {
        y: ground,
        width: w,
        height: h - ground,
        fill: d.linear([
          [0, '#dfe6f5'],
          [1, '#aab4d6'],
        ]),
      }),
    );
    for (const [x, height] of [
      [0.22, 330],
      [0.5, 400],
      [0.78, 300],
    ] as const) {
      const tx = w * x;
      d.add(
        el('path', {
          d: polyline([
            [tx, ground - height],
            [tx + height * 0.32, ground],
            [tx - height * 0.32, ground],
          ]),
          fill: '#14193d',
        }),
      );
      for (let k = 0; k < 90; k++) {
        const t = random.next();
        const y = ground - height + t * height;
        const half = t * height * 0.32;
        d.add(el('circle', { cx: tx - half + random.next() * half * 2, cy: y, r: 3, fill: random.pick([c.light, '#fef9c3', '#fbcfe8']) }));
      }
      d.add(glow(d, tx, ground - height * 0.45, height * 0.55, c.light, 0.25));
    }
    for (let i = 0; i < 60; i++)
      d.add(el('circle', { cx: random.next() * w, cy: random.next() * h, r: 1.5 + random.next() * 2.5, fill: INK.white, opacity: 0.8 }));
    d.add(vignette(d, 0.4, '#05060f'));
  }
}
