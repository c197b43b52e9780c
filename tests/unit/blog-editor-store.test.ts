/**
 * The blog editor's store without React: its actions against the state
 * they promise. Stubbed: the Firestore calls (src/lib/blogs/client.ts), the
 * Storage calls (src/lib/content-images.ts) and the IndexedDB keeping of
 * pictures (an in-memory map of the same functions); localStorage is an
 * in-memory one, read and written by the real local-draft module.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredBlog } from '../../src/lib/blogs/blog';
import { BlogConflictError, OFFLINE_MESSAGE } from '../../src/lib/blogs/errors';
import { EMPTY_BLOG_FORM, formFromBlog, type BlogForm } from '../../src/lib/blogs/form';
import { blogDraftKey, isBlogDraft, NEW_BLOG, type BlogDraft } from '../../src/lib/blogs/local-draft';
import { readLocalDraft, writeLocalDraft } from '../../src/lib/forms/local-draft';
import { createBlogEditor, type BlogEditorOptions } from '../../src/stores/blog-editor/create-blog-editor';
import { hasUnsavedChanges, pictureUrl } from '../../src/stores/blog-editor/state';

const client = vi.hoisted(() => ({ loadBlog: vi.fn(), createBlog: vi.fn(), updateBlog: vi.fn(), deleteBlog: vi.fn() }));
const storage = vi.hoisted(() => ({
  uploadContentImage: vi.fn(async () => undefined),
  contentImageUrl: vi.fn(async (_kind: string, _uid: string, id: string, slot: number) => `https://storage.test/${id}/${slot}`),
  deleteContentImage: vi.fn(async () => undefined),
}));
/** The pictures kept for drafts, as IndexedDB would keep them: `{draftKey}#{slot}` → file. */
const kept = vi.hoisted(() => new Map<string, Blob>());

vi.mock('../../src/lib/blogs/client', () => client);
vi.mock('../../src/lib/content-images', () => storage);
vi.mock('../../src/lib/blogs/pending-images', () => {
  const inDraft = (draftKey: string) => [...kept.keys()].filter((key) => key.startsWith(`${draftKey}#`));
  const read = async (draftKey: string) =>
    new Map(inDraft(draftKey).map((key) => [Number(key.split('#').at(-1)), kept.get(key)!] as const));
  return {
    savePendingImage: async (draftKey: string, slot: number, blob: Blob) => kept.set(`${draftKey}#${slot}`, blob),
    dropPendingImage: async (draftKey: string, slot: number) => kept.delete(`${draftKey}#${slot}`),
    dropPendingImages: async (draftKey: string) => inDraft(draftKey).forEach((key) => kept.delete(key)),
    readPendingImages: read,
    movePendingImages: async (from: string, to: string) => {
      for (const [slot, blob] of await read(from)) kept.set(`${to}#${slot}`, blob);
      inDraft(from).forEach((key) => kept.delete(key));
    },
  };
});

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const UID = 'u1';
const BLOG_ID = 'u1_20261120_0';
const picture = (text: string) => new Blob([text], { type: 'image/webp' });

function stored(overrides: Partial<StoredBlog> = {}): StoredBlog {
  return {
    id: BLOG_ID,
    userId: UID,
    title: '保存済み',
    body: '![](image:1)',
    cover: 1,
    images: [1],
    tags: ['日記'],
    published: false,
    publishAt: null,
    createdAt: new Date('2026-11-20T01:00:00Z'),
    updatedAt: new Date('2026-11-21T01:00:00Z'),
    hidden: false,
    version: 'v1',
    ...overrides,
  };
}

function open(initialId: string, overrides: Partial<BlogEditorOptions> = {}) {
  const options = {
    uid: UID,
    initialId,
    emailVerified: () => true,
    onIdAssigned: vi.fn(),
    onClosed: vi.fn(),
    confirm: vi.fn(() => true),
    focusField: vi.fn(),
    ...overrides,
  };
  const editor = createBlogEditor(options);
  return { editor, options, values: () => editor.$editor.get() };
}

