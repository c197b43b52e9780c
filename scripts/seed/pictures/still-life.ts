/**
 * Still lifes on a table by a window, as a therapist photographs her room
 * and her break: aroma bottles with lavender, candles, rolled towels and
 * stones, a stone stack by water, tea and a wagashi, a café table from
 * above, tulips in a glass vase and a plant in the window light.
 */
import type { Sketch } from './motif';
import { INK } from './palette';
import { bokeh, contactShadow, glow, sheen, tabletop, vignette } from './setting';
import { el, n, polyline, type Drawing } from './svg';

/** A glass dropper bottle standing at (x, base): body, shoulder, neck, dropper cap, blank label. */
function dropperBottle(d: Drawing, x: number, base: number, width: number, height: number, label: string): string {
  const bodyHeight = height * 0.68;
  const top = base - bodyHeight;
  const neck = width * 0.34;
  const glass = d.linear(
    [
      [0, INK.glassAmber[2]],
      [0.25, INK.glassAmber[0]],
      [0.55, INK.glassAmber[1]],
      [1, INK.glassAmber[2]],
    ],
    [0, 0.5],
    [1, 0.5],
  );
  const cap = d.linear(
    [
      [0, '#1c1917'],
      [0.35, '#57534e'],
      [1, '#0c0a09'],
    ],
    [0, 0.5],
    [1, 0.5],
  );
  return el('g', {}, [
    contactShadow(d, x + width * 0.15, base, width * 0.75, width * 0.12),
    el('path', {
      d: `M${n(x - width / 2)} ${n(base - width * 0.08)}V${n(top + width * 0.18)}Q${n(x - width / 2)} ${n(top)} ${n(x - neck / 2)} ${n(top - width * 0.06)}H${n(x + neck / 2)}Q${n(x + width / 2)} ${n(top)} ${n(x + width / 2)} ${n(top + width * 0.18)}V${n(base - width * 0.08)}Q${n(x + width / 2)} ${n(base)} ${n(x + width * 0.38)} ${n(base)}H${n(x - width * 0.38)}Q${n(x - width / 2)} ${n(base)} ${n(x - width / 2)} ${n(base - width * 0.08)}Z`,
      fill: glass,
    }),
    sheen(d, x - width * 0.34, top + width * 0.2, width * 0.14, bodyHeight * 0.7, 0.55),
    el('rect', {
      x: x - width * 0.42,
      y: base - bodyHeight * 0.62,
      width: width * 0.84,
      height: bodyHeight * 0.36,
      fill: INK.cream[0],
      opacity: 0.92,
    }),
    el('rect', { x: x - width * 0.42, y: base - bodyHeight * 0.55, width: width * 0.84, height: bodyHeight * 0.04, fill: label }),
    el('rect', {
      x: x - width * 0.24,
      y: base - bodyHeight * 0.44,
      width: width * 0.48,
      height: bodyHeight * 0.025,
      fill: label,
      opacity: 0.6,
    }),
    el('rect', { x: x - neck * 0.75, y: top - height * 0.16, width: neck * 1.5, height: height * 0.11, rx: 3, fill: cap }),
    el('rect', { x: x - neck * 0.55, y: top - height * 0.32, width: neck * 1.1, height: height * 0.18, rx: neck * 0.5, fill: cap }),
  ]);
}

/** A lavender sprig lying from (x0, y0) to (x1, y1): a stem and buds along its last half. */
function lavenderSprig(d: Drawing, x0: number, y0: number, x1: number, y1: number, buds: readonly [string, string]): string {
  const parts = [
    el('path', {
      d: `M${n(x0)} ${n(y0)}Q${n((x0 + x1) / 2)} ${n((y0 + y1) / 2 - 12)} ${n(x1)} ${n(y1)}`,
      stroke: INK.leaf[1],
      'stroke-width': 3,
      fill: 'none',
    }),
  ];
  const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
  for (let i = 0; i < 9; i++) {
    const t = 0.5 + i * 0.06;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t - 12 * 4 * t * (1 - t);
    for (const side of [-1, 1]) {
      parts.push(
        el('ellipse', {
          cx: x,
          cy: y + side * 5,
          rx: 7 - i * 0.35,
          ry: 4.5,
          fill: i % 2 === 0 ? buds[0] : buds[1],
          transform: `rotate(${n(angle + side * 35)} ${n(x)} ${n(y + side * 5)})`,
        }),
      );
    }
  }
  return el('g', {}, parts);
}

