/**
 * One string for each repeated short string value of parsed records, as
 * Node 20's JSON.parse made them: V8 11 gave every string value of up to 10
 * characters its one internalized copy; V8 12 (Node 22, which production
 * runs) gives each occurrence a string of its own. The export repeats its
 * short values many times over (a shift's date, times, store and owner; an
 * area; a tag), so on Node 22 the same records took 22.2 MB of heap against
 * 13.3 MB on Node 20 at 10,000 therapists, and the 100,000 × 0 build went
 * past 2 GB (docs/performance.md, "Full build on Node 22, production's Node").
 *
 * Longer values than Node 20 shared are shared too (store names, titles):
 * SHARED_MAX_LENGTH. Longer still (bios, diary bodies) are seldom repeated
 * in real data and not looked at.
 */
const SHARED_MAX_LENGTH = 32;

/**
 * Replaces, in place, each short string value of `value` (arrays and plain
 * objects, as JSON.parse makes them) by the first equal one met; returns
 * `value`. The table lives for one call: strings of records released later
 * are not held by it.
 */
export function shareRepeatedStrings<T>(value: T): T {
  const seen = new Map<string, string>();
  const shared = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (node.length > SHARED_MAX_LENGTH) return node;
      const first = seen.get(node);
      if (first !== undefined) return first;
      seen.set(node, node);
      return node;
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = shared(node[i]);
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = shared(record[key]);
    }
    return node;
  };
  return shared(value) as T;
}
