import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POST_NAME_LENGTH, reportTargetName } from '../../src/lib/reports/target-name';

describe('reportTargetName: the report form names what is reported in words', () => {
  it('names each reportable kind by its public field', () => {
    expect(reportTargetName('accounts', { displayName: 'みう', profileSlug: 'miu' })).toBe('みう');
    expect(reportTargetName('stores', { displayName: 'アロマ新宿', storeName: 'アロマリゾート新宿' })).toBe('アロマ新宿');
    expect(reportTargetName('frozenAccounts', { handle: 'miu_0312' })).toBe('@miu_0312');
    expect(reportTargetName('blogs', { title: '今日の出勤', body: '…' })).toBe('今日の出勤');
  });

  it('names a store without a display name by its store name, as its page does', () => {
    expect(reportTargetName('stores', { displayName: '', storeName: 'アロマリゾート新宿' })).toBe('アロマリゾート新宿');
    expect(reportTargetName('stores', { displayName: ' ', storeName: 'アロマリゾート新宿' })).toBe('アロマリゾート新宿');
    expect(reportTargetName('stores', { displayName: '', storeName: '' })).toBeNull();
  });

  it('names a post by its first words on one line, cut with …', () => {
    const text = `今日は\n新しいお店で初出勤でした。${'とても楽しかったです。'.repeat(5)}`;
    const name = reportTargetName('posts', { text });
    expect(name).toBe(`${[...text.replace('\n', ' ')].slice(0, POST_NAME_LENGTH).join('')}…`);
    expect(reportTargetName('posts', { text: '短い投稿' })).toBe('短い投稿');
  });

  it('gives null, never an id, for an unknown kind or a missing or blank field', () => {
    expect(reportTargetName('users', { displayName: 'x' })).toBeNull();
    expect(reportTargetName('constructor', {})).toBeNull();
    expect(reportTargetName('accounts', {})).toBeNull();
    expect(reportTargetName('blogs', { title: 42 })).toBeNull();
    expect(reportTargetName('posts', { text: ' \n ' })).toBeNull();
  });

  it('is always one line of at most the post length plus … for any post text (seeded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const name = reportTargetName('posts', { text });
        if (name === null) {
          expect(text.trim()).toBe('');
        } else {
          expect(name).not.toMatch(/[\n\r\t]/);
          expect([...name].length).toBeLessThanOrEqual(POST_NAME_LENGTH + 1);
        }
      }),
      { seed: 40, numRuns: 300 },
    );
  });
});