/** Aroma oil bottles on a linen table, lavender and a dish of petals in front. */
export function aroma({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  tabletop(d, c, 0.6);
  d.add(bokeh(d, random, { x: 0, y: 20, width: w, height: h * 0.42 }, [c.light, c.accent[0], INK.cream[1]], 14, [18, 46]));
  d.add(
    dropperBottle(d, w * 0.38, h * 0.8, 132, 340, c.accent[2]),
    dropperBottle(d, w * 0.55, h * 0.86, 112, 270, c.accent[1]),
    dropperBottle(d, w * 0.69, h * 0.79, 92, 210, c.accent[2]),
  );
  // A shallow ceramic dish of petals.
  const dishX = w * 0.8;
  const dishY = h * 0.88;
  d.add(
    contactShadow(d, dishX + 6, dishY + 8, 92, 20),
    el('ellipse', {
      cx: dishX,
      cy: dishY,
      rx: 86,
      ry: 26,
      fill: d.linear([
        [0, INK.cream[0]],
        [1, INK.cream[2]],
      ]),
    }),
    el('ellipse', { cx: dishX, cy: dishY - 4, rx: 70, ry: 17, fill: INK.cream[1] }),
  );
  for (let i = 0; i < 9; i++) {
    const x = dishX - 50 + random.next() * 100;
    const y = dishY - 12 + random.next() * 14;
    d.add(
      el('ellipse', {
        cx: x,
        cy: y,
        rx: 10,
        ry: 6,
        fill: random.pick(c.accent.slice(0, 2)),
        transform: `rotate(${random.int(0, 180)} ${n(x)} ${n(y)})`,
      }),
    );
  }
  d.add(
    lavenderSprig(d, w * 0.1, h * 0.97, w * 0.36, h * 0.9, ['#a78bfa', '#8b5cf6']),
    lavenderSprig(d, w * 0.06, h * 0.92, w * 0.33, h * 0.86, ['#c4b5fd', '#a78bfa']),
    vignette(d),
  );
}

/** A pillar candle standing at (x, base) with its flame and the light it throws. */
function candle(d: Drawing, x: number, base: number, width: number, height: number, light: string): string {
  const top = base - height;
  const wax = d.linear(
    [
      [0, INK.cream[2]],
      [0.3, INK.cream[0]],
      [0.7, INK.cream[1]],
      [1, '#cdb89f'],
    ],
    [0, 0.5],
    [1, 0.5],
  );
  const flame = d.radial(
    [
      [0, '#ffffff'],
      [0.35, '#fff3c4'],
      [0.7, '#fbbf24', 0.9],
      [1, '#f97316', 0],
    ],
    0.5,
    0.68,
    0.6,
  );
  return el('g', {}, [
    contactShadow(d, x, base, width * 0.7, width * 0.13),
    el('rect', { x: x - width / 2, y: top, width, height, rx: width * 0.08, fill: wax }),
    el('ellipse', { cx: x, cy: top + 2, rx: width / 2, ry: width * 0.12, fill: INK.cream[1] }),
    el('ellipse', { cx: x, cy: top + 4, rx: width * 0.32, ry: width * 0.07, fill: '#f3e3c8' }),
    glow(d, x, top - 6, width * 0.9, light, 0.5),
    el('line', { x1: x, y1: top + 2, x2: x, y2: top - 10, stroke: '#292524', 'stroke-width': 2 }),
    el('path', {
      d: `M${n(x)} ${n(top - 52)}C${n(x + 13)} ${n(top - 30)} ${n(x + 10)} ${n(top - 8)} ${n(x)} ${n(top - 6)}C${n(x - 10)} ${n(top - 8)} ${n(x - 13)} ${n(top - 30)} ${n(x)} ${n(top - 52)}Z`,
      fill: flame,
    }),
  ]);
}

/** Three candles on a wooden tray; variant 0 in an evening room, the others by day. */
export function candles({ d, c, random, variant }: Sketch): void {
  const { width: w, height: h } = d;
  tabletop(d, c, 0.58, variant === 0 ? 0.08 : 0.55);
  d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.5 }, [c.light, '#fbbf24', c.accent[0]], variant === 0 ? 22 : 12, [14, 40]));
  if (variant === 0) d.add(glow(d, w * 0.5, h * 0.45, w * 0.55, c.light, 0.28));
  const trayY = h * 0.84;
  d.add(
    contactShadow(d, w * 0.5, trayY + 22, w * 0.4, 40, 0.4),
    el('ellipse', { cx: w * 0.5, cy: trayY + 6, rx: w * 0.36, ry: 44, fill: INK.wood[2] }),
    el('ellipse', {
      cx: w * 0.5,
      cy: trayY,
      rx: w * 0.35,
      ry: 40,
      fill: d.linear([
        [0, INK.wood[0]],
        [1, INK.wood[1]],
      ]),
    }),
    candle(d, w * 0.38, trayY + 4, 92, 210, c.light),
    candle(d, w * 0.52, trayY + 14, 96, 150, c.light),
    candle(d, w * 0.64, trayY - 2, 80, 110, c.light),
  );
  // Eucalyptus leaves on the tray.
  for (let i = 0; i < 7; i++) {
    const x = w * 0.72 + i * 14;
    const y = trayY + 10 - i * 6;
    d.add(
      el('ellipse', {
        cx: x,
        cy: y,
        rx: 13,
        ry: 9,
        fill: i % 2 ? '#9bb5a0' : '#7f9f86',
        transform: `rotate(${-20 + i * 8} ${n(x)} ${n(y)})`,
      }),
    );
  }
  d.add(vignette(d, variant === 0 ? 0.5 : 0.25, variant === 0 ? '#0b0716' : INK.shadow));
}

