/**
 * Saving, conflicts and deleting. A save checks the form, keeps the local
 * draft, and then: a new blog first gets its id (today's free slot), the
 * pictures go up into its folder, then one write stores the blog unless
 * another version was saved meanwhile (then she chooses: their version, or
 * 上書き). A failed save keeps everything she typed and picked.
 */
import { blogStatus, type StoredBlog } from '../../lib/blogs/blog';
import { createBlog, deleteBlog, updateBlog, type BlogWrite } from '../../lib/blogs/client';
import { BlogConflictError, contentSaveErrorMessage, deleteErrorMessage, OFFLINE_MESSAGE } from '../../lib/blogs/errors';
import { BLOG_FIELD_ORDER, EMPTY_BLOG_FORM, formFromBlog, sameBlogForm, validateBlogForm, type BlogForm } from '../../lib/blogs/form';
import { blogDraftKey, type BlogDraft } from '../../lib/blogs/local-draft';
import { dropPendingImage, dropPendingImages, movePendingImages } from '../../lib/blogs/pending-images';
import { removeLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import { blogPath } from '../../lib/routes';
import { formatDateTime } from '../../lib/tokyo-date';
import type { EditorCore } from './core';
import type { EditorStatus } from './state';

/** What a successful save tells her, by where the blog now stands. */
export function savedStatus(blog: StoredBlog): EditorStatus {
  const status = blogStatus(blog);
  if (status === 'hidden')
    return { kind: 'success', text: '保存しました。この記事は運営により非公開のため、公開ページには表示されません。' };
  if (status === 'draft') return { kind: 'success', text: '下書きを保存しました。公開ページには表示されません。' };
  if (status === 'scheduled' && blog.publishAt) {
    return { kind: 'success', text: `${formatDateTime(blog.publishAt)} に公開されるよう予約しました。` };
  }
  return {
    kind: 'success',
    text: '公開しました。公開ページには数秒から数十秒で反映されます。',
    link: { href: blogPath(blog.id), label: '公開ページを見る' },
  };
}

/** The pictures of `write` picked here and not uploaded yet. */
function notUploaded(core: EditorCore, write: BlogWrite): number[] {
  return write.images.filter((slot) => {
    const picture = core.get().pending.get(slot);
    return picture && !picture.uploaded;
  });
}

/**
 * A new blog's first write: its pictures go into its folder, so the blog
 * comes first (as a draft while they are not up). The local draft and the
 * kept pictures move to the new id's key. Returns the blog and that key.
 */
async function createFirst(core: EditorCore, write: BlogWrite, toUpload: readonly number[]): Promise<{ blog: StoredBlog; key: string }> {
  const { options, get, patch } = core;
  const first: BlogWrite = toUpload.length
    ? {
        ...write,
        mode: 'draft',
        publishAt: null,
        images: write.images.filter((slot) => !toUpload.includes(slot)),
        cover: write.cover !== null && toUpload.includes(write.cover) ? null : write.cover,
      }
    : write;
  const blog = await createBlog(options.uid, first);
  const oldKey = core.draftKey();
  const newKey = blogDraftKey(options.uid, blog.id);
  writeLocalDraft<BlogDraft>(newKey, { form: get().form, baseVersion: blog.version });
  removeLocalDraft(oldKey);
  await movePendingImages(oldKey, newKey);
  patch({ stored: blog, blogId: blog.id });
  options.onIdAssigned(blog.id);
  return { blog, key: newKey };
}

/** Uploads the pictures into blog `id`'s folder, marking each one up as soon as it is. */
async function upload(core: EditorCore, id: string, slots: readonly number[]): Promise<void> {
  core.patch({ busy: 'uploading' });
  const { uploadContentImage } = await import('../../lib/content-images');
  for (const slot of slots) {
    const picture = core.get().pending.get(slot);
    if (!picture) continue;
    await uploadContentImage('blogs', core.options.uid, id, slot, picture.blob);
    core.changePending((pictures) => new Map(pictures).set(slot, { ...picture, uploaded: true }));
  }
  core.patch({ busy: 'saving' });
}

/**
 * After a save: the files of pictures the blog no longer has go, the
 * uploaded ones are shown from their blob URLs and no longer kept locally,
 * and the form shows the blog as stored (unless she typed on while it
 * saved: that stays, still unsaved).
 */
async function settle(core: EditorCore, saved: StoredBlog, before: StoredBlog | null, snapshot: BlogForm, draftKey: string) {
  const { options, memory, get, patch } = core;
  memory.typedOver = null;
  const dropped = (before?.images ?? []).filter((slot) => !saved.images.includes(slot));
  if (dropped.length) {
    void import('../../lib/content-images')
      .then(({ deleteContentImage }) => Promise.all(dropped.map((slot) => deleteContentImage('blogs', options.uid, saved.id, slot))))
      .catch(() => undefined);
  }
  const { urls, pending } = get();
  const settled = [...pending].filter(([slot, picture]) => picture.uploaded && saved.images.includes(slot));
  for (const [slot] of settled) memory.requested.add(`${saved.id}/${slot}`);
  patch({
    urls: { ...urls, ...Object.fromEntries(settled.map(([slot, picture]) => [slot, picture.url])) },
    pending: new Map([...pending].filter(([slot]) => !settled.some(([done]) => done === slot))),
  });
  await Promise.all(settled.map(([slot]) => dropPendingImage(draftKey, slot)));

  const savedForm = formFromBlog(saved);
  patch({ stored: saved, base: savedForm, ...(sameBlogForm(get().form, snapshot) ? { form: savedForm } : {}) });
  core.persistDraft();
  patch({ message: savedStatus(saved) });
}

/** The actions of saving, of a conflict and of deleting. */
export function savingActions(core: EditorCore) {
  const { options, memory, get, patch } = core;
  const uid = options.uid;

  /** Saves; `overwrite` after a conflict when she chose 上書き. */
  const save = async (overwrite = false): Promise<void> => {
    const { busy, form: snapshot, stored: before } = get();
    if (busy) return;
    const checked = validateBlogForm(snapshot, { emailVerified: options.emailVerified(), now: new Date(), stored: before });
    if (!checked.ok) {
      patch({ errors: checked.errors, message: { kind: 'error', text: '入力内容を確かめてください。入力した内容は残っています。' } });
      const first = BLOG_FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) options.focusField(first);
      return;
    }
    patch({ errors: {} });
    core.persistDraft();
    if (!navigator.onLine) {
      patch({ message: { kind: 'error', text: OFFLINE_MESSAGE } });
      return;
    }
    patch({ busy: 'saving', message: null, conflict: null });
    const { title, body, tags, cover, images, mode, publishAt } = checked;
    const write: BlogWrite = { title, body, tags, cover, images, mode, publishAt };
    try {
      const toUpload = notUploaded(core, write);
      let current = before;
      let expected = memory.typedOver ?? before?.version ?? '';
      let draftKey = core.draftKey();
      if (!current) {
        ({ blog: current, key: draftKey } = await createFirst(core, write, toUpload));
        expected = current.version;
      }
      if (toUpload.length) await upload(core, current.id, toUpload);
      if (before || toUpload.length) current = await updateBlog(uid, current.id, write, expected, overwrite);
      await settle(core, current, before, snapshot, draftKey);
    } catch (error) {
      if (error instanceof BlogConflictError) patch({ conflict: error.stored });
      patch({ message: { kind: 'error', text: contentSaveErrorMessage(error) } });
    } finally {
      patch({ busy: false });
    }
  };

  /** After a conflict: their version replaces what is in the form. */
  const loadTheirs = (): void => {
    const { conflict, pending } = get();
    if (!conflict) return;
    const theirs = formFromBlog(conflict);
    for (const [slot, picture] of pending) {
      if (!conflict.images.includes(slot)) URL.revokeObjectURL(picture.url);
    }
    memory.requested.clear();
    memory.typedOver = null;
    patch({
      pending: new Map([...pending].filter(([slot]) => conflict.images.includes(slot))),
      urls: {},
      stored: conflict,
      base: theirs,
      form: theirs,
      conflict: null,
      message: { kind: 'info', text: '別のタブまたは端末で保存された内容を読み込みました。' },
    });
    removeLocalDraft(core.draftKey());
  };

  /** Nothing of this blog is kept in this browser any more, and the page leaves the editor. */
  const close = () => {
    memory.closed = true;
    removeLocalDraft(core.draftKey());
    void dropPendingImages(core.draftKey());
  };

  /** 削除 (a stored blog) or 破棄 (a new one never saved), after her confirmation. */
  const remove = async (): Promise<void> => {
    const { form, stored } = get();
    const title = form.title.trim() || stored?.title || '無題';
    if (!stored) {
      if (!options.confirm('この新しい記事の下書きを破棄しますか？入力した内容は消えます。')) return;
      close();
      patch({ form: EMPTY_BLOG_FORM });
      options.onClosed();
      return;
    }
    if (!options.confirm(`「${title}」を削除しますか？画像も削除され、元に戻せません。`)) return;
    patch({ busy: 'deleting', message: null });
    try {
      await deleteBlog(uid, stored);
      close();
      options.onClosed();
    } catch (error) {
      patch({ message: { kind: 'error', text: deleteErrorMessage(error) } });
    } finally {
      patch({ busy: false });
    }
  };

  return { save, loadTheirs, remove };
}
