import { describe, expect, it } from 'vitest';
import { isPostDraft, postDraftKey, postProblem, postText } from '../../src/lib/posts/compose';
import { postDoc } from '../../src/schema/posts';

describe('postProblem', () => {
  it('needs some text, at most 500 characters once trimmed', () => {
    expect(postProblem('', 0)).toBe('投稿する内容を入力してください。');
    expect(postProblem(' \n\u3000', 0)).toBe('投稿する内容を入力してください。');
    expect(postProblem(`  ${'あ'.repeat(500)}\n`, 0)).toBeNull();
    expect(postProblem('あ'.repeat(501), 0)).toBe('投稿は 500 文字までです（いま 501 文字）。');
    // UTF-16 units, as the rules count: an emoji outside the BMP is two.
    expect(postProblem('😀'.repeat(251), 0)).toContain('502 文字');
  });

  it('allows up to four pictures', () => {
    expect(postProblem('写真です', 4)).toBeNull();
    expect(postProblem('写真です', 5)).toBe('画像は 4 枚までです。');
  });

  it('gives text the schema accepts', () => {
    const at = { toDate: () => new Date() };
    const text = postText('  今日は新宿にいます  \n');
    expect(text).toBe('今日は新宿にいます');
    const parsed = postDoc.safeParse({ userId: 'u1', text, images: [0, 1], createdAt: at, updatedAt: at, hidden: false });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});

describe('the composer draft', () => {
  it('is the text alone, under her uid', () => {
    expect(postDraftKey('u1')).toBe('theralink:draft:post:u1');
    expect(isPostDraft('あ')).toBe(true);
    expect(isPostDraft({ text: 'あ' })).toBe(false);
  });
});