/** A rolled towel seen end-on: a disc with the spiral of its roll. */
function rolledTowel(d: Drawing, cx: number, cy: number, r: number, colour: string, edge: string): string {
  const spiral: string[] = [];
  for (let k = 1; k <= 3; k++) {
    const rr = r * (1 - k * 0.22);
    spiral.push(
      el('path', {
        d: `M${n(cx - rr)} ${n(cy)}A${n(rr)} ${n(rr)} 0 1 1 ${n(cx + rr * 0.2)} ${n(cy + rr * 0.98)}`,
        fill: 'none',
        stroke: edge,
        'stroke-width': r * 0.05,
        opacity: 0.55,
      }),
    );
  }
  return el('g', {}, [
    el('circle', {
      cx,
      cy,
      r,
      fill: d.radial(
        [
          [0, INK.white],
          [0.7, colour],
          [1, edge],
        ],
        0.42,
        0.38,
        0.7,
      ),
    }),
    ...spiral,
  ]);
}

/** A plumeria: five white petals around a warm yellow heart. */
function plumeria(d: Drawing, cx: number, cy: number, size: number, turn: number): string {
  const petal = d.radial(
    [
      [0, '#fde68a'],
      [0.45, '#fff7e0'],
      [1, INK.white],
    ],
    0.5,
    1,
    1,
  );
  const petals = Array.from({ length: 5 }, (_, i) =>
    el('ellipse', {
      cx,
      cy: cy - size * 0.5,
      rx: size * 0.3,
      ry: size * 0.55,
      fill: petal,
      transform: `rotate(${turn + i * 72} ${n(cx)} ${n(cy)})`,
    }),
  );
  return el('g', {}, [...petals, el('circle', { cx, cy, r: size * 0.12, fill: '#fbbf24' })]);
}

/** A smooth stone, lit from the upper left. */
function stone(d: Drawing, cx: number, cy: number, rx: number, ry: number): string {
  return el('ellipse', {
    cx,
    cy,
    rx,
    ry,
    fill: d.radial(
      [
        [0, INK.stone[0]],
        [0.55, INK.stone[1]],
        [1, INK.stone[2]],
      ],
      0.38,
      0.3,
      0.75,
    ),
  });
}

