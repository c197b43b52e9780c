/**
 * The blog editor's state and actions: load the stored blog, offer a local
 * draft that differs from it (復元 / 破棄), keep the draft in localStorage
 * as she types (500 ms after the last change, and at once when the page is
 * hidden), warn before leaving with unsaved changes and when another tab
 * edits the same draft, hold picked pictures (in IndexedDB too) until a
 * save uploads them, and save: a new blog first gets its id (today's free
 * slot), then the pictures go up into its folder, then one transaction
 * writes the blog unless another version was saved meanwhile.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { blogPath } from '../../lib/routes';
import type { AuthUser } from '../../lib/auth/auth-store';
import { fileProblem } from '../../lib/avatar/limits';
import { ImageError, prepareImage } from '../../lib/avatar/resize';
import { blogStatus, type StoredBlog } from '../../lib/blogs/blog';
import { imageReference, insertAt, nextImageSlot, removeImageReferences } from '../../lib/blogs/body-images';
import { createBlog, deleteBlog, loadBlog, updateBlog, type BlogWrite } from '../../lib/blogs/client';
import { BlogConflictError, contentSaveErrorMessage, deleteErrorMessage, OFFLINE_MESSAGE } from '../../lib/blogs/errors';
import {
  BLOG_FIELD_ORDER,
  EMPTY_BLOG_FORM,
  formFromBlog,
  sameBlogForm,
  validateBlogForm,
  type BlogForm,
  type BlogFormErrors,
  type BlogFormField,
} from '../../lib/blogs/form';
import { CONTENT_IMAGE_MAX_SIDE, MAX_BLOG_IMAGES, MAX_CONTENT_IMAGE_BYTES } from '../../lib/blogs/limits';
import { blogDraftKey, hasContent, isBlogDraft, NEW_BLOG, type BlogDraft } from '../../lib/blogs/local-draft';
import {
  dropPendingImage,
  dropPendingImages,
  movePendingImages,
  readPendingImages,
  savePendingImage,
} from '../../lib/blogs/pending-images';
import { readLocalDraft, removeLocalDraft, watchLocalDraft, writeLocalDraft } from '../../lib/forms/local-draft';
import { formatDateTime } from '../../lib/tokyo-date';

export type LoadPhase = 'loading' | 'offer' | 'ready' | 'missing' | 'failed';
export type Busy = false | 'preparing' | 'uploading' | 'saving' | 'deleting';

export type EditorStatus = { kind: 'error' | 'success' | 'info'; text: string; link?: { href: string; label: string } };

/** A picture picked in this browser: its file until a save has put it in the blog. */
export interface PendingPicture {
  blob: Blob;
  url: string;
  /** Uploaded already (by a save that then failed): the next save does not upload it again. */
  uploaded: boolean;
}

export interface RestoreOffer {
  draft: BlogDraft;
  savedAt: number;
  /** The stored blog was saved (elsewhere) after the draft was typed over it. */
  storedChanged: boolean;
}

/** Where the cursor was when a picture was asked for, to insert its reference there. */
export interface Selection {
  start: number;
  end: number;
}

interface Options {
  user: AuthUser;
  /** The blog's id, or NEW_BLOG. */
  initialId: string;
  /** A new blog got its id (the address should say so). */
  onIdAssigned(id: string): void;
  /** The blog was deleted or the new one discarded. */
  onClosed(): void;
  /** The form element, to focus the first field with an error. */
  formElement: RefObject<HTMLFormElement | null>;
}

const CONTENT_IMAGE_OPTIONS = { maxSide: CONTENT_IMAGE_MAX_SIDE, maxBytes: MAX_CONTENT_IMAGE_BYTES, allowJpeg: false };

