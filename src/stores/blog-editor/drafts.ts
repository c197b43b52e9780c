/**
 * Loading the blog and its local draft: the stored blog first, then the
 * draft kept in this browser, offered (復元 / 破棄) when it differs; the
 * draft of a blog deleted elsewhere, kept as a new one; another tab's
 * draft of the same blog.
 */
import type { StoredBlog } from '../../lib/blogs/blog';
import { loadBlog } from '../../lib/blogs/client';
import { EMPTY_BLOG_FORM, formFromBlog, sameBlogForm } from '../../lib/blogs/form';
import { blogDraftKey, hasContent, isBlogDraft, NEW_BLOG, type BlogDraft } from '../../lib/blogs/local-draft';
import { dropPendingImages, readPendingImages } from '../../lib/blogs/pending-images';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import type { EditorCore } from './core';
import type { PendingPicture } from './state';

/** The actions of loading and of the local draft. */
export function draftActions(core: EditorCore) {
  const { options, get, patch } = core;
  /** The load under way; an older one that answers late is ignored. */
  let run = 0;

  /** Loads the stored blog, then the local draft (offered when it differs). Also 再読み込み after a failure. */
  const load = async (): Promise<void> => {
    const mine = ++run;
    const live = () => mine === run;
    patch({ phase: 'loading' });
    const { uid, initialId } = options;
    const draftKey = blogDraftKey(uid, initialId);
    const local = readLocalDraft(draftKey, isBlogDraft);
    let found: StoredBlog | null = null;
    if (initialId !== NEW_BLOG) {
      try {
        found = await loadBlog(uid, initialId);
      } catch {
        if (live()) patch({ phase: 'failed' });
        return;
      }
      if (!live()) return;
      if (!found) {
        patch({ orphanDraft: local?.value ?? null, phase: 'missing' });
        return;
      }
    }
    const fromStored = found ? formFromBlog(found) : EMPTY_BLOG_FORM;
    const loaded = { stored: found, base: fromStored, form: fromStored };
    const differs = local && (found ? !sameBlogForm(local.value.form, fromStored) : hasContent(local.value.form));
    if (local && differs) {
      const storedChanged = !!found && local.value.baseVersion !== found.version;
      patch({ ...loaded, offer: { draft: local.value, savedAt: local.savedAt, storedChanged }, phase: 'offer' });
    } else {
      if (local) removeLocalDraft(draftKey);
      void dropPendingImages(draftKey);
      patch({ ...loaded, phase: 'ready' });
    }
  };

  /** 復元: the draft's form, with the pictures kept for it (a picture neither stored nor kept is left out). */
  const restore = async (): Promise<void> => {
    const { offer, stored } = get();
    if (!offer) return;
    const kept = await readPendingImages(core.draftKey());
    const storedImages = stored?.images ?? [];
    const pictures = new Map<number, PendingPicture>();
    for (const [slot, blob] of kept) {
      if (offer.draft.form.images.includes(slot)) pictures.set(slot, { blob, url: URL.createObjectURL(blob), uploaded: false });
    }
    const images = offer.draft.form.images.filter((slot) => pictures.has(slot) || storedImages.includes(slot));
    const cover = offer.draft.form.cover !== null && images.includes(offer.draft.form.cover) ? offer.draft.form.cover : null;
    core.memory.typedOver = offer.storedChanged ? offer.draft.baseVersion : null;
    patch({
      pending: pictures,
      form: { ...offer.draft.form, images, cover },
      offer: null,
      phase: 'ready',
      message: { kind: 'info', text: '保存されていなかった下書きを復元しました。保存するまで公開ページには反映されません。' },
    });
  };

  /** 破棄: the stored blog as it is. */
  const discardDraft = (): void => {
    removeLocalDraft(core.draftKey());
    void dropPendingImages(core.draftKey());
    patch({ offer: null, phase: 'ready' });
  };

  /** Keeps the draft of a blog deleted elsewhere as a new blog (the page then opens a new one). */
  const keepOrphanAsNew = (): void => {
    const { orphanDraft } = get();
    if (!orphanDraft) return;
    writeLocalDraft<BlogDraft>(blogDraftKey(options.uid, NEW_BLOG), { form: orphanDraft.form, baseVersion: null });
    removeLocalDraft(core.draftKey());
  };

  return {
    load,
    retry: () => void load(),
    /** The editor is going away: a load still under way changes nothing. */
    stopLoading: () => {
      run += 1;
    },
    restore,
    discardDraft,
    keepOrphanAsNew,
    /** Another tab wrote this blog's draft: she is told when it differs from her form. */
    noticeOtherTab: (draft: BlogDraft) => {
      if (!sameBlogForm(draft.form, get().form)) patch({ otherTab: draft });
    },
    /** 別のタブの内容を読み込む. */
    takeOtherTab: () => {
      const { otherTab } = get();
      if (otherTab) patch({ form: otherTab.form, otherTab: null });
    },
    /** このタブで続ける. */
    dismissOtherTab: () => patch({ otherTab: null }),
  };
}
