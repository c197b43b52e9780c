/**
 * A small SVG builder for the seed's drawn pictures: elements are strings,
 * gradients and blur filters are defined once and named by a counter, and
 * every number is rounded to one decimal so the same drawing is the same
 * text (and so the same bytes once encoded). Pure.
 */

/** Attribute values; undefined leaves the attribute out. */
export type Attrs = Record<string, string | number | undefined>;

/** A gradient stop: offset 0..1, colour, opacity (1 by default). */
export type Stop = readonly [offset: number, colour: string, opacity?: number];

/** A number as the drawing writes it: at most one decimal, no "-0". */
export const n = (value: number): string => {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded === 0 ? 0 : rounded);
};

const attrText = (attrs: Attrs): string =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('');

/** One element; children make it a container. */
export const el = (name: string, attrs: Attrs, children: string | readonly string[] = ''): string => {
  const inner = typeof children === 'string' ? children : children.join('');
  return inner ? `<${name}${attrText(attrs)}>${inner}</${name}>` : `<${name}${attrText(attrs)}/>`;
};

/** A path's `d` from points: M x y L x y …, closed when asked. */
export const polyline = (points: readonly (readonly [number, number])[], closed = true): string =>
  points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('') + (closed ? 'Z' : '');

/** The drawing under construction: a viewBox of `width` × `height` units, defs and layers in painting order. */
export class Drawing {
  private readonly defs: string[] = [];
  private readonly layers: string[] = [];
  private count = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private id(kind: string): string {
    this.count += 1;
    return `${kind}${this.count}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops.map(([offset, colour, opacity = 1]) => el('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity })).join('');
  }

  /** A linear gradient across the shape it fills (from and to in 0..1 of its box); returns its `url(#…)`. */
  linear(stops: readonly Stop[], from: readonly [number, number] = [0, 0], to: readonly [number, number] = [0, 1]): string {
    const id = this.id('l');
    this.defs.push(el('linearGradient', { id, x1: from[0], y1: from[1], x2: to[0], y2: to[1] }, this.stops(stops)));
    return `url(#${id})`;
  }

  /** A radial gradient in the shape's box (centre, radius, focus in 0..1); returns its `url(#…)`. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, focus?: readonly [number, number]): string {
    const id = this.id('r');
    this.defs.push(el('radialGradient', { id, cx, cy, r, fx: focus?.[0], fy: focus?.[1] }, this.stops(stops)));
    return `url(#${id})`;
  }

  /** A Gaussian blur of `deviation` units (the soft edge of a shadow, a glow, a far background); returns its `url(#…)`. */
  blur(deviation: number): string {
    const id = this.id('b');
    this.defs.push(
      el('filter', { id, x: '-50%', y: '-50%', width: '200%', height: '200%' }, el('feGaussianBlur', { stdDeviation: deviation })),
    );
    return `url(#${id})`;
  }

  /** Paints elements over what is there. */
  add(...elements: readonly string[]): this {
    this.layers.push(...elements);
    return this;
  }

  /** The SVG document, drawn at `pixelWidth` × `pixelHeight`; `mirrored` flips it left to right. */
  svg(pixelWidth: number, pixelHeight: number, mirrored = false): string {
    const layers = this.layers.join('');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${mirrored ? el('g', { transform: `matrix(-1 0 0 1 ${this.width} 0)` }, layers) : layers}</svg>`
    );
  }
}