export function useBlogEditor({ user, initialId, onIdAssigned, onClosed, formElement }: Options) {
  const uid = user.uid;
  const [blogId, setBlogId] = useState(initialId);
  const key = blogDraftKey(uid, blogId);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<LoadPhase>('loading');
  const [stored, setStored] = useState<StoredBlog | null>(null);
  const [base, setBase] = useState<BlogForm>(EMPTY_BLOG_FORM);
  const [form, setFormState] = useState<BlogForm>(EMPTY_BLOG_FORM);
  const [offer, setOffer] = useState<RestoreOffer | null>(null);
  /** The local draft of a blog that is gone (deleted elsewhere), which she may still keep. */
  const [orphanDraft, setOrphanDraft] = useState<BlogDraft | null>(null);
  const [pending, setPendingState] = useState<ReadonlyMap<number, PendingPicture>>(new Map());
  /** Display URLs of stored pictures ('' when one could not be read). */
  const [urls, setUrls] = useState<Readonly<Record<number, string>>>({});
  const [errors, setErrors] = useState<BlogFormErrors>({});
  const [pictureError, setPictureError] = useState('');
  const [status, setStatus] = useState<EditorStatus | null>(null);
  const [busy, setBusy] = useState<Busy>(false);
  const [conflict, setConflict] = useState<StoredBlog | null>(null);
  const [otherTab, setOtherTab] = useState<BlogDraft | null>(null);

  // The newest values for callbacks that outlive a render (timers, page events, awaits).
  const formRef = useRef(form);
  const pendingRef = useRef(pending);
  const latest = useRef({ key, stored, base, phase });
  latest.current = { key, stored, base, phase };
  const requested = useRef(new Set<string>());
  /** Deleted or discarded: nothing may write its draft again. */
  const closed = useRef(false);
  /**
   * The stored version her text was typed over, when older than the one
   * loaded (a draft restored after a save elsewhere): the next save checks
   * against it, so she is asked instead of silently overwriting.
   */
  const typedOver = useRef<string | null>(null);
  /** Where the cursor goes after an insert (applied by the body field). */
  const [cursor, setCursor] = useState<number | null>(null);

  const replaceForm = useCallback((next: BlogForm) => {
    formRef.current = next;
    setFormState(next);
  }, []);
  const change = useCallback((update: (current: BlogForm) => BlogForm) => replaceForm(update(formRef.current)), [replaceForm]);
  const setPending = useCallback((update: (current: ReadonlyMap<number, PendingPicture>) => ReadonlyMap<number, PendingPicture>) => {
    pendingRef.current = update(pendingRef.current);
    setPendingState(pendingRef.current);
  }, []);

  const isDirty = (value: BlogForm, against: { stored: StoredBlog | null; base: BlogForm }) =>
    against.stored ? !sameBlogForm(value, against.base) : hasContent(value);

  /** Writes (or, with nothing unsaved, removes) the local draft now. */
  const persistNow = useCallback(() => {
    const { key: draftKey, stored: current, base: from, phase: now } = latest.current;
    if (now !== 'ready' || closed.current) return;
    if (isDirty(formRef.current, { stored: current, base: from })) {
      writeLocalDraft<BlogDraft>(draftKey, { form: formRef.current, baseVersion: typedOver.current ?? current?.version ?? null });
    } else {
      removeLocalDraft(draftKey);
    }
  }, []);

  // Load: the stored blog, then the local draft (offered when it differs).
  useEffect(() => {
    let live = true;
    setPhase('loading');
    void (async () => {
      const draftKey = blogDraftKey(uid, initialId);
      const local = readLocalDraft(draftKey, isBlogDraft);
      let found: StoredBlog | null = null;
      if (initialId !== NEW_BLOG) {
        try {
          found = await loadBlog(uid, initialId);
        } catch {
          if (live) setPhase('failed');
          return;
        }
        if (!live) return;
        if (!found) {
          setOrphanDraft(local?.value ?? null);
          setPhase('missing');
          return;
        }
      }
      if (!live) return;
      const fromStored = found ? formFromBlog(found) : EMPTY_BLOG_FORM;
      setStored(found);
      setBase(fromStored);
      replaceForm(fromStored);
      const differs = local && (found ? !sameBlogForm(local.value.form, fromStored) : hasContent(local.value.form));
      if (local && differs) {
        setOffer({ draft: local.value, savedAt: local.savedAt, storedChanged: !!found && local.value.baseVersion !== found.version });
        setPhase('offer');
      } else {
        if (local) removeLocalDraft(draftKey);
        void dropPendingImages(draftKey);
        setPhase('ready');
      }
    })();
    return () => {
      live = false;
    };
  }, [uid, initialId, attempt, replaceForm]);

  /** 復元: the draft's form, with the pictures kept for it (a picture neither stored nor kept is left out). */
  const restore = async () => {
    if (!offer) return;
    const kept = await readPendingImages(key);
    const storedImages = stored?.images ?? [];
    const pictures = new Map<number, PendingPicture>();
    for (const [slot, blob] of kept) {
      if (offer.draft.form.images.includes(slot)) pictures.set(slot, { blob, url: URL.createObjectURL(blob), uploaded: false });
    }
    const images = offer.draft.form.images.filter((slot) => pictures.has(slot) || storedImages.includes(slot));
    const cover = offer.draft.form.cover !== null && images.includes(offer.draft.form.cover) ? offer.draft.form.cover : null;
    setPending(() => pictures);
    typedOver.current = offer.storedChanged ? offer.draft.baseVersion : null;
    replaceForm({ ...offer.draft.form, images, cover });
    setOffer(null);
    setPhase('ready');
    setStatus({ kind: 'info', text: '保存されていなかった下書きを復元しました。保存するまで公開ページには反映されません。' });
  };

  /** 破棄: the stored blog as it is. */
  const discardDraft = () => {
    removeLocalDraft(key);
    void dropPendingImages(key);
    setOffer(null);
    setPhase('ready');
  };

  // Autosave of the local draft, 500 ms after the last change.
  useEffect(() => {
    if (phase !== 'ready') return;
    const timer = setTimeout(persistNow, 500);
    return () => clearTimeout(timer);
  }, [form, phase, key, stored, base, persistNow]);

  // A tab being hidden or closed may never come back (a crash, the phone killing it): save the draft at once.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState !== 'visible') persistNow();
    };
    window.addEventListener('pagehide', persistNow);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', persistNow);
      document.removeEventListener('visibilitychange', flush);
      // Leaving the editor for the list within the page: the last keystrokes too.
      persistNow();
    };
  }, [persistNow]);

  const dirty = phase === 'ready' && (isDirty(form, { stored, base }) || [...pending.values()].some((picture) => !picture.uploaded));

  // The browser's own "leave this page?" while something is unsaved (the local draft keeps it either way).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Another tab typing into the same draft.
  useEffect(
    () =>
      watchLocalDraft(key, isBlogDraft, (record) => {
        if (record && !sameBlogForm(record.value.form, formRef.current)) setOtherTab(record.value);
      }),
    [key],
  );

  const takeOtherTab = () => {
    if (!otherTab) return;
    replaceForm(otherTab.form);
    setOtherTab(null);
  };

  // Display URLs of the stored pictures (the owner's download URLs), fetched once each.
  useEffect(() => {
    if (!stored) return;
    const wanted = form.images.filter(
      (slot) => stored.images.includes(slot) && !pending.has(slot) && !requested.current.has(`${stored.id}/${slot}`),
    );
    if (wanted.length === 0) return;
    for (const slot of wanted) requested.current.add(`${stored.id}/${slot}`);
    void import('../../lib/content-images').then(({ contentImageUrl }) =>
      Promise.all(
        wanted.map((slot) =>
          contentImageUrl('blogs', uid, stored.id, slot).then(
            (url) => [slot, url] as const,
            () => [slot, ''] as const,
          ),
        ),
      ).then((pairs) => setUrls((current) => ({ ...current, ...Object.fromEntries(pairs) }))),
    );
  }, [form.images, stored, pending, uid]);

  // Blob URLs go with the editor.
  useEffect(
    () => () => {
      for (const picture of pendingRef.current.values()) URL.revokeObjectURL(picture.url);
    },
    [],
  );

  /** The URL the preview shows picture `slot` at, or null (not in the blog, or not readable yet). */
  const imageUrl = useCallback(
    (slot: number): string | null => (form.images.includes(slot) ? pending.get(slot)?.url || urls[slot] || null : null),
    [form.images, pending, urls],
  );

  const setField = <K extends keyof BlogForm>(field: K, value: BlogForm[K], errorField: BlogFormField = field as BlogFormField) => {
    change((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[errorField]) return current;
      const next = { ...current };
      delete next[errorField];
      return next;
    });
  };

  /** Prepares the picked files (≤ 1600 px WebP) and adds them; with `at`, inserts each reference there. */
  const addPictures = async (files: readonly File[], at?: Selection) => {
    setPictureError('');
    setBusy('preparing');
    let insertion = at ?? null;
    try {
      for (const file of files) {
        const problem = fileProblem(file);
        if (problem) {
          setPictureError(problem);
          continue;
        }
        let prepared: Blob;
        try {
          prepared = (await prepareImage(file, CONTENT_IMAGE_OPTIONS)).blob;
        } catch (error) {
          setPictureError(error instanceof ImageError ? error.message : 'この画像は読み込めませんでした。別の画像を選んでください。');
          continue;
        }
        const slot = nextImageSlot(formRef.current.images, latest.current.stored?.images ?? []);
        if (slot === null) {
          setPictureError(`画像は 1 つの記事に ${MAX_BLOG_IMAGES} 枚までです。`);
          break;
        }
        const picture: PendingPicture = { blob: prepared, url: URL.createObjectURL(prepared), uploaded: false };
        setPending((current) => new Map(current).set(slot, picture));
        void savePendingImage(latest.current.key, slot, prepared);
        const place = insertion;
        change((current) => {
          let body = current.body;
          if (place) {
            const inserted = insertAt(body, place.start, place.end, imageReference(slot));
            body = inserted.body;
            insertion = { start: inserted.cursor, end: inserted.cursor };
            setCursor(inserted.cursor);
          }
          return { ...current, body, images: [...current.images, slot], cover: current.cover ?? slot };
        });
      }
    } finally {
      setBusy(false);
    }
  };

  /** Puts a reference to a picture already in the blog at the cursor. */
  const insertPicture = (slot: number, at: Selection) => {
    change((current) => {
      const inserted = insertAt(current.body, at.start, at.end, imageReference(slot));
      setCursor(inserted.cursor);
      return { ...current, body: inserted.body };
    });
  };

  /** Takes a picture out of the blog (and its references out of the body); a stored file goes with the next save. */
  const removePicture = (slot: number) => {
    const picture = pendingRef.current.get(slot);
    if (picture) {
      URL.revokeObjectURL(picture.url);
      setPending((current) => {
        const next = new Map(current);
        next.delete(slot);
        return next;
      });
      void dropPendingImage(key, slot);
      // Uploaded by a failed save but never part of the stored blog: nothing shows it.
      if (picture.uploaded && stored && !stored.images.includes(slot)) {
        void import('../../lib/content-images')
          .then(({ deleteContentImage }) => deleteContentImage('blogs', uid, stored.id, slot))
          .catch(() => undefined);
      }
    }
    change((current) => ({
      ...current,
      images: current.images.filter((used) => used !== slot),
      cover: current.cover === slot ? null : current.cover,
      body: removeImageReferences(current.body, slot),
    }));
  };

  /** Saves; `overwrite` after a conflict when she chose 上書き. */
  const save = async (overwrite = false) => {
    if (busy) return;
    const snapshot = formRef.current;
    const before = stored;
    const checked = validateBlogForm(snapshot, { emailVerified: user.emailVerified, now: new Date(), stored: before });
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ kind: 'error', text: '入力内容を確かめてください。入力した内容は残っています。' });
      const first = BLOG_FIELD_ORDER.find((field) => checked.errors[field]);
      const field = first ? formElement.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    setErrors({});
    persistNow();
    if (!navigator.onLine) {
      setStatus({ kind: 'error', text: OFFLINE_MESSAGE });
      return;
    }
    setBusy('saving');
    setStatus(null);
    setConflict(null);
    const write: BlogWrite = {
      title: checked.title,
      body: checked.body,
      tags: checked.tags,
      cover: checked.cover,
      images: checked.images,
      mode: checked.mode,
      publishAt: checked.publishAt,
    };
    let draftKey = key;
    try {
      const toUpload = write.images.filter((slot) => {
        const picture = pendingRef.current.get(slot);
        return picture && !picture.uploaded;
      });
      let current = before;
      let expected = typedOver.current ?? before?.version ?? '';
      if (!current) {
        // The pictures go into the new blog's folder, so the blog comes first (as a draft while they are not up).
        const first: BlogWrite = toUpload.length
          ? {
              ...write,
              mode: 'draft',
              publishAt: null,
              images: write.images.filter((slot) => !toUpload.includes(slot)),
              cover: write.cover !== null && toUpload.includes(write.cover) ? null : write.cover,
            }
          : write;
        current = await createBlog(uid, first);
        expected = current.version;
        const newKey = blogDraftKey(uid, current.id);
        writeLocalDraft<BlogDraft>(newKey, { form: formRef.current, baseVersion: current.version });
        removeLocalDraft(draftKey);
        await movePendingImages(draftKey, newKey);
        draftKey = newKey;
        latest.current = { ...latest.current, key: newKey, stored: current };
        setStored(current);
        setBlogId(current.id);
        onIdAssigned(current.id);
      }
      if (toUpload.length) {
        setBusy('uploading');
        const { uploadContentImage } = await import('../../lib/content-images');
        for (const slot of toUpload) {
          const picture = pendingRef.current.get(slot);
          if (!picture) continue;
          await uploadContentImage('blogs', uid, current.id, slot, picture.blob);
          setPending((pictures) => new Map(pictures).set(slot, { ...picture, uploaded: true }));
        }
        setBusy('saving');
      }
      if (before || toUpload.length) current = await updateBlog(uid, current.id, write, expected, overwrite);
      const saved = current;
      typedOver.current = null;

      // Pictures the blog no longer has: their files go now that the stored blog does not name them.
      const dropped = (before?.images ?? []).filter((slot) => !saved.images.includes(slot));
      if (dropped.length) {
        void import('../../lib/content-images')
          .then(({ deleteContentImage }) => Promise.all(dropped.map((slot) => deleteContentImage('blogs', uid, saved.id, slot))))
          .catch(() => undefined);
      }
      // Uploaded pictures are part of the stored blog now: shown from their blob URLs, no longer kept locally.
      const settled = [...pendingRef.current].filter(([slot, picture]) => picture.uploaded && saved.images.includes(slot));
      setUrls((current) => ({ ...current, ...Object.fromEntries(settled.map(([slot, picture]) => [slot, picture.url])) }));
      for (const [slot] of settled) requested.current.add(`${saved.id}/${slot}`);
      setPending((pictures) => new Map([...pictures].filter(([slot]) => !settled.some(([done]) => done === slot))));
      await Promise.all(settled.map(([slot]) => dropPendingImage(draftKey, slot)));

      const savedForm = formFromBlog(saved);
      setStored(saved);
      setBase(savedForm);
      // Typed on while it saved: keep that (still unsaved); else show the blog as stored.
      if (sameBlogForm(formRef.current, snapshot)) replaceForm(savedForm);
      latest.current = { ...latest.current, key: draftKey, stored: saved, base: savedForm };
      persistNow();
      setStatus(savedStatus(saved));
    } catch (error) {
      if (error instanceof BlogConflictError) setConflict(error.stored);
      setStatus({ kind: 'error', text: contentSaveErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  /** After a conflict: their version replaces what is in the form. */
  const loadTheirs = () => {
    if (!conflict) return;
    const theirs = formFromBlog(conflict);
    for (const [slot, picture] of pendingRef.current) {
      if (!conflict.images.includes(slot)) URL.revokeObjectURL(picture.url);
    }
    setPending((pictures) => new Map([...pictures].filter(([slot]) => conflict.images.includes(slot))));
    requested.current.clear();
    setUrls({});
    typedOver.current = null;
    setStored(conflict);
    setBase(theirs);
    replaceForm(theirs);
    removeLocalDraft(key);
    setConflict(null);
    setStatus({ kind: 'info', text: '別のタブまたは端末で保存された内容を読み込みました。' });
  };

  /** 削除 (a stored blog) or 破棄 (a new one never saved), after her confirmation. */
  const remove = async () => {
    const title = formRef.current.title.trim() || stored?.title || '無題';
    if (!stored) {
      if (!confirm('この新しい記事の下書きを破棄しますか？入力した内容は消えます。')) return;
      closed.current = true;
      removeLocalDraft(key);
      void dropPendingImages(key);
      replaceForm(EMPTY_BLOG_FORM);
      onClosed();
      return;
    }
    if (!confirm(`「${title}」を削除しますか？画像も削除され、元に戻せません。`)) return;
    setBusy('deleting');
    setStatus(null);
    try {
      await deleteBlog(uid, stored);
      closed.current = true;
      removeLocalDraft(key);
      void dropPendingImages(key);
      onClosed();
    } catch (error) {
      setStatus({ kind: 'error', text: deleteErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  /** Keeps the draft of a blog deleted elsewhere as a new blog. */
  const keepOrphanAsNew = () => {
    if (!orphanDraft) return;
    writeLocalDraft<BlogDraft>(blogDraftKey(uid, NEW_BLOG), { form: orphanDraft.form, baseVersion: null });
    removeLocalDraft(key);
  };

  return {
    phase,
    retry: () => setAttempt((count) => count + 1),
    stored,
    blogState: stored ? blogStatus(stored) : null,
    form,
    errors,
    pictureError,
    message: status,
    busy,
    dirty,
    offer,
    orphanDraft,
    conflict,
    otherTab,
    pending,
    cursor,
    clearCursor: () => setCursor(null),
    restore,
    discardDraft,
    takeOtherTab,
    dismissOtherTab: () => setOtherTab(null),
    keepOrphanAsNew,
    setField,
    addPictures,
    insertPicture,
    removePicture,
    imageUrl,
    save,
    loadTheirs,
    remove,
  };
}

export type BlogEditorState = ReturnType<typeof useBlogEditor>;

function savedStatus(blog: StoredBlog): EditorStatus {
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
