/**
 * Stands in for postcss in the browser bundle (astro.config.mjs aliases it):
 * sanitize-html imports it to parse style attributes, which the renderer
 * never allows nor parses (src/lib/markdown/render.ts, parseStyleAttributes
 * false), and it would be about 100 KB of the blog editor's JavaScript.
 */
export function parse(): never {
  throw new Error('Style attributes are not parsed in the browser.');
}

export default { parse };
