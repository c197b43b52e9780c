/**
 * The shard a key of a hashed static index lives in (/h/…, /n/…): FNV-1a
 * over UTF-16 units (stable, tiny, the same in Node and browsers) modulo a
 * fixed shard count, as hex. A fixed count keeps a change to one key a
 * change to one file, and spreads keys that share a prefix.
 */
export function shardOf(key: string, shardCount: number): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % shardCount).toString(16).padStart((shardCount - 1).toString(16).length, '0');
}
