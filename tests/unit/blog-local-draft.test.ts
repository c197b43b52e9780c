import { describe, expect, it } from 'vitest';
import { EMPTY_BLOG_FORM } from '../../src/lib/blogs/form';
import { blogDraftKey, hasContent, isBlogDraft, NEW_BLOG } from '../../src/lib/blogs/local-draft';
import { parseLocalRecord } from '../../src/lib/forms/local-draft';

const draft = { form: { ...EMPTY_BLOG_FORM, title: 'たいとる', images: [0, 3], cover: 3 }, baseVersion: '12.000000001' };

describe('the blog draft key', () => {
  it('names the owner and the blog (new before its first save)', () => {
    expect(blogDraftKey('u1', NEW_BLOG)).toBe('theralink:draft:blog:u1:new');
    expect(blogDraftKey('u1', 'u1_20261123_0')).toBe('theralink:draft:blog:u1:u1_20261123_0');
  });
});

describe('a stored record', () => {
  it('comes back when it is a blog draft', () => {
    const text = JSON.stringify({ value: draft, savedAt: 1700000000000, tab: 'a' });
    expect(parseLocalRecord(text, isBlogDraft)).toEqual({ value: draft, savedAt: 1700000000000, tab: 'a' });
    expect(isBlogDraft({ ...draft, baseVersion: null })).toBe(true);
  });

  it('is ignored when missing, broken or of another shape', () => {
    expect(parseLocalRecord(null, isBlogDraft)).toBeNull();
    expect(parseLocalRecord('{', isBlogDraft)).toBeNull();
    expect(parseLocalRecord(JSON.stringify({ value: draft, tab: 'a' }), isBlogDraft)).toBeNull();
    expect(parseLocalRecord(JSON.stringify({ value: { form: {} }, savedAt: 1, tab: 'a' }), isBlogDraft)).toBeNull();
    expect(isBlogDraft({ ...draft, form: { ...draft.form, mode: 'later' } })).toBe(false);
    expect(isBlogDraft({ ...draft, form: { ...draft.form, images: ['0'] } })).toBe(false);
    expect(isBlogDraft({ ...draft, form: { ...draft.form, cover: -1 } })).toBe(false);
    expect(isBlogDraft({ form: draft.form })).toBe(false);
  });
});

describe('hasContent', () => {
  it('is false for an untouched new blog', () => {
    expect(hasContent(EMPTY_BLOG_FORM)).toBe(false);
    expect(hasContent({ ...EMPTY_BLOG_FORM, body: ' \n' })).toBe(false);
    expect(hasContent({ ...EMPTY_BLOG_FORM, body: 'a' })).toBe(true);
    expect(hasContent({ ...EMPTY_BLOG_FORM, images: [0] })).toBe(true);
  });
});
