import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blogTitle, profileMark, scheduleTitle, storeTitle, therapistTitle, type TitledProfile } from '../../src/lib/seo/titles';

const mei = (profileSlug: string, x?: string): TitledProfile => ({ displayName: 'めい', profileSlug, channels: x ? { x } : {} });

describe('page titles tell namesakes apart', () => {
  it('names two めい at one store by their X handles (issue 40)', () => {
    const one = therapistTitle(mei('mei', 'mei_xx'), '天神', 'アロマリゾート 天神店');
    const two = therapistTitle(mei('mei-2', 'mei_tenjin'), '天神', 'アロマリゾート 天神店');
    expect(one).toBe('めい（@mei_xx）天神・アロマリゾート 天神店');
    expect(two).not.toBe(one);
    expect(scheduleTitle(mei('mei', 'mei_xx'))).toBe('めい（@mei_xx）の出勤予定');
  });

  it('uses the profile slug, without @, when she lists no X account', () => {
    expect(profileMark(mei('mei-2'))).toBe('mei-2');
    expect(therapistTitle(mei('mei-2'), '天神')).toBe('めい（mei-2）天神');
    expect(storeTitle(mei('aroma'), 'アロマ', '新宿')).toBe('アロマ（aroma）新宿');
  });

  it('tells one author`s same-titled diaries apart by when they were published (Tokyo)', () => {
    const author = mei('mei', 'mei_xx');
    expect(blogTitle('本日出勤します♪', author, '2026-11-22T05:05:00.000Z')).toBe(
      '本日出勤します♪｜めい（@mei_xx）のブログ 2026/11/22 14:05',
    );
    expect(blogTitle('本日出勤します♪', author, '2026-11-23T05:05:00.000Z')).not.toBe(
      blogTitle('本日出勤します♪', author, '2026-11-22T05:05:00.000Z'),
    );
  });

  it('gives distinct titles to any profiles with distinct slugs and distinct X handles, whatever their names and places (seeded)', () => {
    const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/);
    const handle = fc.option(fc.stringMatching(/^[a-z0-9_]{1,15}$/), { nil: undefined });
    const profile = fc.record({
      slug,
      handle,
      name: fc.constantFrom('めい', 'みう', 'めい（'),
      area: fc.constantFrom('天神', '新宿', ''),
      store: fc.constantFrom('アロマ', '', undefined),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(profile, { selector: (p) => p.slug, maxLength: 30 }).filter((list) => {
          const handles = list.flatMap((p) => (p.handle ? [p.handle] : []));
          return new Set(handles).size === handles.length;
        }),
        (list) => {
          const titles = list.map((p) =>
            therapistTitle({ displayName: p.name, profileSlug: p.slug, channels: p.handle ? { x: p.handle } : {} }, p.area, p.store),
          );
          // The mark sits right after the name and its closing bracket: equal titles would need equal marks.
          const marks = list.map((p) => profileMark({ profileSlug: p.slug, channels: p.handle ? { x: p.handle } : {} }));
          expect(new Set(marks).size).toBe(list.length);
          expect(new Set(titles).size).toBe(titles.length);
        },
      ),
      { seed: 40, numRuns: 300 },
    );
  });
});
