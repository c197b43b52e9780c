/** scripts/announce.ts: option checks (Japanese messages) and when pushing is skipped. */
import { describe, expect, it } from 'vitest';
import { AnnounceInputError, parseAnnounceOptions, pushSkipReason } from '../../scripts/announce';
import { ANNOUNCEMENT_KINDS } from '../../src/schema/announcements';

const errorOf = (options: unknown): string => {
  try {
    parseAnnounceOptions(options);
  } catch (error) {
    expect(error).toBeInstanceOf(AnnounceInputError);
    return (error as Error).message;
  }
  throw new Error('expected the options to be rejected');
};

describe('parseAnnounceOptions', () => {
  it('fills in defaults: empty body and link, kind system', () => {
    expect(parseAnnounceOptions({ users: ['u1'], title: 'ようこそ' })).toEqual({
      users: ['u1'],
      all: false,
      title: 'ようこそ',
      body: '',
      link: '',
      kind: 'system',
    });
  });

  it('trims text and drops repeated users', () => {
    expect(parseAnnounceOptions({ users: ['u1', 'u2', 'u1'], title: '  題  ', body: ' 本文 ', link: ' /a ' })).toMatchObject({
      users: ['u1', 'u2'],
      title: '題',
      body: '本文',
      link: '/a',
    });
  });

  it('accepts --all, every kind of the schema, a site path and an https URL', () => {
    expect(parseAnnounceOptions({ all: true, title: 't' }).all).toBe(true);
    for (const kind of ANNOUNCEMENT_KINDS) {
      expect(parseAnnounceOptions({ users: ['u'], title: 't', kind }).kind).toBe(kind);
    }
    expect(parseAnnounceOptions({ users: ['u'], title: 't', link: '/therapists/miu?tab=blog' }).link).toBe('/therapists/miu?tab=blog');
    expect(parseAnnounceOptions({ users: ['u'], title: 't', link: 'https://example.com/x' }).link).toBe('https://example.com/x');
  });

  it('takes a title of exactly 100 characters and refuses 101', () => {
    expect(parseAnnounceOptions({ users: ['u'], title: 'あ'.repeat(100) }).title).toHaveLength(100);
    expect(errorOf({ users: ['u'], title: 'あ'.repeat(101) })).toMatch(/タイトル.*100 文字以内/);
  });

  it('refuses a missing or blank title', () => {
    expect(errorOf({ users: ['u'] })).toMatch(/タイトル（--title）を指定してください/);
    expect(errorOf({ users: ['u'], title: '   ' })).toMatch(/タイトル（--title）が空です/);
  });

  it('refuses a body over 1000 characters', () => {
    expect(errorOf({ users: ['u'], title: 't', body: 'x'.repeat(1001) })).toMatch(/本文.*1000 文字以内/);
  });

  it('refuses links that are neither a site path nor https', () => {
    for (const link of ['http://example.com', '//evil.example/x', 'javascript:alert(1)', 'therapists/miu', `/${'a'.repeat(500)}`]) {
      expect(errorOf({ users: ['u'], title: 't', link }), link).toMatch(/リンク（--link）/);
    }
  });

  it('refuses an unknown kind, naming the allowed ones', () => {
    expect(errorOf({ users: ['u'], title: 't', kind: 'ad' })).toMatch(/種類（--kind）は system \/ favorite-blog/);
  });

  it('needs exactly one of --user and --all', () => {
    expect(errorOf({ title: 't' })).toMatch(/宛先を指定してください/);
    expect(errorOf({ users: [], title: 't' })).toMatch(/宛先を指定してください/);
    expect(errorOf({ users: ['u'], all: true, title: 't' })).toMatch(/一緒に使えません/);
  });

  it('refuses user ids that are empty or contain a slash', () => {
    expect(errorOf({ users: [''], title: 't' })).toMatch(/ユーザー ID（--user）が空です/);
    expect(errorOf({ users: ['a/b'], title: 't' })).toMatch(/ユーザー ID.*\//);
  });

  it('lists every problem at once, and names unknown options', () => {
    const message = errorOf({ title: '', link: 'ftp://x', extra: 1 });
    expect(message).toMatch(/知らないオプションです: extra/);
    expect(message).toMatch(/タイトル/);
    expect(message).toMatch(/リンク/);
  });
});

describe('pushSkipReason', () => {
  it('skips against the emulator, saying Cloud Messaging has none', () => {
    expect(pushSkipReason({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }, 'theralink-prod')).toMatch(
      /Cloud Messaging にはエミュレータがないため、プッシュ送信はスキップしました/,
    );
  });

  it('skips for a demo- project', () => {
    expect(pushSkipReason({}, 'demo-theralink')).toMatch(/demo-theralink.*スキップしました/);
  });

  it('pushes for a real project without the emulator', () => {
    expect(pushSkipReason({}, 'theralink-prod')).toBeNull();
  });
});
