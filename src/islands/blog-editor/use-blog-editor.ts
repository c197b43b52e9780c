/**
 * The blog editor's state for its components: the open editor's store
 * (src/stores/blog-editor/: load the stored blog, offer a local draft that
 * differs from it (復元 / 破棄), hold picked pictures until a save uploads
 * them, save, conflicts, delete) read with useStore, and the small hooks
 * that attach it to the page (editor-hooks.ts: the draft kept as she
 * types, the warning before leaving, another tab, the pictures' URLs).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { blogStatus } from '../../lib/blogs/blog';
import type { BlogFormField } from '../../lib/blogs/form';
import { blogDraftKey } from '../../lib/blogs/local-draft';
import { createBlogEditor } from '../../stores/blog-editor/create-blog-editor';
import { hasUnsavedChanges, pictureUrl } from '../../stores/blog-editor/state';
import {
  useBlobUrlCleanup,
  useDraftAutosave,
  useDraftFlush,
  useEditorLoad,
  useLeaveWarning,
  useOtherTabWatch,
  useStoredPictureUrls,
} from './editor-hooks';

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

/** Focuses the field named `field` in the form and brings it into view. */
function focusField(form: HTMLFormElement | null, field: BlogFormField): void {
  const element = form?.querySelector<HTMLElement>(`[name="${field}"]`);
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

export function useBlogEditor({ user, initialId, onIdAssigned, onClosed, formElement }: Options) {
  const uid = user.uid;
  // The newest props for the store, which lives longer than a render.
  const latest = useRef({ user, onIdAssigned, onClosed });
  latest.current = { user, onIdAssigned, onClosed };
  const editor = useMemo(
    () =>
      createBlogEditor({
        uid,
        initialId,
        emailVerified: () => latest.current.user.emailVerified,
        onIdAssigned: (id) => latest.current.onIdAssigned(id),
        onClosed: () => latest.current.onClosed(),
        confirm: (question) => window.confirm(question),
        focusField: (field) => focusField(formElement.current, field),
      }),
    [uid, initialId, formElement],
  );
  const values = useStore(editor.$editor);
  const key = blogDraftKey(uid, values.blogId);
  const dirty = hasUnsavedChanges(values);

  useEditorLoad(editor);
  useDraftAutosave(editor, values, key);
  useDraftFlush(editor);
  useLeaveWarning(dirty);
  useOtherTabWatch(editor, key);
  useStoredPictureUrls(editor, values);
  useBlobUrlCleanup(editor);

  const { form, pending, urls, stored } = values;
  const images = form.images;
  /** The URL the preview shows picture `slot` at (a new one only when the pictures change, not with each keystroke). */
  const imageUrl = useCallback((slot: number) => pictureUrl({ images, pending, urls }, slot), [images, pending, urls]);

  return {
    phase: values.phase,
    retry: editor.retry,
    stored,
    blogState: stored ? blogStatus(stored) : null,
    form,
    errors: values.errors,
    pictureError: values.pictureError,
    message: values.message,
    busy: values.busy,
    dirty,
    offer: values.offer,
    orphanDraft: values.orphanDraft,
    conflict: values.conflict,
    otherTab: values.otherTab,
    pending,
    cursor: values.cursor,
    clearCursor: editor.clearCursor,
    restore: editor.restore,
    discardDraft: editor.discardDraft,
    takeOtherTab: editor.takeOtherTab,
    dismissOtherTab: editor.dismissOtherTab,
    keepOrphanAsNew: editor.keepOrphanAsNew,
    setField: editor.setField,
    addPictures: editor.addPictures,
    insertPicture: editor.insertPicture,
    removePicture: editor.removePicture,
    imageUrl,
    save: editor.save,
    loadTheirs: editor.loadTheirs,
    remove: editor.remove,
  };
}

export type BlogEditorState = ReturnType<typeof useBlogEditor>;