/** Rolled towels stacked in a pyramid, warm stones and a plumeria, a leaf behind. */
export function towels({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  tabletop(d, c, 0.56);
  d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.4 }, [c.light, c.accent[0]], 10, [16, 40]));
  // A big leaf leaning behind, out of focus.
  d.add(
    el('path', {
      d: `M${n(w * 0.12)} ${n(h * 0.7)}C${n(w * 0.02)} ${n(h * 0.35)} ${n(w * 0.2)} ${n(h * 0.12)} ${n(w * 0.42)} ${n(h * 0.1)}C${n(w * 0.4)} ${n(h * 0.35)} ${n(w * 0.32)} ${n(h * 0.6)} ${n(w * 0.12)} ${n(h * 0.7)}Z`,
      fill: d.linear([
        [0, INK.leaf[0]],
        [1, INK.leaf[1]],
      ]),
      opacity: 0.85,
    }),
    el('path', {
      d: `M${n(w * 0.13)} ${n(h * 0.68)}Q${n(w * 0.24)} ${n(h * 0.35)} ${n(w * 0.41)} ${n(h * 0.12)}`,
      stroke: INK.leaf[2],
      'stroke-width': 3,
      fill: 'none',
      opacity: 0.5,
    }),
  );
  const r = w * 0.1;
  const base = h * 0.8;
  const colours = [INK.cream[0], c.accent[0], INK.cream[0]];
  d.add(contactShadow(d, w * 0.42, base + r * 0.9, r * 3.4, r * 0.45, 0.35));
  colours.forEach((colour, i) => d.add(rolledTowel(d, w * 0.2 + i * r * 2.05, base, r, colour, i === 1 ? c.accent[1] : INK.cream[2])));
  [c.accent[0], INK.cream[0]].forEach((colour, i) =>
    d.add(rolledTowel(d, w * 0.2 + r * 1.03 + i * r * 2.05, base - r * 1.8, r, colour, i === 0 ? c.accent[1] : INK.cream[2])),
  );
  d.add(rolledTowel(d, w * 0.2 + r * 2.05, base - r * 3.6, r, INK.cream[0], INK.cream[2]));
  // Stones stacked at the right.
  const sx = w * 0.8;
  d.add(
    contactShadow(d, sx, base + r * 0.95, r * 1.4, r * 0.3, 0.4),
    stone(d, sx, base + r * 0.5, r * 1.2, r * 0.5),
    stone(d, sx - 4, base - r * 0.32, r * 0.95, r * 0.4),
    stone(d, sx + 3, base - r * 0.98, r * 0.7, r * 0.3),
    plumeria(d, w * 0.72, base + r * 1.05, r * 0.75, 10),
    vignette(d),
  );
}

