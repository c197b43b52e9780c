import { describe, expect, it } from 'vitest';
import { blogDoc } from '../../src/schema/blogs';
import { blogStatus, type StoredBlog } from '../../src/lib/blogs/blog';
import { EMPTY_BLOG_FORM, formFromBlog, sameBlogForm, validateBlogForm, type BlogForm } from '../../src/lib/blogs/form';
import { dateToTokyoLocal, earliestScheduleValue, tokyoLocalToDate } from '../../src/lib/blogs/publish-time';
import { markdownProblem } from '../../src/lib/markdown/bounds';

const now = new Date('2026-11-23T03:00:00Z'); // 12:00 in Tokyo
const form = (overrides: Partial<BlogForm> = {}): BlogForm => ({ ...EMPTY_BLOG_FORM, title: '今日の出勤', body: '本文', ...overrides });
const verified = { emailVerified: true, now };

function stored(overrides: Partial<StoredBlog> = {}): StoredBlog {
  return {
    id: 'u1_20261120_0',
    userId: 'u1',
    title: '保存済み',
    body: '![笑顔](image:1)',
    cover: 1,
    images: [1, 0],
    tags: ['日記', '新宿'],
    published: true,
    publishAt: new Date('2026-11-20T01:00:00Z'),
    createdAt: new Date('2026-11-20T01:00:00Z'),
    updatedAt: new Date('2026-11-21T01:00:00Z'),
    hidden: false,
    version: '1.000000000',
    ...overrides,
  };
}