const draftOf = (blogId: string) => readLocalDraft(blogDraftKey(UID, blogId), isBlogDraft)?.value ?? null;
const keepDraft = (blogId: string, form: BlogForm, baseVersion: string | null) =>
  writeLocalDraft<BlogDraft>(blogDraftKey(UID, blogId), { form, baseVersion });

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('navigator', { onLine: true });
  kept.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('opening a blog', () => {
  it('shows the stored blog, ready, when no local draft differs from it', async () => {
    client.loadBlog.mockResolvedValue(stored());
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    expect(values()).toMatchObject({ phase: 'ready', stored: stored(), form: formFromBlog(stored()), offer: null });
    expect(client.loadBlog).toHaveBeenCalledWith(UID, BLOG_ID);
  });

  it('offers a local draft that differs, saying when the blog was saved elsewhere since', async () => {
    client.loadBlog.mockResolvedValue(stored({ version: 'v2' }));
    const typed = { ...formFromBlog(stored()), title: '書きかけ' };
    keepDraft(BLOG_ID, typed, 'v1');
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    expect(values().phase).toBe('offer');
    expect(values().offer).toMatchObject({ draft: { form: typed, baseVersion: 'v1' }, storedChanged: true });
  });

  it('tells a blog gone elsewhere apart, and keeps its draft as a new blog when asked', async () => {
    client.loadBlog.mockResolvedValue(null);
    const typed = { ...EMPTY_BLOG_FORM, title: '消された記事の下書き' };
    keepDraft(BLOG_ID, typed, 'v1');
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    expect(values()).toMatchObject({ phase: 'missing', orphanDraft: { form: typed } });
    editor.keepOrphanAsNew();
    expect(draftOf(NEW_BLOG)).toEqual({ form: typed, baseVersion: null });
    expect(draftOf(BLOG_ID)).toBeNull();
  });

  it('says the load failed, loads again on retry, and ignores a load that answers after the editor closed', async () => {
    client.loadBlog.mockRejectedValueOnce(new Error('offline'));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    expect(values().phase).toBe('failed');

    let answer: (blog: StoredBlog) => void = () => undefined;
    client.loadBlog.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const loading = editor.load();
    expect(values().phase).toBe('loading');
    editor.stopLoading();
    answer(stored());
    await loading;
    expect(values()).toMatchObject({ phase: 'loading', stored: null });
  });
});

describe('restoring a draft (復元)', () => {
  it('keeps only the pictures the draft names, and drops from the form a picture neither stored nor kept', async () => {
    client.loadBlog.mockResolvedValue(stored());
    // The draft names stored picture 1, kept picture 2 and picture 3, whose file was lost; a kept picture 4 it no longer names.
    keepDraft(BLOG_ID, { ...formFromBlog(stored()), body: '書き足した', images: [1, 2, 3], cover: 3 }, 'v1');
    const key = blogDraftKey(UID, BLOG_ID);
    kept.set(`${key}#2`, picture('two')).set(`${key}#4`, picture('four'));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    await editor.restore();

    expect(values().phase).toBe('ready');
    expect(values().form).toMatchObject({ body: '書き足した', images: [1, 2], cover: null });
    expect([...values().pending.keys()]).toEqual([2]);
    expect(values().pending.get(2)).toMatchObject({ uploaded: false, url: expect.stringMatching(/^blob:/) });
    expect(values().message).toMatchObject({ kind: 'info' });
    expect(hasUnsavedChanges(values())).toBe(true);
  });

  it('破棄 leaves the stored blog as it is and forgets the draft and its pictures', async () => {
    client.loadBlog.mockResolvedValue(stored());
    keepDraft(BLOG_ID, { ...formFromBlog(stored()), title: '捨てる下書き' }, 'v1');
    kept.set(`${blogDraftKey(UID, BLOG_ID)}#2`, picture('two'));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    editor.discardDraft();
    expect(values()).toMatchObject({ phase: 'ready', offer: null, form: formFromBlog(stored()) });
    expect(draftOf(BLOG_ID)).toBeNull();
    expect(kept.size).toBe(0);
  });
});

