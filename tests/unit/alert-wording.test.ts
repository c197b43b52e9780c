/**
 * The one wording of 推し alerts (src/lib/alerts/wording.ts): each kind
 * names its event in Japanese, dates are words of the reader's Tokyo day,
 * a night shift says 翌, a digest names kinds and counts, and every text
 * fits the announcement schema whatever the facts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERT_WORDING, DIGEST_LABELS, alertWords, announcementWords, dayWord } from '../../src/lib/alerts/wording';
import { X_HANDLE_PATTERN } from '../../src/lib/handles';
import { ALERT_KINDS } from '../../src/schema/users';
import { alertFacts, announcementDoc, type AlertFacts } from '../../src/schema/announcements';

/** 12:00 on Sunday 22 November 2026 in Tokyo (03:00 UTC). */
const NOON = new Date('2026-11-22T03:00:00Z');
/** 00:30 on the 23rd in Tokyo: still the 22nd in UTC. */
const JUST_AFTER_MIDNIGHT = new Date('2026-11-22T15:30:00Z');

const shift = (date: string, start = '14:00', end = '20:00', store: string | null = null): AlertFacts => ({
  kind: 'shift',
  name: 'ことは',
  date,
  start,
  end,
  store,
});

describe('dayWord', () => {
  it('says 本日, 明日, 昨日 or the date with its weekday, by the Tokyo day', () => {
    expect(dayWord('2026-11-22', NOON)).toBe('本日');
    expect(dayWord('2026-11-23', NOON)).toBe('明日');
    expect(dayWord('2026-11-21', NOON)).toBe('昨日');
    expect(dayWord('2026-11-25', NOON)).toBe('11月25日(水)');
    // Tokyo has turned over while UTC has not.
    expect(dayWord('2026-11-23', JUST_AFTER_MIDNIGHT)).toBe('本日');
  });
});

describe('each kind names its event', () => {
  it('a shift: who, which day, from when; the body has the whole span (翌 for a night shift) and the store', () => {
    expect(alertWords(shift('2026-11-22'), NOON)).toEqual({
      title: 'ことはさんが本日 14:00〜 出勤します',
      body: '11月22日(日) 14:00〜20:00',
    });
    expect(alertWords(shift('2026-11-23', '19:00', '02:00', 'アロマリゾート新宿'), NOON)).toEqual({
      title: 'ことはさんが明日 19:00〜 出勤します',
      body: '11月23日(月) 19:00〜翌02:00（アロマリゾート新宿）',
    });
    // Read later, the same alert says the day it was and that it is past.
    expect(alertWords(shift('2026-11-20'), NOON).title).toBe('ことはさんが11月20日(金) 14:00〜 出勤しました');
  });

  it('a blog, a post, a former handle, a new X handle, a watched handle', () => {
    expect(alertWords({ kind: 'blog', name: 'ことは', title: '雨の日の過ごし方', teaser: '今日は雨でしたね。' }, NOON)).toEqual({
      title: 'ことはさんが新しいブログを書きました：雨の日の過ごし方',
      body: '今日は雨でしたね。',
    });
    expect(alertWords({ kind: 'post', name: 'ことは', excerpt: '本日18時から出勤します！' }, NOON)).toEqual({
      title: 'ことはさんがタイムラインに投稿しました',
      body: '本日18時から出勤します！',
    });
    expect(alertWords({ kind: 'former-handle', name: 'ことは', handle: 'koto_old' }, NOON).title).toBe(
      'ことはさんが旧アカウント @koto_old を登録しました',
    );
    expect(alertWords({ kind: 'moved', name: 'ことは', handle: 'koto_new' }, NOON)).toEqual({
      title: 'ことはさんが X のアカウントを @koto_new に変更しました',
      body: 'X の新しいアカウントは @koto_new です。',
    });
    expect(alertWords({ kind: 'watch', name: 'ことは', handle: 'koto_new' }, NOON)).toEqual({
      title: '@koto_new が登録されました',
      body: '@koto_new はことはさんのアカウントとして登録されています。',
    });
  });

  it('a digest lists its kinds and counts, never a bare count', () => {
    const digest: AlertFacts = {
      kind: 'digest',
      name: 'ことは',
      date: '2026-11-22',
      counts: [
        { kind: 'schedule', count: 1 },
        { kind: 'blog', count: 2 },
      ],
    };
    const words = alertWords(digest, NOON);
    expect(words.title).toBe('ことはさん：出勤 1 件、ブログ 2 件');
    expect(words.body).toBe('本日のことはさんの新着をまとめてお知らせします。プロフィールで確認できます。');
    expect(words.title).not.toMatch(/ほかに/);
    expect(alertWords(digest, new Date('2026-11-23T03:00:00Z')).body).toMatch(/^昨日の/);
  });

  it('has a label for every kind a digest can count', () => {
    for (const kind of ALERT_KINDS) expect(DIGEST_LABELS[kind]).toMatch(/^\S+$/);
  });
});