describe('publish times in Tokyo', () => {
  it('reads a datetime-local value as Tokyo time, whatever the device zone', () => {
    expect(tokyoLocalToDate('2026-11-24T09:30')?.toISOString()).toBe('2026-11-24T00:30:00.000Z');
    expect(dateToTokyoLocal(new Date('2026-11-24T00:30:00Z'))).toBe('2026-11-24T09:30');
    expect(dateToTokyoLocal(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24T00:00');
  });

  it('refuses what is not a real time', () => {
    expect(tokyoLocalToDate('')).toBeNull();
    expect(tokyoLocalToDate('2026-02-30T10:00')).toBeNull();
    expect(tokyoLocalToDate('2026-11-24T24:00')).toBeNull();
    expect(tokyoLocalToDate('2026-11-24 10:00')).toBeNull();
  });

  it('offers the next whole minute as the earliest', () => {
    expect(earliestScheduleValue(new Date('2026-11-23T03:00:30Z'))).toBe('2026-11-23T12:01');
  });
});

describe('blog status', () => {
  it('is hidden first, then draft, scheduled or published by publishAt', () => {
    expect(blogStatus(stored({ hidden: true }), now)).toBe('hidden');
    expect(blogStatus(stored({ published: false, publishAt: null }), now)).toBe('draft');
    expect(blogStatus(stored({ publishAt: new Date('2026-11-23T03:00:01Z') }), now)).toBe('scheduled');
    expect(blogStatus(stored({ publishAt: now }), now)).toBe('published');
  });
});

describe('the form of a stored blog', () => {
  it('holds its fields, tags as text, and the publish choice', () => {
    expect(formFromBlog(stored(), now)).toEqual({
      title: '保存済み',
      body: '![笑顔](image:1)',
      tagsText: '日記、新宿',
      mode: 'now',
      publishAt: '',
      images: [1, 0],
      cover: 1,
    });
    expect(formFromBlog(stored({ published: false, publishAt: null }), now).mode).toBe('draft');
    const scheduled = formFromBlog(stored({ publishAt: new Date('2026-11-30T11:00:00Z') }), now);
    expect(scheduled).toMatchObject({ mode: 'scheduled', publishAt: '2026-11-30T20:00' });
  });

  it('compares as saved: tags by what they parse to, the 予約 time only when scheduled', () => {
    const base = formFromBlog(stored(), now);
    expect(sameBlogForm(base, { ...base, tagsText: '#日記 新宿' })).toBe(true);
    expect(sameBlogForm(base, { ...base, publishAt: '2027-01-01T00:00' })).toBe(true);
    expect(sameBlogForm(base, { ...base, body: `${base.body} ` })).toBe(false);
    expect(sameBlogForm(base, { ...base, images: [0, 1] })).toBe(false);
    expect(sameBlogForm(base, { ...base, cover: null })).toBe(false);
  });
});

describe('validateBlogForm', () => {
  it('accepts a draft without a verified email', () => {
    const result = validateBlogForm(form({ title: '  下書き  ', tagsText: '日記 日記' }), { emailVerified: false, now });
    expect(result).toEqual({
      ok: true,
      title: '下書き',
      body: '本文',
      tags: ['日記'],
      cover: null,
      images: [],
      mode: 'draft',
      publishAt: null,
    });
  });

  it('needs a title, also for a draft, and keeps within the limits', () => {
    expect(validateBlogForm(form({ title: ' ' }), verified)).toMatchObject({
      ok: false,
      errors: { title: expect.stringContaining('タイトル') },
    });
    expect(validateBlogForm(form({ title: 'あ'.repeat(101) }), verified)).toMatchObject({
      ok: false,
      errors: { title: expect.stringContaining('100 文字') },
    });
    expect(validateBlogForm(form({ body: 'あ'.repeat(20001) }), verified)).toMatchObject({
      ok: false,
      errors: { body: expect.stringContaining('20000') },
    });
    expect(validateBlogForm(form({ tagsText: Array.from({ length: 11 }, (_, n) => `t${n}`).join(' ') }), verified)).toMatchObject({
      ok: false,
      errors: { tags: expect.stringContaining('10 個') },
    });
  });

  it('refuses a body past the Markdown bounds with their message, a draft as much as a published blog', () => {
    const body = `はじめに\n\n${'> '.repeat(12)}深い引用`;
    for (const mode of ['draft', 'now'] as const) {
      expect(validateBlogForm(form({ body, mode }), verified)).toEqual({ ok: false, errors: { body: markdownProblem(body)?.message } });
    }
    expect(markdownProblem(body)?.message).toContain('3 行目');
    expect(validateBlogForm(form({ body: `はじめに\n\n${'> '.repeat(3)}引用` }), verified).ok).toBe(true);
  });

  it('refuses publishing, now or later, without a verified email', () => {
    for (const mode of ['now', 'scheduled'] as const) {
      const result = validateBlogForm(form({ mode, publishAt: '2026-11-30T10:00' }), { emailVerified: false, now });
      expect(result).toMatchObject({ ok: false, errors: { mode: expect.stringContaining('メールアドレスの確認') } });
    }
  });

  it('needs a 予約 time after now, unless it is the stored one', () => {
    expect(validateBlogForm(form({ mode: 'scheduled' }), verified)).toMatchObject({ ok: false, errors: { publishAt: expect.any(String) } });
    expect(validateBlogForm(form({ mode: 'scheduled', publishAt: '2026-11-23T12:00' }), verified)).toMatchObject({
      ok: false,
      errors: { publishAt: expect.stringContaining('いまより後') },
    });
    const ok = validateBlogForm(form({ mode: 'scheduled', publishAt: '2026-11-23T12:01' }), verified);
    expect(ok).toMatchObject({ ok: true, mode: 'scheduled', publishAt: new Date('2026-11-23T03:01:00Z') });
    const storedAt = new Date('2026-11-23T02:00:00Z');
    const kept = validateBlogForm(form({ mode: 'scheduled', publishAt: dateToTokyoLocal(storedAt) }), {
      ...verified,
      stored: { published: true, publishAt: storedAt },
    });
    expect(kept.ok).toBe(true);
  });

  it('drops a cover that is not one of the pictures', () => {
    expect(validateBlogForm(form({ images: [2], cover: 5 }), verified)).toMatchObject({ ok: true, cover: null, images: [2] });
    expect(validateBlogForm(form({ images: [2, 4], cover: 4 }), verified)).toMatchObject({ ok: true, cover: 4 });
  });

  it('gives values the schema accepts', () => {
    const result = validateBlogForm(form({ images: [0, 3], cover: 3, tagsText: '日記、新宿', mode: 'now' }), verified);
    if (!result.ok) throw new Error('expected ok');
    const at = { seconds: 1, nanoseconds: 0, toDate: () => now };
    const parsed = blogDoc.safeParse({
      userId: 'u1',
      title: result.title,
      body: result.body,
      cover: result.cover,
      images: result.images,
      tags: result.tags,
      published: true,
      publishAt: at,
      createdAt: at,
      updatedAt: at,
      hidden: false,
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});