/** Stones stacked by still water, bamboo behind, a flower floating. */
export function stones({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  const horizon = h * 0.55;
  d.add(
    el('rect', {
      width: w,
      height: horizon + 2,
      fill: d.linear([
        [0, c.wall[0]],
        [1, c.wall[1]],
      ]),
    }),
  );
  d.add(bokeh(d, random, { x: w * 0.3, y: 0, width: w * 0.7, height: horizon }, [c.light, c.accent[0]], 12, [20, 50]));
  // Bamboo, soft and behind.
  for (const [x, width] of [
    [w * 0.08, 26],
    [w * 0.16, 20],
    [w * 0.9, 24],
  ] as const) {
    const stalk = d.linear(
      [
        [0, INK.leaf[1]],
        [0.4, INK.leaf[0]],
        [1, INK.leaf[2]],
      ],
      [0, 0.5],
      [1, 0.5],
    );
    d.add(el('rect', { x, y: 0, width, height: horizon + 10, fill: stalk, opacity: 0.55 }));
    for (let y = 60 + random.int(0, 40); y < horizon; y += 120)
      d.add(el('rect', { x: x - 2, y, width: width + 4, height: 5, fill: INK.leaf[2], opacity: 0.4 }));
  }
  // Water: a pale surface with ripples.
  d.add(
    el('rect', {
      y: horizon,
      width: w,
      height: h - horizon,
      fill: d.linear([
        [0, c.wall[1]],
        [0.3, '#dfe7e6'],
        [1, '#b9c9c8'],
      ]),
    }),
  );
  const cx = w * 0.5;
  const waterY = h * 0.78;
  for (let k = 1; k <= 4; k++) {
    d.add(
      el('ellipse', {
        cx,
        cy: waterY + 6,
        rx: 120 + k * 55,
        ry: 18 + k * 9,
        fill: 'none',
        stroke: INK.white,
        'stroke-width': 2,
        opacity: 0.5 - k * 0.09,
      }),
    );
  }
  d.add(
    stone(d, cx, waterY - 10, 150, 52),
    stone(d, cx - 8, waterY - 82, 118, 40),
    stone(d, cx + 6, waterY - 140, 88, 32),
    stone(d, cx - 2, waterY - 185, 58, 22),
    sheen(d, cx - 110, waterY - 40, 60, 12, 0.35),
    plumeria(d, w * 0.76, h * 0.88, 38, 25),
    vignette(d, 0.2),
  );
}

/** A tea cup with steam on a cloth, and a flower-shaped wagashi on a plate. */
export function tea({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  tabletop(d, { ...c, surface: [INK.wood[0], INK.wood[1]] }, 0.55);
  d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.45 }, [c.light, c.accent[0]], 12, [16, 44]));
  // Wood grain.
  for (let i = 0; i < 9; i++) {
    const y = h * 0.58 + i * 30 + random.int(-6, 6);
    d.add(
      el('path', {
        d: `M0 ${n(y)}Q${n(w * 0.5)} ${n(y + random.int(-10, 10))} ${n(w)} ${n(y + 4)}`,
        stroke: INK.wood[2],
        'stroke-width': 1.5,
        fill: 'none',
        opacity: 0.25,
      }),
    );
  }
  // A folded cloth under the cup.
  d.add(
    el('path', {
      d: polyline([
        [w * 0.18, h * 0.92],
        [w * 0.3, h * 0.66],
        [w * 0.62, h * 0.66],
        [w * 0.54, h * 0.92],
      ]),
      fill: c.accent[0],
    }),
    el('path', {
      d: polyline([
        [w * 0.18, h * 0.92],
        [w * 0.3, h * 0.66],
        [w * 0.33, h * 0.66],
        [w * 0.21, h * 0.92],
      ]),
      fill: c.accent[1],
      opacity: 0.5,
    }),
  );
  // The cup: a slightly tapered yunomi.
  const cx = w * 0.38;
  const base = h * 0.84;
  const top = base - 170;
  const glaze = d.linear(
    [
      [0, '#5f7b6b'],
      [0.3, '#a9c3b1'],
      [0.6, '#7f9c89'],
      [1, '#44594c'],
    ],
    [0, 0.5],
    [1, 0.5],
  );
  d.add(
    contactShadow(d, cx + 20, base + 4, 110, 18, 0.4),
    el('path', {
      d: `M${n(cx - 78)} ${n(top)}L${n(cx - 66)} ${n(base - 8)}Q${n(cx)} ${n(base + 10)} ${n(cx + 66)} ${n(base - 8)}L${n(cx + 78)} ${n(top)}Z`,
      fill: glaze,
    }),
    el('path', {
      d: `M${n(cx - 78)} ${n(top)}L${n(cx - 76.5)} ${n(top + 20)}Q${n(cx)} ${n(top + 38)} ${n(cx + 76.5)} ${n(top + 20)}L${n(cx + 78)} ${n(top)}Z`,
      fill: '#c9d8cc',
      opacity: 0.8,
    }),
    el('ellipse', { cx, cy: top, rx: 78, ry: 18, fill: '#e8e2d4' }),
    el('ellipse', {
      cx,
      cy: top + 3,
      rx: 68,
      ry: 13,
      fill: d.radial([
        [0, '#c5d27a'],
        [1, '#7c8f36'],
      ]),
    }),
    sheen(d, cx - 60, top + 40, 16, 100, 0.4),
  );
  // Steam.
  const soft = d.blur(5);
  d.add(
    el(
      'g',
      { filter: soft, opacity: 0.7, fill: 'none', stroke: INK.white, 'stroke-width': 7, 'stroke-linecap': 'round' },
      [0, 1, 2].map((i) => el('path', { d: `M${n(cx - 24 + i * 24)} ${n(top - 10)}c-18 -30 18 -50 0 -80s18 -50 0 -70` })),
    ),
  );
  // The plate and a flower-shaped nerikiri.
  const px = w * 0.74;
  const py = h * 0.8;
  d.add(
    contactShadow(d, px + 10, py + 14, 130, 28, 0.35),
    el('ellipse', { cx: px, cy: py + 6, rx: 124, ry: 36, fill: INK.cream[2] }),
    el('ellipse', {
      cx: px,
      cy: py,
      rx: 120,
      ry: 33,
      fill: d.linear([
        [0, INK.cream[0]],
        [1, INK.cream[1]],
      ]),
    }),
  );
  const sweet = d.radial(
    [
      [0, INK.white],
      [0.5, c.accent[0]],
      [1, c.accent[1]],
    ],
    0.45,
    0.35,
    0.8,
  );
  for (let i = 0; i < 5; i++) {
    const a = (i * 72 * Math.PI) / 180;
    d.add(el('ellipse', { cx: px + Math.sin(a) * 26, cy: py - 24 - Math.cos(a) * 12, rx: 30, ry: 24, fill: sweet }));
  }
  d.add(
    el('circle', { cx: px, cy: py - 26, r: 8, fill: '#fcd34d' }),
    el('line', { x1: px + 40, y1: py + 22, x2: px + 110, y2: py - 8, stroke: INK.wood[2], 'stroke-width': 4, 'stroke-linecap': 'round' }),
    vignette(d),
  );
}

