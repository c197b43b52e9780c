import { describe, expect, it } from 'vitest';
import {
  completionShard,
  completionShardUrl,
  handleShard,
  handleShardUrl,
  lookUpHandle,
  type HandleEntry,
} from '../../src/lib/search/handle-index';

const entry = (handle: string, kind: HandleEntry['kind'] = 'former'): HandleEntry => ({
  handle,
  kind,
  verification: kind === 'former' ? 'self' : null,
  disputed: false,
  frozenOn: null,
  owner: {
    kind: 'therapist',
    uid: 'demo-therapist',
    name: 'みう',
    href: '/profile/miu',
    area: '新宿',
    photoURL: '',
    channels: [],
    store: null,
    nextShift: null,
  },
});

describe('handle index shards', () => {
  it('hashes a handle into one of 4096 answer shards, spreading handles that share a prefix', () => {
    expect(handleShard('miu_0312')).toMatch(/^[0-9a-f]{3}$/);
    expect(handleShardUrl('miu_0312')).toBe(`/h/${handleShard('miu_0312')}.json`);
    const shards = new Set(Array.from({ length: 500 }, (_, i) => handleShard(`miu_${i}`)));
    expect(shards.size).toBeGreaterThan(400);
  });

  it('completes from the first five characters, and not below five', () => {
    expect(completionShard('miu_03')).toBe('miu_0');
    expect(completionShardUrl('miu_03')).toBe('/hc/miu_0.json');
    expect(completionShard('miu_')).toBeNull();
    expect(completionShardUrl('mi')).toBeNull();
  });

  it('answers the exact handle (former and current) and completes the rest, shortest first', () => {
    const found = lookUpHandle(
      [entry('miu_0312'), entry('miu_0312', 'current'), entry('miu_99')],
      ['miu_0312', 'miu_03125', 'miu_031', 'miu_99'],
      'miu_031',
    );
    expect(found.exact.map((e) => e.handle)).toEqual([]);
    expect(found.completions).toEqual(['miu_0312', 'miu_03125']);
    const exact = lookUpHandle([entry('miu_0312'), entry('miu_0312', 'current')], ['miu_0312', 'miu_03125'], 'miu_0312');
    expect(exact.exact.map((e) => e.kind)).toEqual(['former', 'current']);
    expect(exact.completions).toEqual(['miu_03125']);
  });
});
