import { describe, expect, it } from 'vitest';
import { fromRestFields, RestTimestamp, timestampMillis, toRestFields, toRestValue } from '../../src/lib/firebase/rest-values';

describe('Firestore REST values', () => {
  it('reads each value type as a plain value', () => {
    const read = fromRestFields({
      title: { stringValue: '今日の日記' },
      cover: { integerValue: '3' },
      ratio: { doubleValue: 0.5 },
      published: { booleanValue: true },
      publishAt: { nullValue: null },
      images: { arrayValue: { values: [{ integerValue: '0' }, { integerValue: '3' }] } },
      empty: { arrayValue: {} },
      nested: { mapValue: { fields: { a: { stringValue: 'b' } } } },
    });
    expect(read).toEqual({
      title: '今日の日記',
      cover: 3,
      ratio: 0.5,
      published: true,
      publishAt: null,
      images: [0, 3],
      empty: [],
      nested: { a: 'b' },
    });
  });

  it('writes integers as integers and fractions as doubles (the rules tell int from float)', () => {
    expect(toRestValue(3)).toEqual({ integerValue: '3' });
    expect(toRestValue(0.25)).toEqual({ doubleValue: 0.25 });
    expect(toRestFields({ tags: ['a'], cover: null })).toEqual({
      tags: { arrayValue: { values: [{ stringValue: 'a' }] } },
      cover: { nullValue: null },
    });
  });

  it('writes a timestamp it read back as the same text, to the nanosecond', () => {
    const text = '2026-11-25T21:40:00.123456789Z';
    const [read] = Object.values(fromRestFields({ createdAt: { timestampValue: text } }));
    expect(read).toBeInstanceOf(RestTimestamp);
    expect(toRestValue(read)).toEqual({ timestampValue: text });
  });

  it('writes a Date as an ISO timestamp', () => {
    expect(toRestValue(new Date(Date.UTC(2026, 10, 25, 12, 0, 0, 7)))).toEqual({ timestampValue: '2026-11-25T12:00:00.007Z' });
  });

  it.each([
    ['2026-11-25T21:40:00.123456789Z', 1795642800123, '1795642800.123456789'],
    ['2026-11-25T21:40:00.1Z', 1795642800100, '1795642800.100000000'],
    ['2026-11-25T21:40:00Z', 1795642800000, '1795642800.000000000'],
  ])('reads %s to the millisecond and to the nanosecond', (text, millis, version) => {
    const at = new RestTimestamp(text);
    expect(at.toMillis()).toBe(millis);
    expect(at.toDate().getTime()).toBe(millis);
    expect(at.toVersion()).toBe(version);
  });

  it('tells versions a microsecond apart', () => {
    expect(new RestTimestamp('2026-11-25T21:40:00.000001Z').toVersion()).not.toBe(
      new RestTimestamp('2026-11-25T21:40:00.000002Z').toVersion(),
    );
  });

  it('reads a missing or malformed timestamp as the epoch', () => {
    expect(timestampMillis(undefined)).toBe(0);
    expect(timestampMillis({ timestampValue: 'not a time' })).toBe(0);
    expect(timestampMillis({ timestampValue: '2026-11-25T21:40:00.5Z' })).toBe(1795642800500);
  });

  it('refuses what Firestore cannot store', () => {
    expect(() => toRestValue(() => 1)).toThrow(TypeError);
  });
});
