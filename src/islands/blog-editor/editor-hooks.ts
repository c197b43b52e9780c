/**
 * What ties an open blog editor's store (src/stores/blog-editor/) to React
 * and the page: loading when it opens, the local draft kept 500 ms after
 * the last change and at once when the page is hidden or left, the
 * browser's "leave this page?" while something is unsaved, another tab
 * typing into the same draft, the stored pictures' display URLs, and the
 * blob URLs that go with the editor. Each hook only calls the store's
 * actions.
 */
import { useEffect } from 'react';
import { isBlogDraft } from '../../lib/blogs/local-draft';
import { watchLocalDraft } from '../../lib/forms/local-draft';
import type { BlogEditorStore } from '../../stores/blog-editor/create-blog-editor';
import type { EditorValues } from '../../stores/blog-editor/state';

/** Loads the blog when the editor opens; a load still under way when it closes changes nothing. */
export function useEditorLoad(editor: BlogEditorStore): void {
  useEffect(() => {
    void editor.load();
    return editor.stopLoading;
  }, [editor]);
}

/** Autosave of the local draft, 500 ms after the last change. */
export function useDraftAutosave(editor: BlogEditorStore, values: EditorValues, draftKey: string): void {
  const { form, phase, stored, base } = values;
  useEffect(() => {
    if (phase !== 'ready') return;
    const timer = setTimeout(editor.persistDraft, 500);
    return () => clearTimeout(timer);
  }, [editor, form, phase, draftKey, stored, base]);
}

/**
 * A tab being hidden or closed may never come back (a crash, the phone
 * killing it): the draft is saved at once. Leaving the editor for the list
 * within the page saves the last keystrokes too.
 */
export function useDraftFlush(editor: BlogEditorStore): void {
  useEffect(() => {
    const persist = editor.persistDraft;
    const flush = () => {
      if (document.visibilityState !== 'visible') persist();
    };
    window.addEventListener('pagehide', persist);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', persist);
      document.removeEventListener('visibilitychange', flush);
      persist();
    };
  }, [editor]);
}

/** The browser's own "leave this page?" while something is unsaved (the local draft keeps it either way). */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** Another tab typing into the same draft (the storage event). */
export function useOtherTabWatch(editor: BlogEditorStore, draftKey: string): void {
  useEffect(
    () =>
      watchLocalDraft(draftKey, isBlogDraft, (record) => {
        if (record) editor.noticeOtherTab(record.value);
      }),
    [editor, draftKey],
  );
}

/** Display URLs of the stored pictures the form shows (the owner's download URLs), asked for once each. */
export function useStoredPictureUrls(editor: BlogEditorStore, values: EditorValues): void {
  const { form, stored, pending } = values;
  useEffect(() => editor.loadPictureUrls(), [editor, form.images, stored, pending]);
}

/** Blob URLs go with the editor. */
export function useBlobUrlCleanup(editor: BlogEditorStore): void {
  useEffect(() => editor.revokePictureUrls, [editor]);
}
