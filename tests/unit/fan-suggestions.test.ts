import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickSuggestions, type SuggestedPerson, type SuggestionGroup } from '../../src/lib/favorites/suggestions';

const person = (uid: string): SuggestedPerson => ({
  uid,
  name: uid,
  href: `/profile/${uid}`,
  area: '新宿',
  photoURL: '',
  illustration: '',
  note: '',
});
const group = (id: SuggestionGroup['id'], uids: string[]): SuggestionGroup => ({ id, title: id, people: uids.map(person) });

describe('pickSuggestions', () => {
  it('shows each person once, in the first group that has her, and drops empty groups', () => {
    const picked = pickSuggestions([group('today', ['a', 'b']), group('ranked', ['a', 'b']), group('writing', ['b', 'c'])], 4);
    expect(picked.map((g) => [g.id, g.people.map((p) => p.uid)])).toEqual([
      ['today', ['a', 'b']],
      ['writing', ['c']],
    ]);
  });

  it('for any candidates: at most perGroup each, nobody twice, order kept', () => {
    const uids = fc.array(fc.constantFrom<string>('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 12 });
    fc.assert(
      fc.property(uids, uids, uids, fc.integer({ min: 1, max: 5 }), (today, ranked, writing, perGroup) => {
        const picked = pickSuggestions([group('today', today), group('ranked', ranked), group('writing', writing)], perGroup);
        const all = picked.flatMap((g) => g.people.map((p) => p.uid));
        expect(new Set(all).size).toBe(all.length);
        for (const g of picked) {
          expect(g.people.length).toBeGreaterThan(0);
          expect(g.people.length).toBeLessThanOrEqual(perGroup);
          const source = { today, ranked, writing }[g.id];
          const positions = g.people.map((p) => source.indexOf(p.uid));
          expect(positions).toEqual([...positions].sort((x, y) => x - y));
        }
      }),
      { seed: 402, numRuns: 300 },
    );
  });
});
