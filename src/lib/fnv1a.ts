/**
 * FNV-1a (32-bit) over a string's UTF-16 code units: the one hash that
 * places things by name: the export's author shards
 * (src/lib/export-shards.ts), the sitemap's parts (src/lib/seo/sitemap.ts),
 * the search index's parts (src/lib/search/index-parts.ts) and the site
 * state's page shards (scripts/lib/site-state.ts).
 * Not a crypto hash: it must give the same number in the renderer's bundle
 * and in the scripts, and its values name files on disk, so it never changes.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