describe('every facts the schema accepts are worded within the announcement schema', () => {
  const dateKey = fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const name = fc.string({ minLength: 1, maxLength: 500, unit: 'grapheme' });
  const handle = fc.stringMatching(X_HANDLE_PATTERN);
  const facts: fc.Arbitrary<AlertFacts> = fc.oneof(
    fc.record({ kind: fc.constant('shift' as const), name, date: dateKey, start: time, end: time, store: fc.option(name, { nil: null }) }),
    fc.record({
      kind: fc.constant('blog' as const),
      name,
      title: fc.string({ minLength: 1, maxLength: 100, unit: 'grapheme' }),
      teaser: fc.string({ maxLength: 400, unit: 'grapheme' }),
    }),
    fc.record({ kind: fc.constant('post' as const), name, excerpt: fc.string({ maxLength: 500, unit: 'grapheme' }) }),
    fc.record({ kind: fc.constantFrom('former-handle' as const, 'moved' as const, 'watch' as const), name, handle }),
    fc.record({
      kind: fc.constant('digest' as const),
      name,
      date: dateKey,
      counts: fc.uniqueArray(fc.record({ kind: fc.constantFrom(...ALERT_KINDS), count: fc.integer({ min: 1, max: 13 }) }), {
        minLength: 1,
        selector: (entry) => entry.kind,
      }),
    }),
  );

  it('title 1–100 and body ≤ 1000 characters, naming her', () => {
    fc.assert(
      fc.property(
        facts,
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        (f, now) => {
          expect(alertFacts.safeParse(f).success).toBe(true);
          const words = alertWords(f, now);
          expect(words.title.length).toBeGreaterThan(0);
          expect(words.title.length).toBeLessThanOrEqual(announcementDoc.shape.title.maxLength ?? 100);
          expect(words.body.length).toBeLessThanOrEqual(announcementDoc.shape.body.maxLength ?? 1000);
          expect(words.title.includes(f.name.slice(0, 10)) || words.body.includes(f.name.slice(0, 10))).toBe(true);
        },
      ),
      { seed: 40, numRuns: 500 },
    );
  });
});

describe('the list words what it shows', () => {
  it('an alert from its facts as of the reading day; a notice without facts as stored', () => {
    const stored = { title: 'ことはさんが本日 14:00〜 出勤します', body: '', facts: shift('2026-11-22') };
    expect(announcementWords(stored, new Date('2026-11-23T03:00:00Z')).title).toBe('ことはさんが昨日 14:00〜 出勤しました');
    expect(announcementWords({ title: 'メンテナンスのお知らせ', body: '本文', facts: null }, NOON)).toEqual({
      title: 'メンテナンスのお知らせ',
      body: '本文',
    });
  });

  it('has one function per kind of facts', () => {
    const kinds = alertFacts.options.map((option) => option.shape.kind.value).sort();
    expect(Object.keys(ALERT_WORDING).sort()).toEqual(kinds);
  });
});