describe('typing', () => {
  it("setField takes the value and clears that field's error only", async () => {
    const { editor, values } = open(NEW_BLOG);
    await editor.load();
    await editor.save();
    expect(Object.keys(values().errors)).toEqual(['title']);

    editor.setField('body', '本文');
    expect(values().errors.title).toBeDefined();
    editor.setField('title', 'タイトル');
    expect(values().form).toMatchObject({ title: 'タイトル', body: '本文' });
    expect(values().errors).toEqual({});
  });

  it('clears the error of the field it names (tagsText → tags)', async () => {
    const { editor, values } = open(NEW_BLOG);
    await editor.load();
    editor.setField('title', 'タイトル');
    editor.setField('tagsText', Array.from({ length: 11 }, (_, index) => `tag${index}`).join(' '));
    await editor.save();
    expect(values().errors.tags).toBeDefined();
    editor.setField('tagsText', '日記', 'tags');
    expect(values().errors.tags).toBeUndefined();
  });

  it('keeps the local draft of what she typed, with the version it was typed over; nothing once the form is as stored', async () => {
    client.loadBlog.mockResolvedValue(stored());
    const { editor } = open(BLOG_ID);
    await editor.load();
    editor.setField('title', '書き直し');
    editor.persistDraft();
    expect(draftOf(BLOG_ID)).toMatchObject({ form: { title: '書き直し' }, baseVersion: 'v1' });
    editor.setField('title', '保存済み');
    editor.persistDraft();
    expect(draftOf(BLOG_ID)).toBeNull();
  });

  it("tells her of another tab's draft only when it differs from her form, and takes it when asked", async () => {
    client.loadBlog.mockResolvedValue(stored());
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    editor.noticeOtherTab({ form: formFromBlog(stored()), baseVersion: 'v1' });
    expect(values().otherTab).toBeNull();
    const theirs = { ...formFromBlog(stored()), body: '別のタブの本文' };
    editor.noticeOtherTab({ form: theirs, baseVersion: 'v1' });
    expect(values().otherTab?.form).toEqual(theirs);
    editor.takeOtherTab();
    expect(values()).toMatchObject({ form: theirs, otherTab: null });
  });
});

describe('pictures', () => {
  it('inserting a stored picture puts its reference at the cursor; removing one takes it out of the form and the body', async () => {
    client.loadBlog.mockResolvedValue(stored({ body: '一行目', images: [1], cover: 1 }));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    editor.insertPicture(1, { start: 3, end: 3 });
    expect(values().form.body).toBe('一行目\n\n![](image:1)\n');
    expect(values().cursor).toBe(values().form.body.length);
    editor.removePicture(1);
    expect(values().form).toMatchObject({ body: '一行目\n\n', images: [], cover: null });
  });

  it('shows a stored picture from Storage, asked for once, and a picture picked here from its file', async () => {
    client.loadBlog.mockResolvedValue(stored({ images: [1] }));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    editor.loadPictureUrls();
    editor.loadPictureUrls();
    await vi.waitFor(() => expect(values().urls[1]).toBe(`https://storage.test/${BLOG_ID}/1`));
    expect(storage.contentImageUrl).toHaveBeenCalledTimes(1);
    expect(pictureUrl({ images: values().form.images, pending: values().pending, urls: values().urls }, 1)).toBe(
      `https://storage.test/${BLOG_ID}/1`,
    );
    expect(pictureUrl({ images: [], pending: values().pending, urls: values().urls }, 1)).toBeNull();
  });
});

