import { describe, expect, it } from 'vitest';
import { authorShard } from '../../src/lib/export-shards';
import { fnv1a } from '../../src/lib/fnv1a';

describe('fnv1a', () => {
  it('keeps the author shards it names on disk (values from before it was shared)', () => {
    const uids = ['', 'a', 'uid-0001', 'Xy9QkL2mP0aBcDeFgHiJ', 'セラピスト', 'u00042'];
    expect(uids.map(authorShard)).toEqual(['c5', '2c', 'f3', '8d', 'f6', 'ea']);
    expect(uids.map((uid) => fnv1a(uid) % 256)).toEqual([0xc5, 0x2c, 0xf3, 0x8d, 0xf6, 0xea]);
    expect(fnv1a('')).toBe(0x811c9dc5);
  });
});
