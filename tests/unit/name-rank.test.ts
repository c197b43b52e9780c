import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNameRanked, orderNameSearch, rankNameGroup, workDays, type NameRanked } from '../../src/lib/search/name-rank';
import { foldForMatch } from '../../src/lib/search/rank';

const TODAY = '2026-11-28';
const facts = (over: Partial<NameRanked['facts']> = {}): NameRanked['facts'] => ({ shiftDays: [], level: 0, fans: 0, wrote: '', ...over });
const person = (url: string, over: Partial<NameRanked['facts']> = {}, therapist = true): NameRanked => ({
  url,
  therapist,
  facts: facts(over),
});

describe('workDays', () => {
  it('counts today and the six days after it as this week, not the day before or the seventh after', () => {
    expect(workDays(facts({ shiftDays: [TODAY] }), TODAY)).toEqual({ today: true, week: true });
    expect(workDays(facts({ shiftDays: ['2026-12-04'] }), TODAY)).toEqual({ today: false, week: true });
    expect(workDays(facts({ shiftDays: ['2026-11-27', '2026-12-05'] }), TODAY)).toEqual({ today: false, week: false });
  });
});

describe('rankNameGroup', () => {
  it('puts working today first, then this week, then level, 推し count and the newest diary, stores last', () => {
    const group = [
      person('/store-profile/a', {}, false),
      person('/profile/wrote-old', { wrote: '2026-11-01T00:00:00.000Z' }),
      person('/profile/wrote-new', { wrote: '2026-11-20T00:00:00.000Z' }),
      person('/profile/fans', { fans: 3 }),
      person('/profile/operator', { level: 3 }),
      person('/profile/week', { shiftDays: ['2026-11-30'] }),
      person('/profile/today', { shiftDays: [TODAY] }),
    ];
    expect(rankNameGroup(group, TODAY).map((entry) => entry.url)).toEqual([
      '/profile/today',
      '/profile/week',
      '/profile/operator',
      '/profile/fans',
      '/profile/wrote-new',
      '/profile/wrote-old',
      '/store-profile/a',
    ]);
  });

  it('is a total order that does not depend on the order the index lists the group in', () => {
    const day = fc.constantFrom('2026-11-27', TODAY, '2026-11-29', '2026-12-04', '2026-12-05');
    const entry = fc.record({
      url: fc.constantFrom('/profile/a', '/profile/b', '/profile/c', '/store-profile/d'),
      therapist: fc.boolean(),
      facts: fc.record({
        shiftDays: fc.uniqueArray(day, { maxLength: 3 }).map((days) => days.sort()),
        level: fc.integer({ min: 0, max: 3 }),
        fans: fc.nat(50),
        wrote: fc.constantFrom('', '2026-11-01T00:00:00.000Z', '2026-11-20T00:00:00.000Z'),
      }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (each) => each.url, maxLength: 4 }), (group) => {
        const ranked = rankNameGroup(group, TODAY);
        expect(rankNameGroup([...group].reverse(), TODAY)).toEqual(ranked);
        for (let i = 1; i < ranked.length; i++) expect(compareNameRanked(ranked[i - 1]!, ranked[i]!, TODAY)).toBeLessThan(0);
        // Whoever works today is ahead of every therapist who does not.
        const todayAt = ranked.map((each) => each.therapist && workDays(each.facts, TODAY).today);
        expect(todayAt.indexOf(false) === -1 || todayAt.lastIndexOf(true) < todayAt.indexOf(false)).toBe(true);
      }),
      { seed: 40, numRuns: 300 },
    );
  });
});

describe('orderNameSearch', () => {
  interface Found {
    url: string;
    title: string;
    writing: boolean;
  }
  const titles = fc.constantFrom('みう', 'ミウ', 'みう（新人）', 'みお', 'みうら', 'あみう', 'みう ', 'ＭＩＵ', 'miu', '店 みう');

  it('always puts every exact match before every partial one and every other name, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('みう', 'miu', 'みお', ' ミウ'),
        fc.uniqueArray(fc.record({ url: fc.webPath(), therapist: fc.boolean(), facts: fc.constant(facts()) }), {
          selector: (each) => each.url,
          maxLength: 5,
        }),
        fc.array(fc.record({ url: fc.webPath(), title: titles, writing: fc.boolean() }), { maxLength: 12 }),
        (query, group, found: Found[]) => {
          const exact = group.map((each) => ({ ...each, title: query }));
          const ordered = orderNameSearch(query, exact, found, (item) => item, TODAY);
          const isExact = ordered.map((item) => foldForMatch((item as { title: string }).title) === foldForMatch(query));
          const firstPartial = isExact.indexOf(false);
          if (firstPartial !== -1) expect(isExact.slice(firstPartial)).not.toContain(true);
          // The name group leads, whole, and is not repeated by its full-text pages.
          expect(ordered.slice(0, exact.length)).toEqual(rankNameGroup(exact, TODAY));
          const groupUrls = new Set(exact.map((each) => each.url));
          expect(ordered.slice(exact.length).some((item) => groupUrls.has(item.url))).toBe(false);
        },
      ),
      { seed: 40, numRuns: 500 },
    );
  });

  it('lists みう profiles after every みお, never among them', () => {
    const ordered = orderNameSearch(
      'みお',
      [person('/profile/mio-2', { shiftDays: [TODAY] }), person('/profile/mio-1')],
      [
        { url: '/profile/miu', title: 'みう', writing: false },
        { url: '/store-profile/mio-shop', title: 'サロンみお', writing: false },
        { url: '/profile/mio-1', title: 'みお', writing: false },
      ],
      (item) => item,
      TODAY,
    );
    expect(ordered.map((item) => item.url)).toEqual(['/profile/mio-2', '/profile/mio-1', '/store-profile/mio-shop', '/profile/miu']);
  });
});