describe('saving', () => {
  it('refuses an invalid form without a request: the errors, the message, the focus on the first field', async () => {
    const { editor, values, options } = open(NEW_BLOG);
    await editor.load();
    editor.setField('body', '本文だけ');
    await editor.save();
    expect(values().message).toMatchObject({ kind: 'error', text: expect.stringContaining('入力内容を確かめてください') });
    expect(options.focusField).toHaveBeenCalledWith('title');
    expect(client.createBlog).not.toHaveBeenCalled();
    expect(values().form.body).toBe('本文だけ');
  });

  it('offline: says so, sends nothing and keeps the form and its local draft', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { editor, values } = open(NEW_BLOG);
    await editor.load();
    editor.setField('title', '電車の中で');
    await editor.save();
    expect(values().message).toEqual({ kind: 'error', text: OFFLINE_MESSAGE });
    expect(client.createBlog).not.toHaveBeenCalled();
    expect(values().form.title).toBe('電車の中で');
    expect(draftOf(NEW_BLOG)?.form.title).toBe('電車の中で');
  });

  it('a save that fails keeps the form, its draft and its pictures, marks the status and is no longer busy', async () => {
    client.loadBlog.mockResolvedValue(stored());
    client.updateBlog.mockRejectedValue(Object.assign(new Error('fetch failed'), { code: 'unavailable' }));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    editor.setField('body', '書き直した本文');
    await editor.save();
    expect(values()).toMatchObject({ busy: false, conflict: null, form: { body: '書き直した本文' }, stored: stored() });
    expect(values().message).toMatchObject({ kind: 'error', text: expect.stringContaining('入力した内容は残っています') });
    expect(draftOf(BLOG_ID)?.form.body).toBe('書き直した本文');
    expect(hasUnsavedChanges(values())).toBe(true);
  });

  it('a conflict offers their version; loading it replaces the form, and 上書き saves hers over it', async () => {
    client.loadBlog.mockResolvedValue(stored());
    const theirs = stored({ title: '別の端末で保存', version: 'v2' });
    client.updateBlog.mockRejectedValueOnce(new BlogConflictError(theirs));
    const { editor, values } = open(BLOG_ID);
    await editor.load();
    editor.setField('title', '私の題名');
    await editor.save();
    expect(values().conflict).toEqual(theirs);
    expect(values().form.title).toBe('私の題名');
    expect(client.updateBlog).toHaveBeenLastCalledWith(UID, BLOG_ID, expect.objectContaining({ title: '私の題名' }), 'v1', false);

    client.updateBlog.mockResolvedValueOnce(stored({ title: '私の題名', version: 'v3' }));
    await editor.save(true);
    expect(client.updateBlog).toHaveBeenLastCalledWith(UID, BLOG_ID, expect.objectContaining({ title: '私の題名' }), 'v1', true);
    expect(values()).toMatchObject({ conflict: null, stored: { version: 'v3' }, message: { kind: 'success' } });

    client.updateBlog.mockRejectedValueOnce(new BlogConflictError(theirs));
    editor.setField('title', 'もう一度');
    await editor.save();
    editor.loadTheirs();
    expect(values()).toMatchObject({ conflict: null, stored: theirs, form: formFromBlog(theirs), message: { kind: 'info' } });
    expect(hasUnsavedChanges(values())).toBe(false);
  });

  it('a new blog with a picture gets its id first (a draft without the picture), then the picture, then the whole blog', async () => {
    keepDraft(NEW_BLOG, { ...EMPTY_BLOG_FORM, title: '初めての記事', body: '![](image:0)', images: [0], cover: 0, mode: 'now' }, null);
    kept.set(`${blogDraftKey(UID, NEW_BLOG)}#0`, picture('zero'));
    const created = stored({ title: '初めての記事', body: '![](image:0)', images: [], cover: null, version: 'c1' });
    const saved = stored({ ...created, images: [0], cover: 0, published: true, publishAt: new Date(), version: 'c2' });
    client.createBlog.mockResolvedValue(created);
    client.updateBlog.mockResolvedValue(saved);
    const { editor, values, options } = open(NEW_BLOG);
    await editor.load();
    await editor.restore();
    await editor.save();

    expect(client.createBlog).toHaveBeenCalledWith(
      UID,
      expect.objectContaining({ mode: 'draft', publishAt: null, images: [], cover: null }),
    );
    expect(storage.uploadContentImage).toHaveBeenCalledWith('blogs', UID, BLOG_ID, 0, expect.any(Blob));
    expect(client.updateBlog).toHaveBeenCalledWith(
      UID,
      BLOG_ID,
      expect.objectContaining({ mode: 'now', images: [0], cover: 0 }),
      'c1',
      false,
    );
    expect(options.onIdAssigned).toHaveBeenCalledWith(BLOG_ID);
    expect(values()).toMatchObject({ blogId: BLOG_ID, stored: saved, busy: false, message: { kind: 'success' } });
    expect(values().pending.size).toBe(0);
    expect(values().urls[0]).toMatch(/^blob:/);
    expect(kept.size).toBe(0);
    expect(draftOf(NEW_BLOG)).toBeNull();
    expect(draftOf(BLOG_ID)).toBeNull();
  });
});

describe('deleting', () => {
  it('破棄 of a new blog forgets its draft for good and closes the editor', async () => {
    const { editor, options } = open(NEW_BLOG);
    await editor.load();
    editor.setField('title', 'やめる記事');
    editor.persistDraft();
    await editor.remove();
    expect(options.onClosed).toHaveBeenCalled();
    expect(draftOf(NEW_BLOG)).toBeNull();
    editor.setField('title', 'まだ打っている');
    editor.persistDraft();
    expect(draftOf(NEW_BLOG)).toBeNull();
  });

  it('does nothing unless she confirms, and keeps the editor open when the delete fails', async () => {
    client.loadBlog.mockResolvedValue(stored());
    const { editor, values, options } = open(BLOG_ID, { confirm: vi.fn(() => false) });
    await editor.load();
    await editor.remove();
    expect(client.deleteBlog).not.toHaveBeenCalled();

    const { editor: second, values: secondValues, options: secondOptions } = open(BLOG_ID);
    await second.load();
    client.deleteBlog.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await second.remove();
    expect(secondOptions.onClosed).not.toHaveBeenCalled();
    expect(secondValues()).toMatchObject({ busy: false, message: { kind: 'error' } });
    expect(options.onClosed).not.toHaveBeenCalled();
    expect(values().phase).toBe('ready');
  });
});