/** A café table from above: a latte with a heart, a slice of strawberry cake, a napkin. */
export function cafe({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  d.add(
    el('rect', {
      width: w,
      height: h,
      fill: d.linear(
        [
          [0, c.surface[0]],
          [1, c.surface[1]],
        ],
        [0, 0],
        [1, 1],
      ),
    }),
  );
  // Marble veins.
  for (let i = 0; i < 6; i++) {
    const y = random.int(0, h);
    d.add(
      el('path', {
        d: `M0 ${y}C${n(w * 0.3)} ${y + random.int(-80, 80)} ${n(w * 0.6)} ${y + random.int(-80, 80)} ${w} ${y + random.int(-60, 60)}`,
        stroke: INK.white,
        'stroke-width': 2,
        fill: 'none',
        opacity: 0.35,
      }),
    );
  }
  // Window light across the table.
  d.add(
    el('path', {
      d: polyline([
        [0, h * 0.1],
        [w * 0.55, 0],
        [w, h * 0.5],
        [w * 0.4, h * 0.75],
      ]),
      fill: c.light,
      opacity: 0.25,
    }),
  );
  // A napkin in the corner.
  d.add(
    el('path', {
      d: polyline([
        [0, h * 0.62],
        [w * 0.3, h * 0.78],
        [w * 0.16, h],
        [0, h],
      ]),
      fill: c.accent[0],
    }),
  );
  // Cup on saucer.
  const cx = w * 0.4;
  const cy = h * 0.52;
  d.add(
    el('circle', { cx: cx + 14, cy: cy + 16, r: 172, fill: INK.shadow, opacity: 0.12 }),
    el('circle', {
      cx,
      cy,
      r: 170,
      fill: d.radial([
        [0, INK.cream[1]],
        [0.8, INK.white],
        [1, INK.cream[2]],
      ]),
    }),
    el('rect', { x: cx + 98, y: cy - 22, width: 74, height: 44, rx: 22, fill: INK.cream[0], stroke: INK.cream[2], 'stroke-width': 3 }),
    el('circle', { cx: cx + 6, cy: cy + 8, r: 118, fill: INK.shadow, opacity: 0.12 }),
    el('circle', { cx, cy, r: 116, fill: INK.white }),
    el('circle', {
      cx,
      cy,
      r: 100,
      fill: d.radial([
        [0, '#d9a878'],
        [0.7, '#b07a4c'],
        [1, '#7a4e2d'],
      ]),
    }),
    el('path', {
      d: `M${n(cx)} ${n(cy + 46)}C${n(cx - 80)} ${n(cy - 4)} ${n(cx - 46)} ${n(cy - 62)} ${n(cx)} ${n(cy - 26)}C${n(cx + 46)} ${n(cy - 62)} ${n(cx + 80)} ${n(cy - 4)} ${n(cx)} ${n(cy + 46)}Z`,
      fill: '#fbf1e4',
    }),
    el('path', {
      d: `M${n(cx)} ${n(cy + 30)}C${n(cx - 50)} ${n(cy)} ${n(cx - 30)} ${n(cy - 38)} ${n(cx)} ${n(cy - 14)}C${n(cx + 30)} ${n(cy - 38)} ${n(cx + 50)} ${n(cy)} ${n(cx)} ${n(cy + 30)}Z`,
      fill: '#e6c6a2',
      opacity: 0.6,
    }),
    el('rect', {
      x: cx - 150,
      y: cy + 110,
      width: 110,
      height: 14,
      rx: 7,
      fill: '#d6d3d1',
      transform: `rotate(-35 ${n(cx - 95)} ${n(cy + 117)})`,
    }),
  );
  // A slice of cake on a small plate, top right.
  const px = w * 0.84;
  const py = h * 0.16;
  d.add(
    el('circle', { cx: px + 10, cy: py + 12, r: 132, fill: INK.shadow, opacity: 0.12 }),
    el('circle', {
      cx: px,
      cy: py,
      r: 130,
      fill: d.radial([
        [0, INK.white],
        [1, INK.cream[1]],
      ]),
    }),
    el('path', {
      d: `M${n(px - 60)} ${n(py + 70)}L${n(px + 40)} ${n(py - 70)}A120 120 0 0 1 ${n(px + 80)} ${n(py + 30)}Z`,
      fill: '#fff8ec',
      stroke: '#f1e4cf',
      'stroke-width': 4,
    }),
  );
  for (const [dx, dy] of [
    [40, -30],
    [62, 4],
    [20, 10],
  ] as const) {
    d.add(
      el('circle', {
        cx: px + dx,
        cy: py + dy,
        r: 17,
        fill: d.radial(
          [
            [0, '#fb7185'],
            [1, '#be123c'],
          ],
          0.4,
          0.35,
          0.7,
        ),
      }),
      el('path', { d: `M${n(px + dx - 8)} ${n(py + dy - 14)}l8 6 8 -6`, stroke: INK.leaf[1], 'stroke-width': 3, fill: 'none' }),
    );
  }
  d.add(vignette(d, 0.18));
}

/** A tulip head at (x, y), leaning by `turn` degrees. */
function tulip(d: Drawing, x: number, y: number, size: number, turn: number, colours: readonly [string, string, string]): string {
  const petal = d.linear([
    [0, colours[0]],
    [0.6, colours[1]],
    [1, colours[2]],
  ]);
  return el('g', { transform: `rotate(${turn} ${n(x)} ${n(y + size)})` }, [
    el('path', {
      d: `M${n(x - size * 0.6)} ${n(y - size * 0.2)}Q${n(x - size * 0.7)} ${n(y + size * 0.9)} ${n(x)} ${n(y + size)}Q${n(x + size * 0.7)} ${n(y + size * 0.9)} ${n(x + size * 0.6)} ${n(y - size * 0.2)}Q${n(x + size * 0.3)} ${n(y + size * 0.15)} ${n(x)} ${n(y - size * 0.35)}Q${n(x - size * 0.3)} ${n(y + size * 0.15)} ${n(x - size * 0.6)} ${n(y - size * 0.2)}Z`,
      fill: petal,
    }),
    el('path', {
      d: `M${n(x - size * 0.25)} ${n(y + size * 0.1)}Q${n(x)} ${n(y - size * 0.5)} ${n(x + size * 0.25)} ${n(y + size * 0.1)}Q${n(x)} ${n(y + size * 0.8)} ${n(x - size * 0.25)} ${n(y + size * 0.1)}Z`,
      fill: colours[0],
      opacity: 0.7,
    }),
  ]);
}

/** Tulips in a glass vase on a table by the window. */
export function flowers({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  tabletop(d, c, 0.7);
  d.add(bokeh(d, random, { x: 0, y: 0, width: w, height: h * 0.6 }, [c.light, c.accent[0], INK.leaf[0]], 14, [16, 44]));
  const vx = w * 0.5;
  const base = h * 0.9;
  const heads: [number, number, number][] = [
    [-0.2, 0.3, -18],
    [-0.08, 0.2, -6],
    [0.05, 0.16, 4],
    [0.17, 0.26, 16],
    [-0.02, 0.34, 0],
    [0.1, 0.4, 10],
  ];
  // Leaves, then stems, then heads, then the vase over the stems' feet.
  d.add(
    el('path', {
      d: `M${n(vx - 10)} ${n(base - 150)}Q${n(vx - 160)} ${n(h * 0.45)} ${n(vx - 170)} ${n(h * 0.38)}Q${n(vx - 90)} ${n(h * 0.5)} ${n(vx - 4)} ${n(base - 150)}Z`,
      fill: INK.leaf[1],
    }),
    el('path', {
      d: `M${n(vx + 10)} ${n(base - 150)}Q${n(vx + 150)} ${n(h * 0.5)} ${n(vx + 180)} ${n(h * 0.46)}Q${n(vx + 90)} ${n(h * 0.56)} ${n(vx + 4)} ${n(base - 150)}Z`,
      fill: INK.leaf[2],
    }),
  );
  for (const [dx, dy] of heads) {
    d.add(
      el('path', {
        d: `M${n(vx + dx * 60)} ${n(base - 20)}Q${n(vx + dx * w * 0.4)} ${n(h * 0.55)} ${n(vx + dx * w)} ${n(h * dy + 40)}`,
        stroke: INK.leaf[1],
        'stroke-width': 6,
        fill: 'none',
      }),
    );
  }
  const colours = [c.accent[0], c.accent[1], c.accent[2]] as const;
  for (const [dx, dy, turn] of heads) d.add(tulip(d, vx + dx * w, h * dy, 36 + random.int(-4, 4), turn, colours));
  const glass = d.linear(
    [
      [0, '#ffffff', 0.25],
      [0.3, '#ffffff', 0.6],
      [0.7, '#e7f0f2', 0.35],
      [1, '#c9d9dc', 0.6],
    ],
    [0, 0.5],
    [1, 0.5],
  );
  d.add(
    contactShadow(d, vx + 30, base, 120, 18, 0.3),
    el('path', {
      d: `M${n(vx - 60)} ${n(base - 170)}Q${n(vx - 90)} ${n(base - 40)} ${n(vx - 54)} ${n(base)}H${n(vx + 54)}Q${n(vx + 90)} ${n(base - 40)} ${n(vx + 60)} ${n(base - 170)}Z`,
      fill: glass,
      stroke: '#ffffff',
      'stroke-width': 2,
      'stroke-opacity': 0.7,
    }),
    el('rect', { x: vx - 64, y: base - 100, width: 128, height: 96, fill: '#cfe3e3', opacity: 0.35 }),
    sheen(d, vx - 46, base - 160, 16, 140, 0.6),
    vignette(d),
  );
}

/** A plant with broad leaves in a ceramic pot, the window's shadow on the wall. */
export function plant({ d, c, random }: Sketch): void {
  const { width: w, height: h } = d;
  tabletop(d, c, 0.78);
  // Window panes of light on the wall, slanted.
  for (const [x, y] of [
    [0.5, 0.06],
    [0.72, 0.06],
    [0.46, 0.36],
    [0.68, 0.36],
  ] as const) {
    d.add(
      el('path', {
        d: polyline([
          [w * x, h * y],
          [w * (x + 0.19), h * y],
          [w * (x + 0.15), h * (y + 0.27)],
          [w * (x - 0.04), h * (y + 0.27)],
        ]),
        fill: c.light,
        opacity: 0.7,
      }),
    );
  }
  const px = w * 0.44;
  const base = h * 0.92;
  const crown = base - 150;
  // Leaves on short stems all round the crown, the far ones darker, drawn back to front.
  const leaves = Array.from({ length: 22 }, (_, i) => {
    const angle = -95 + (i * 190) / 21 + random.int(-8, 8);
    const reach = 70 + random.int(0, 150) * (1 - Math.abs(angle) / 190);
    const rad = (angle * Math.PI) / 180;
    const near = random.chance(0.5);
    return { x: px + Math.sin(rad) * reach * 1.3, y: crown - 30 - Math.cos(rad) * reach, angle, size: 44 + random.int(0, 22), near };
  });
  const far = d.linear(
    [
      [0, INK.leaf[1]],
      [1, INK.leaf[2]],
    ],
    [0, 0],
    [1, 1],
  );
  const lit = d.linear(
    [
      [0, INK.leaf[0]],
      [0.55, INK.leaf[1]],
      [1, INK.leaf[2]],
    ],
    [0, 0],
    [1, 1],
  );
  for (const leaf of [...leaves.filter((l) => !l.near), ...leaves.filter((l) => l.near)]) {
    const turn = `rotate(${n(leaf.angle)} ${n(leaf.x)} ${n(leaf.y)})`;
    d.add(
      el('path', {
        d: `M${n(px)} ${n(crown)}Q${n((px + leaf.x) / 2)} ${n(leaf.y + 30)} ${n(leaf.x)} ${n(leaf.y)}`,
        stroke: INK.leaf[2],
        'stroke-width': 3,
        fill: 'none',
      }),
      el('path', {
        d: `M${n(leaf.x)} ${n(leaf.y)}C${n(leaf.x - leaf.size * 0.8)} ${n(leaf.y - leaf.size * 0.5)} ${n(leaf.x - leaf.size * 0.4)} ${n(leaf.y - leaf.size * 1.6)} ${n(leaf.x)} ${n(leaf.y - leaf.size * 2)}C${n(leaf.x + leaf.size * 0.4)} ${n(leaf.y - leaf.size * 1.6)} ${n(leaf.x + leaf.size * 0.8)} ${n(leaf.y - leaf.size * 0.5)} ${n(leaf.x)} ${n(leaf.y)}Z`,
        fill: leaf.near ? lit : far,
        transform: turn,
      }),
      el('line', {
        x1: leaf.x,
        y1: leaf.y,
        x2: leaf.x,
        y2: leaf.y - leaf.size * 1.8,
        stroke: INK.leaf[0],
        'stroke-width': 2,
        opacity: 0.6,
        transform: turn,
      }),
    );
  }
  const pot = d.linear(
    [
      [0, INK.cream[2]],
      [0.3, INK.cream[0]],
      [0.75, INK.cream[1]],
      [1, '#bfae99'],
    ],
    [0, 0.5],
    [1, 0.5],
  );
  d.add(
    contactShadow(d, px + 30, base, 140, 22, 0.35),
    el('path', {
      d: `M${n(px - 100)} ${n(base - 170)}H${n(px + 100)}L${n(px + 80)} ${n(base - 8)}Q${n(px)} ${n(base + 6)} ${n(px - 80)} ${n(base - 8)}Z`,
      fill: pot,
    }),
    el('rect', { x: px - 100, y: base - 120, width: 200, height: 10, fill: c.accent[1], opacity: 0.8 }),
    vignette(d),
  );
}
